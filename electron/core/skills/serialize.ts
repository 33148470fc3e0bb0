import { isMap, isScalar } from 'yaml';
import { AppError } from '../../../shared/ipc/result';
import { NAMESPACE_KEY, NAMESPACED } from './fields';
import { splitSkillFile, type SplitSkillFile } from './parse';

export interface SkillEdit {
  /**
   * Fields to set; `undefined` removes the field. Other fields, comments and order stay. A Skilldeck
   * field the file keeps under `metadata.skilldeck` (and not at the top level) is set there; others
   * (new ones too) at the top level.
   */
  fields?: Record<string, unknown>;
  /** Keys under `config:` (wherever the file keeps it) to set; `undefined` removes the key. */
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
  const remove = (path: readonly string[]) => {
    if (doc.hasIn(path)) doc.deleteIn(path);
  };
  const set = (path: readonly string[], value: unknown) => {
    if (value === undefined) return remove(path);
    const node = doc.getIn(path, true);
    const primitive = value === null || typeof value !== 'object';
    // changing a scalar in place keeps its quoting style and its comments
    if (primitive && isScalar(node)) node.value = value;
    else doc.setIn(path, doc.createNode(value));
  };
  // A Skilldeck field is written where the file keeps it: at the top level when it is there, under
  // `metadata.skilldeck` when it is only there (a top-level copy would shadow it with a duplicate-field
  // warning). A new one goes under `metadata.skilldeck` (the Agent Skills spec's place: --strict passes),
  // unless the file keeps such fields at the top level and has no `metadata.skilldeck`.
  const namespace = ['metadata', NAMESPACE_KEY];
  const metadataNode = doc.get('metadata', true);
  const namespaceNode = doc.getIn(namespace, true);
  const canNest =
    (metadataNode === undefined || isMap(metadataNode)) &&
    (namespaceNode === undefined || isMap(namespaceNode));
  const newAtTop = !canNest || (namespaceNode === undefined && [...NAMESPACED].some((key) => doc.has(key)));
  const pathOf = (key: string) => {
    if (!NAMESPACED.has(key) || doc.has(key)) return [key];
    if (doc.hasIn([...namespace, key])) return [...namespace, key];
    return newAtTop ? [key] : [...namespace, key];
  };
  const emptied = (path: readonly string[]) => {
    const node = doc.getIn(path, true);
    if (isMap(node) && node.items.length === 0) doc.deleteIn(path);
  };
  for (const [key, value] of Object.entries(edit.fields ?? {})) {
    if (value === undefined && NAMESPACED.has(key)) {
      // removed wherever it is: a nested copy left behind would take over
      remove([key]);
      remove(['metadata', NAMESPACE_KEY, key]);
    } else set(pathOf(key), value);
  }
  if (edit.config) {
    const configPath = pathOf('config');
    for (const [key, value] of Object.entries(edit.config)) set([...configPath, key], value);
    emptied(configPath);
  }
  if (edit.fields || edit.config) {
    // containers the edit emptied go too (`skilldeck: {}` says nothing)
    if (doc.hasIn(['metadata', NAMESPACE_KEY])) {
      emptied(['metadata', NAMESPACE_KEY]);
      if (!doc.hasIn(['metadata', NAMESPACE_KEY])) emptied(['metadata']);
    }
  }
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

/** A new SKILL.md from scratch, in the same shape the app writes (Skilldeck's fields under `metadata.skilldeck`). */
export function renderSkillText(fields: Record<string, unknown>, body: string): string {
  return editSkillText('---\n---\n', { fields, body: body.endsWith('\n') ? body : `${body}\n` });
}
