import { markdown } from '@codemirror/lang-markdown';
import { yamlFrontmatter } from '@codemirror/lang-yaml';
import { linter, lintGutter } from '@codemirror/lint';
import { Compartment, EditorState } from '@codemirror/state';
import { EditorView, keymap } from '@codemirror/view';
import { basicSetup } from 'codemirror';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { Finding } from '../../../../shared/types/finding';
import { findingDiagnostics } from './findings';

/** Quiet time after typing before the text is checked. */
const LINT_DELAY_MS = 300;

/**
 * CodeMirror 6 on SKILL.md: the frontmatter highlighted as YAML, the body as Markdown
 * (`yamlFrontmatter` of @codemirror/lang-yaml around `markdown()`), findings as lint diagnostics: as
 * you type, `lint` checks the text (the core's `skills:check`) 300 ms after the last change.
 */
export function RawEditor({
  value,
  onChange,
  onSave,
  lint,
  readOnly,
  label,
}: {
  value: string;
  onChange(text: string): void;
  /** Ctrl/Cmd+S. */
  onSave(): void;
  /** The findings of the text as SKILL.md (a stale answer is dropped by the linter). */
  lint(text: string): Promise<readonly Finding[]>;
  readOnly: boolean;
  label: string;
}) {
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView | null>(null);
  const { i18n } = useTranslation();
  const callbacks = useRef({ onChange, onSave, lint, i18n });
  const editable = useRef(new Compartment());

  useEffect(() => {
    callbacks.current = { onChange, onSave, lint, i18n };
  });

  useEffect(() => {
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
                callbacks.current.onSave();
                return true;
              },
            },
          ]),
          basicSetup,
          yamlFrontmatter({ content: markdown() }),
          linter(
            async (lintView) => {
              const text = lintView.state.doc.toString();
              const findings = await callbacks.current.lint(text);
              return findingDiagnostics(text, findings, callbacks.current.i18n);
            },
            { delay: LINT_DELAY_MS },
          ),
          lintGutter(),
          EditorView.lineWrapping,
          editable.current.of([EditorState.readOnly.of(readOnly), EditorView.editable.of(!readOnly)]),
          EditorView.contentAttributes.of({ 'aria-label': label, 'aria-multiline': 'true' }),
          EditorView.updateListener.of((update) => {
            if (update.docChanged) callbacks.current.onChange(update.state.doc.toString());
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

  // A new text from outside (a save, "take theirs", a change on disk) replaces the document.
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

  return <div ref={host} className="raw-editor" data-testid="raw-editor" />;
}
