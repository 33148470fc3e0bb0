import {
  autocompletion,
  type Completion,
  type CompletionContext,
  type CompletionResult,
} from '@codemirror/autocomplete';
import { markdown } from '@codemirror/lang-markdown';
import { Compartment, EditorState } from '@codemirror/state';
import {
  Decoration,
  EditorView,
  MatchDecorator,
  ViewPlugin,
  keymap,
  placeholder as emptyText,
  type DecorationSet,
  type ViewUpdate,
} from '@codemirror/view';
import { minimalSetup } from 'codemirror';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { placeholderOptions, typedPlaceholderStart, type PlaceholderOption } from './placeholders';

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
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView | null>(null);
  const { t } = useTranslation('editor');
  const latest = useRef({ onChange, onSave, configKeys, argumentNames, t });
  const editable = useRef(new Compartment());

  useEffect(() => {
    latest.current = { onChange, onSave, configKeys, argumentNames, t };
  });

  useEffect(() => {
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

    const created = new EditorView({
      parent: host.current!,
      state: EditorState.create({
        doc: value,
        extensions: [
          keymap.of([
            {
              key: 'Mod-s',
              preventDefault: true,
              run: () => {
                latest.current.onSave();
                return true;
              },
            },
          ]),
          minimalSetup,
          markdown(),
          autocompletion({ override: [complete], icons: false }),
          markPlaceholders,
          EditorView.lineWrapping,
          emptyText(latest.current.t('form.instructionsEmpty')),
          editable.current.of([EditorState.readOnly.of(readOnly), EditorView.editable.of(!readOnly)]),
          EditorView.contentAttributes.of({
            'aria-label': label,
            'aria-multiline': 'true',
            ...(describedBy ? { 'aria-describedby': describedBy } : {}),
          }),
          EditorView.updateListener.of((update) => {
            if (update.docChanged) latest.current.onChange(update.state.doc.toString());
          }),
        ],
      }),
    });
    view.current = created;
    return () => {
      created.destroy();
      view.current = null;
    };
    // The view is made once; later values and the read-only state are dispatched below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // A new text from outside (revert, a save, a change on disk) replaces the document.
  useEffect(() => {
    const current = view.current;
    if (!current || current.state.doc.toString() === value) return;
    current.dispatch({ changes: { from: 0, to: current.state.doc.length, insert: value } });
  }, [value]);

  useEffect(() => {
    view.current?.dispatch({
      effects: editable.current.reconfigure([
        EditorState.readOnly.of(readOnly),
        EditorView.editable.of(!readOnly),
      ]),
    });
  }, [readOnly]);

  return <div ref={host} className="instructions-editor" data-testid="instructions-editor" />;
}
