import { markdown } from '@codemirror/lang-markdown';
import { yamlFrontmatter } from '@codemirror/lang-yaml';
import { lintGutter, setDiagnostics } from '@codemirror/lint';
import { Compartment, EditorState } from '@codemirror/state';
import { EditorView, keymap } from '@codemirror/view';
import { basicSetup } from 'codemirror';
import { useEffect, useRef } from 'react';
import type { TextDiagnostic } from './findings';

/**
 * CodeMirror 6 on SKILL.md: the frontmatter highlighted as YAML, the body as Markdown
 * (`yamlFrontmatter` of @codemirror/lang-yaml around `markdown()`), findings as lint diagnostics.
 */
export function RawEditor({
  value,
  onChange,
  onSave,
  diagnostics,
  readOnly,
  label,
}: {
  value: string;
  onChange(text: string): void;
  /** Ctrl/Cmd+S. */
  onSave(): void;
  diagnostics: readonly TextDiagnostic[];
  readOnly: boolean;
  label: string;
}) {
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView | null>(null);
  const callbacks = useRef({ onChange, onSave });
  const editable = useRef(new Compartment());

  useEffect(() => {
    callbacks.current = { onChange, onSave };
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
    // The view is made once; later values, read-only state and findings are dispatched below.
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

  useEffect(() => {
    const current = view.current;
    if (!current) return;
    const length = current.state.doc.length;
    current.dispatch(
      setDiagnostics(
        current.state,
        diagnostics.map((d) => ({ ...d, from: Math.min(d.from, length), to: Math.min(d.to, length) })),
      ),
    );
  }, [diagnostics]);

  return <div ref={host} className="raw-editor" data-testid="raw-editor" />;
}
