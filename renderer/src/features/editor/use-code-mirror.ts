// What the editor's two CodeMirror views share: made once on a host element with Ctrl/⌘+S, the
// read-only switch, the accessible name and the change listener; a text from outside replaces the
// document; destroyed with the component. Each view brings its own language, lint or completion.
import { Compartment, EditorState, type Extension } from '@codemirror/state';
import { EditorView, keymap } from '@codemirror/view';
import { useEffect, useRef, type RefObject } from 'react';

const editableState = (readOnly: boolean) => [
  EditorState.readOnly.of(readOnly),
  EditorView.editable.of(!readOnly),
];

export function useCodeMirror(options: {
  value: string;
  readOnly: boolean;
  onChange(text: string): void;
  /** Ctrl/Cmd+S. */
  onSave(): void;
  /** The editable area's attributes (`aria-label`, `aria-describedby`…). */
  attributes: Record<string, string>;
  /** This view's own extensions; read once, when the view is made. */
  extensions: () => Extension[];
}): RefObject<HTMLDivElement | null> {
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView | null>(null);
  const latest = useRef(options);
  const editable = useRef(new Compartment());

  useEffect(() => {
    latest.current = options;
  });

  useEffect(() => {
    const { value, readOnly, attributes, extensions } = latest.current;
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
          ...extensions(),
          EditorView.lineWrapping,
          editable.current.of(editableState(readOnly)),
          EditorView.contentAttributes.of({ 'aria-multiline': 'true', ...attributes }),
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
  }, []);

  // A new text from outside (revert, a save, "take theirs", a change on disk) replaces the document.
  useEffect(() => {
    const current = view.current;
    if (!current || current.state.doc.toString() === options.value) return;
    current.dispatch({ changes: { from: 0, to: current.state.doc.length, insert: options.value } });
  }, [options.value]);

  useEffect(() => {
    view.current?.dispatch({ effects: editable.current.reconfigure(editableState(options.readOnly)) });
  }, [options.readOnly]);

  return host;
}
