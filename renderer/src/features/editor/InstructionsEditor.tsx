import {
  autocompletion,
  type Completion,
  type CompletionContext,
  type CompletionResult,
} from '@codemirror/autocomplete';
import { markdown } from '@codemirror/lang-markdown';
import type { EditorView } from '@codemirror/view';
import {
  Decoration,
  MatchDecorator,
  ViewPlugin,
  placeholder as emptyText,
  type DecorationSet,
  type ViewUpdate,
} from '@codemirror/view';
import { minimalSetup } from 'codemirror';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { placeholderOptions, typedPlaceholderStart, type PlaceholderOption } from './placeholders';
import { useCodeMirror } from './use-code-mirror';

// The placeholders the engine fills, marked in the text so they stand out from the prose.
const PLACEHOLDER_TEXT =
  /\{\{\s*[A-Za-z_][\w.-]*\s*\}\}|\$ARGUMENTS(?:\[\d+\])?|\$\{CLAUDE_SKILL_DIR\}|\{baseDir\}|\$\d+|\$[A-Za-z_]\w*/g;
const placeholderMarks = new MatchDecorator({
  regexp: PLACEHOLDER_TEXT,
  decoration: Decoration.mark({ class: 'cm-skill-placeholder' }),
});
const markPlaceholders = ViewPlugin.fromClass(
  class {
    decorations: DecorationSet;
    constructor(view: EditorView) {
      this.decorations = placeholderMarks.createDeco(view);
    }
    update(update: ViewUpdate) {
      this.decorations = placeholderMarks.updateDeco(update, this.decorations);
    }
  },
  { decorations: (plugin) => plugin.decorations },
);

/**
 * The skill's instructions (SKILL.md's body) in CodeMirror 6 with Markdown, offering the placeholders the
 * engine fills while one is typed (`{{`, `$`, `{`) or on Ctrl+Space: the data placeholders, this skill's
 * config keys and its arguments as the form has them now.
 */
export function InstructionsEditor({
  value,
  onChange,
  onSave,
  readOnly,
  label,
  describedBy,
  configKeys,
  argumentNames,
}: {
  value: string;
  onChange(text: string): void;
  /** Ctrl/Cmd+S. */
  onSave(): void;
  readOnly: boolean;
  /** The editable area's accessible name. */
  label: string;
  describedBy?: string;
  configKeys: readonly string[];
  argumentNames: readonly string[];
}) {
  const { t } = useTranslation('editor');
  const latest = useRef({ configKeys, argumentNames, t });

  useEffect(() => {
    latest.current = { configKeys, argumentNames, t };
  });

  const complete = (context: CompletionContext): CompletionResult | null => {
    const line = context.state.doc.lineAt(context.pos);
    const before = context.state.sliceDoc(line.from, context.pos);
    const start = typedPlaceholderStart(before);
    if (start === null && !context.explicit) return null;
    const { configKeys: keys, argumentNames: names, t: say } = latest.current;
    const option = (o: PlaceholderOption): Completion => ({
      label: o.label,
      detail: say(`placeholders.${o.describe}`, o.values ?? {}),
      type: o.kind === 'config' ? 'property' : o.kind === 'argument' ? 'variable' : 'constant',
      boost: o.kind === 'config' ? 1 : 0,
    });
    return {
      from: start === null ? context.pos : line.from + start,
      options: placeholderOptions({ configKeys: keys, argumentNames: names }).map(option),
      validFor: /^[{$][\w{}.[\]$-]*$/,
    };
  };

  const host = useCodeMirror({
    value,
    readOnly,
    onChange,
    onSave,
    attributes: { 'aria-label': label, ...(describedBy ? { 'aria-describedby': describedBy } : {}) },
    extensions: () => [
      minimalSetup,
      markdown(),
      autocompletion({ override: [complete], icons: false }),
      markPlaceholders,
      emptyText(latest.current.t('form.instructionsEmpty')),
    ],
  });

  return <div ref={host} className="instructions-editor" data-testid="instructions-editor" />;
}
