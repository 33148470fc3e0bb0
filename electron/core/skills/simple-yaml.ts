/**
 * A fast reader for the frontmatter most skills have: `key: value` lines with plain text values or quoted
 * ones on one line (double quotes without escapes, single quotes with `''`), literal and folded block
 * scalars (`description: |`, `|-`, `>`, `>-` with indented lines under them), and mappings nested to any
 * depth by indentation (`metadata:` then indented `key: value` lines). It returns null — and the caller
 * uses the `yaml` package — for anything else: escapes, lists, flow collections, anchors, tags, tabs,
 * comments after values, plain values over several lines, `|+`, block scalars starting with an empty line
 * or with more-indented lines in a folded one, duplicate keys, and any value YAML would read as other than
 * a string (null, booleans, numbers). Whatever it accepts, `yaml` reads the same (property-tested).
 */
export interface SimpleYaml {
  data: Record<string, unknown>;
  /** `key`, `key.sub`, `key.sub.deeper` → 0-based line within the YAML text. */
  lines: Map<string, number>;
}

const KEY = /^([A-Za-z_][A-Za-z0-9_-]*):(?: (.*))?$/;
// YAML 1.2 core schema: these plain scalars are not strings
const NOT_A_STRING =
  /^(?:~|null|Null|NULL|true|True|TRUE|false|False|FALSE|[-+]?[0-9]+|0o[0-7]+|0x[0-9a-fA-F]+|[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)(?:[eE][-+]?[0-9]+)?|[-+]?\.(?:inf|Inf|INF)|\.(?:nan|NaN|NAN))$/;

// control characters (and the BOM) are left to the yaml package, which knows where each is allowed
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL_CHARACTER = /[\u0000-\u001f\u007f\ufeff]/;
const hasControlCharacter = (value: string) => CONTROL_CHARACTER.test(value);

/**
 * A quoted scalar on one line, nothing after its closing quote: `"…"` without a backslash or another
 * double quote inside, `'…'` with `''` for a quote. Null for anything else (escapes, a comment after it).
 */
function quotedString(value: string): string | null {
  const quote = value[0]!;
  if (value.length < 2 || value.at(-1) !== quote) return null;
  const inner = value.slice(1, -1);
  if (hasControlCharacter(inner)) return null;
  if (quote === '"') return inner.includes('"') || inner.includes('\\') ? null : inner;
  return inner.replaceAll("''", '').includes("'") ? null : inner.replaceAll("''", "'");
}

/** A plain or simply quoted scalar that YAML reads as exactly this string, or null when unsure. */
function plainString(raw: string | undefined): string | null {
  if (raw === undefined) return null;
  const value = raw.trimEnd();
  if (value === '' || /^\s/.test(value)) return null;
  if (value[0] === '"' || value[0] === "'") return quotedString(value);
  if (/^[-?:,[\]{}#&*!|>'"%@`]/.test(value)) return null;
  if (value.includes(': ') || value.includes(' #') || value.endsWith(':') || hasControlCharacter(value))
    return null;
  if (NOT_A_STRING.test(value)) return null;
  return value;
}

/**
 * The block scalar whose lines start at `rows[start]` under a key indented `parentIndent`: its value and
 * the row after it, or null when YAML's finer rules would decide (see parseSimpleYaml).
 */
function blockScalar(
  rows: readonly string[],
  start: number,
  parentIndent: number,
  folded: boolean,
  strip: boolean,
): { value: string; next: number } | null {
  let indent = -1;
  const content: string[] = [];
  let next = start;
  for (; next < rows.length; next++) {
    const row = rows[next]!;
    if (row.includes('\t')) return null;
    const trimmed = row.trimStart();
    if (trimmed === '') {
      // an empty line before the first one, or one with spaces past the indentation (they are content)
      if (indent < 0 || row.length > indent) return null;
      content.push('');
      continue;
    }
    const rowIndent = row.length - trimmed.length;
    if (indent < 0) {
      if (rowIndent <= parentIndent) break;
      indent = rowIndent;
    } else if (rowIndent < indent) break;
    const text = row.slice(indent);
    if (hasControlCharacter(text) || (folded && text[0] === ' ')) return null;
    content.push(text);
  }
  if (indent < 0) return null;
  // empty lines at the end go with clip and strip alike
  while (content.at(-1) === '') content.pop();
  let value = content[0]!;
  for (let k = 1; k < content.length; k++) {
    const line = content[k]!;
    // folded: lines of a paragraph joined by a space, each empty line a line break
    if (!folded) value += `\n${line}`;
    else if (line === '') value += '\n';
    else value += content[k - 1] === '' ? line : ` ${line}`;
  }
  return { value: strip ? value : `${value}\n`, next };
}

/** A mapping being read: its indentation (null until its first key says it) and where it sits. */
interface OpenMap {
  indent: number | null;
  path: string;
  map: Record<string, unknown>;
}

export function parseSimpleYaml(text: string): SimpleYaml | null {
  const data: Record<string, unknown> = {};
  const lines = new Map<string, number>();
  const rows = text.split('\n');
  // the mappings open from the top down: a line belongs to the innermost one whose indentation it has
  const open: OpenMap[] = [{ indent: 0, path: '', map: data }];
  for (let i = 0; i < rows.length; i++) {
    const row = rows[i]!;
    const trimmed = row.trimStart();
    if (trimmed === '' || trimmed.startsWith('#')) continue;
    const indent = row.length - trimmed.length;
    if (row.includes('\t')) return null; // tabs: the yaml package decides
    let top = open.at(-1)!;
    if (top.indent === null) {
      // the first key under `key:` sets how deep that mapping is indented
      if (indent <= open.at(-2)!.indent!) return null; // `key:` with nothing under it is null
      top.indent = indent;
      // as the yaml package places a mapping: where its first key is
      lines.set(top.path, i);
    } else {
      while (indent < top.indent!) {
        open.pop();
        top = open.at(-1)!;
      }
      if (indent !== top.indent) return null; // a continuation line, or an indentation no mapping has
    }
    const found = KEY.exec(trimmed);
    if (!found) return null;
    const [, key, raw] = found as unknown as [string, string, string | undefined];
    if (key in top.map || key === '__proto__') return null;
    const path = top.path === '' ? key : `${top.path}.${key}`;
    if (raw === undefined || raw.trim() === '') {
      if (raw !== undefined && raw !== '') return null;
      const map: Record<string, unknown> = {};
      top.map[key] = map;
      open.push({ indent: null, path, map });
      continue;
    }
    const header = /^([|>])(-?)$/.exec(raw);
    if (header) {
      const block = blockScalar(rows, i + 1, top.indent!, header[1] === '>', header[2] === '-');
      if (!block) return null;
      top.map[key] = block.value;
      lines.set(path, i);
      i = block.next - 1;
      continue;
    }
    const value = plainString(raw);
    if (value === null) return null;
    top.map[key] = value;
    lines.set(path, i);
  }
  // a mapping opened by the last `key:` with nothing under it is null, which the yaml package says
  if (open.at(-1)!.indent === null) return null;
  return { data, lines };
}
