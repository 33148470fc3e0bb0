import { LineCounter, parseDocument, type Document } from 'yaml';
import { findingWords } from './finding-words';
import { yamlProblem } from './yaml-problems';
import { parseSimpleYaml, type SimpleYaml } from './simple-yaml';
import type { Finding } from './types';

export const MAX_SKILL_FILE_BYTES = 1024 * 1024;
/** Aliases expanded when turning YAML into data: enough for real files, not for a billion laughs. */
export const MAX_ALIAS_COUNT = 100;

/** A SKILL.md split into its parts, with what is needed to point at lines and to write it back. */
export interface SplitSkillFile {
  hasBom: boolean;
  eol: '\n' | '\r\n';
  /** The YAML between the `---` lines (LF line ends). */
  yamlText: string;
  doc: Document.Parsed;
  /** File line (1-based) of a YAML offset. */
  lineAt(offset: number): number;
  /** File line of the value (or key) at `path` in the frontmatter, when it exists. */
  lineOf(path: readonly (string | number)[]): number | undefined;
  data: unknown;
  body: string;
  bodyLine: number;
}

export type SplitResult =
  | { ok: true; file: SplitSkillFile; findings: Finding[] }
  | { ok: false; findings: Finding[]; body: string; bodyLine: number };

// ignoreBOM keeps a BOM in the text: the split tolerates it, strict mode reports it
const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/** Decodes a SKILL.md: size, NUL and UTF-8 checks come first and are cheap. */
export function decodeSkillFile(raw: Uint8Array, file: string): { text: string } | { finding: Finding } {
  if (raw.byteLength > MAX_SKILL_FILE_BYTES) {
    return {
      finding: {
        code: 'file-too-large',
        severity: 'error',
        message: `SKILL.md is ${raw.byteLength} bytes; the limit is 1 MiB (1048576). Move long material into references/ files.`,
        words: findingWords('fileTooLarge', { bytes: raw.byteLength }),
        file,
      },
    };
  }
  if (raw.includes(0)) {
    return {
      finding: {
        code: 'nul-bytes',
        severity: 'error',
        message: 'SKILL.md contains NUL bytes: it is not a text file',
        words: findingWords('nulBytes'),
        file,
      },
    };
  }
  try {
    return { text: utf8.decode(raw) };
  } catch {
    return {
      finding: {
        code: 'not-utf8',
        severity: 'error',
        message: 'SKILL.md is not valid UTF-8: save it as UTF-8',
        words: findingWords('notUtf8'),
        file,
      },
    };
  }
}

/**
 * Splits frontmatter (between a `---` first line and the next `---` line) from the body, and parses the
 * YAML with the core schema, no custom tags and unique keys.
 */
