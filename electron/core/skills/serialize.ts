import { isMap, isScalar } from 'yaml';
import { AppError } from '../../../shared/ipc/result';
import { splitSkillFile, type SplitSkillFile } from './parse';

export interface SkillEdit {
  /** Top-level fields to set; `undefined` removes the field. Other fields, comments and order stay. */
  fields?: Record<string, unknown>;
  /** Keys under `config:` to set; `undefined` removes the key. */
  config?: Record<string, unknown>;
  /** The new body (system prompt); unchanged when absent. */
  body?: string;
}

/**
 * Applies an edit to a SKILL.md's text through yaml's Document API, so comments, key order, quoting
 * and the file's line ends and BOM are kept. Refuses (AppError INVALID_INPUT) a file whose frontmatter
 * cannot be read: rewriting it would lose what the user wrote.
 */
export function editSkillText(text: string, edit: SkillEdit, file = 'SKILL.md'): string {
  const split = splitSkillFile(text, file);
  if (!split.ok) {
    throw new AppError(
      'INVALID_INPUT',
      `cannot edit ${file} field by field: ${split.findings[0]!.message}. Fix it in the raw editor.`,
    );
  }
  const { doc, eol, hasBom } = split.file;
  const set = (path: string[], value: unknown) => {
    if (value === undefined) return void doc.deleteIn(path);
    const node = doc.getIn(path, true);
    const primitive = value === null || typeof value !== 'object';
    // changing a scalar in place keeps its quoting style and its comments
    if (primitive && isScalar(node)) node.value = value;
    else doc.setIn(path, doc.createNode(value));
  };
  for (const [key, value] of Object.entries(edit.fields ?? {})) set([key], value);
  for (const [key, value] of Object.entries(edit.config ?? {})) set(['config', key], value);
  const config = doc.get('config', true);
  if (edit.config && isMap(config) && config.items.length === 0) doc.delete('config');
  return assembleSkillText({ doc, eol, hasBom }, edit.body ?? split.file.body);
}

/**
 * A SKILL.md from its edited YAML Document and body, in the original file's line ends and BOM. Long
 * strings are never folded and flow collections keep the compact `[a, b]` most files use.
 */
export function assembleSkillText(
  file: Pick<SplitSkillFile, 'doc' | 'eol' | 'hasBom'>,
  body: string,
): string {
  let yamlText =
    file.doc.contents === null ? '' : file.doc.toString({ lineWidth: 0, flowCollectionPadding: false });
  if (yamlText.trim() === '') yamlText = '';
  const out = `---\n${yamlText}---\n${body}`;
  return (file.hasBom ? '\uFEFF' : '') + (file.eol === '\r\n' ? out.replace(/\r?\n/g, '\r\n') : out);
}

/** A new SKILL.md from scratch, in the same shape the app writes. */
export function renderSkillText(fields: Record<string, unknown>, body: string): string {
  return editSkillText('---\n---\n', { fields, body: body.endsWith('\n') ? body : `${body}\n` });
}
