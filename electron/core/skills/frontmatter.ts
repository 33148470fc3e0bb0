import { parseDocument } from 'yaml';

export interface Frontmatter {
  data: Record<string, unknown> | null;
  body: string;
  /** Why the frontmatter could not be read; empty when it could. */
  problems: string[];
}

const MAX_BYTES = 1024 * 1024;

/**
 * Splits `---` frontmatter from the body (BOM and CRLF tolerated) and parses it with `yaml`.
 * The full validator comes with the skills registry; this reads what `skills:list` needs.
 */
export function readFrontmatter(raw: Buffer | string): Frontmatter {
  if (typeof raw !== 'string' && raw.byteLength > MAX_BYTES) {
    return { data: null, body: '', problems: [`file is larger than 1 MiB (${raw.byteLength} bytes)`] };
  }
  let text = typeof raw === 'string' ? raw : raw.toString('utf8');
  if (text.includes('\0')) return { data: null, body: '', problems: ['file contains NUL bytes: not a text file'] };
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  const lines = text.split(/\r?\n/);
  if (lines[0]?.trimEnd() !== '---') {
    return { data: null, body: text, problems: ['no frontmatter: the file must start with a line `---`'] };
  }
  const end = lines.findIndex((l, i) => i > 0 && l.trimEnd() === '---');
  if (end < 0) return { data: null, body: '', problems: ['frontmatter is not closed by a line `---`'] };
  const yamlText = lines.slice(1, end).join('\n');
  const body = lines.slice(end + 1).join('\n');
  const doc = parseDocument(yamlText, { customTags: [], prettyErrors: true });
  if (doc.errors.length > 0) {
    const e = doc.errors[0]!;
    const line = e.linePos?.[0].line;
    return {
      data: null,
      body,
      problems: [`YAML error${line !== undefined ? ` at line ${line + 1}` : ''}: ${e.message.split('\n')[0]}`],
    };
  }
  const data: unknown = doc.toJS({ maxAliasCount: 100 });
  if (data === null || typeof data !== 'object' || Array.isArray(data)) {
    return { data: null, body, problems: ['frontmatter must be a mapping of `key: value` lines'] };
  }
  return { data: data as Record<string, unknown>, body, problems: [] };
}