export function splitSkillFile(text: string, file: string): SplitResult {
  const hasBom = text.charCodeAt(0) === 0xfeff;
  if (hasBom) text = text.slice(1);
  const firstBreak = text.indexOf('\n');
  const eol = firstBreak > 0 && text.charCodeAt(firstBreak - 1) === 13 ? '\r\n' : '\n';
  const firstLine = firstBreak < 0 ? text : text.slice(0, firstBreak);
  if (firstLine.trimEnd() !== '---') {
    return {
      ok: false,
      body: text,
      bodyLine: 1,
      findings: [
        {
          code: 'no-frontmatter',
          severity: 'error',
          message:
            'no frontmatter: the file must start with a line `---`, then `name:` and `description:`, then `---`',
          words: findingWords('noFrontmatter'),
          file,
          line: 1,
        },
      ],
    };
  }
  // find the closing `---` line without splitting the (possibly long) body into lines
  let close = -1;
  let closeLine = 2;
  let closeEnd = text.length;
  for (let pos = firstBreak < 0 ? text.length : firstBreak + 1; pos < text.length; closeLine++) {
    const br = text.indexOf('\n', pos);
    const lineEnd = br < 0 ? text.length : br;
    if (text.charCodeAt(pos) === 45 && text.slice(pos, lineEnd).trimEnd() === '---') {
      close = pos;
      closeEnd = br < 0 ? text.length : br + 1;
      break;
    }
    if (br < 0) break;
    pos = br + 1;
  }
  if (close < 0) {
    return {
      ok: false,
      body: '',
      bodyLine: closeLine + 1,
      findings: [
        {
          code: 'unterminated-frontmatter',
          severity: 'error',
          message: 'the frontmatter opened on line 1 is never closed by a line `---`',
          words: findingWords('unterminatedFrontmatter'),
          file,
          line: 1,
        },
      ],
    };
  }
  const toLf = (t: string) => (t.includes('\r') ? t.replace(/\r\n/g, '\n') : t);
  // the YAML is the lines between, without the line break before the closing `---`
  const yamlText = toLf(text.slice(firstBreak + 1, Math.max(firstBreak + 1, close - 1))).replace(/\r$/, '');
  const body = toLf(text.slice(closeEnd));
  const bodyLine = closeLine + 1;
  const simple = parseSimpleYaml(yamlText);
  if (simple)
    return {
      ok: true,
      file: new SimpleSplitFile(simple, hasBom, eol, yamlText, body, bodyLine),
      findings: [],
    };

  const { doc, lineAt, lineOf, columnAt } = parseFrontmatterYaml(yamlText);
  const findings: Finding[] = [];
  if (doc.errors.length > 0) {
    // one mistake often makes the parser report two or three errors on its line: say the first
    const lines = new Set<number>();
    for (const e of doc.errors) {
      const line = lineAt(e.pos[0]);
      if (lines.has(line)) continue;
      lines.add(line);
      findings.push({
        code: 'yaml-error',
        severity: 'error',
        ...yamlProblem(e, columnAt(e.pos[0])),
        file,
        line,
      });
      if (findings.length === 3) break;
    }
    return { ok: false, body, bodyLine, findings };
  }
  for (const w of doc.warnings) {
    const detail = w.message.split('\n')[0]!;
    findings.push({
      code: 'yaml-warning',
      severity: 'warning',
      message: `YAML: ${detail}`,
      words: findingWords('yamlWarning', { detail }),
      file,
      line: lineAt(w.pos[0]),
    });
  }
  let data: unknown;
  try {
    data = doc.toJS({ maxAliasCount: MAX_ALIAS_COUNT });
  } catch (error) {
    const detail = (error as Error).message;
    return {
      ok: false,
      body,
      bodyLine,
      findings: [
        {
          code: 'yaml-error',
          severity: 'error',
          message: `YAML error: ${detail}`,
          words: findingWords('yamlError', { detail }),
          file,
          line: 2,
        },
      ],
    };
  }
  // an empty frontmatter (or one with only comments) is an empty mapping: the fields are what is missing
  if ((data === null || data === undefined) && doc.contents === null) data = {};
  if (data === null || data === undefined || typeof data !== 'object' || Array.isArray(data)) {
    return {
      ok: false,
      body,
      bodyLine,
      findings: [
        {
          code: 'frontmatter-not-mapping',
          severity: 'error',
          message: 'the frontmatter must be a mapping of `key: value` lines (e.g. `name: my-skill`)',
          words: findingWords('frontmatterNotMapping'),
          file,
          line: 2,
        },
      ],
    };
  }
  return { ok: true, file: { hasBom, eol, yamlText, doc, lineAt, lineOf, data, body, bodyLine }, findings };
}

const YAML_OPTIONS = { prettyErrors: false, uniqueKeys: true, customTags: [] };

/** The `yaml` Document of the frontmatter, and lines of its nodes as lines of the file. */
export function parseFrontmatterYaml(yamlText: string) {
  const lineCounter = new LineCounter();
  const doc = parseDocument(yamlText, { ...YAML_OPTIONS, lineCounter });
  // frontmatter line n is file line n + 1 (the opening `---` is line 1)
  const lineAt = (offset: number) => lineCounter.linePos(offset).line + 1;
  const columnAt = (offset: number) => lineCounter.linePos(offset).col;
  const lineOf = (path: readonly (string | number)[]) => {
    const node = doc.getIn(path, true) as { range?: [number, number, number] } | undefined;
    if (node?.range) return lineAt(node.range[0]);
    // a key whose value is empty/null: point at the key
    const parent = path.length > 1 ? doc.getIn(path.slice(0, -1), true) : doc.contents;
    const items = (
      parent as { items?: { key?: { value?: unknown; range?: [number, number, number] } }[] } | null
    )?.items;
    const pair = items?.find((p) => p.key?.value === path[path.length - 1]);
    return pair?.key?.range ? lineAt(pair.key.range[0]) : undefined;
  };
  return { doc, lineAt, lineOf, columnAt };
}

/**
 * A split file read by the fast path: the YAML Document is only built if someone asks for it. A class, not
 * an object literal with a getter: V8 builds such literals slowly, and the registry makes one per skill.
 */
class SimpleSplitFile implements SplitSkillFile {
  readonly data: unknown;
  #full: ReturnType<typeof parseFrontmatterYaml> | undefined;

  constructor(
    private readonly simple: SimpleYaml,
    readonly hasBom: boolean,
    readonly eol: '\n' | '\r\n',
    readonly yamlText: string,
    readonly body: string,
    readonly bodyLine: number,
  ) {
    this.data = simple.data;
  }

  private parsed() {
    return (this.#full ??= parseFrontmatterYaml(this.yamlText));
  }

  get doc() {
    return this.parsed().doc;
  }

  lineAt = (offset: number) => this.parsed().lineAt(offset);

  lineOf = (path: readonly (string | number)[]) => {
    const line = this.simple.lines.get(path.join('.'));
    return line !== undefined ? line + 2 : this.parsed().lineOf(path);
  };
}
