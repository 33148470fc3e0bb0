/**
 * A fast reader for the frontmatter most skills have: `key: value` lines with plain text values or quoted
 * ones on one line (double quotes without escapes, single quotes with `''`), and mappings one level deep
 * (`metadata:` then indented `key: value`). It returns null — and the caller uses the `yaml` package — for
 * anything else: escapes, lists, block scalars, flow collections, anchors, tags,
 * comments after values, multi-line values, duplicate keys, and any value YAML would read as other than
 * a string (null, booleans, numbers). Whatever it accepts, `yaml` reads the same (property-tested).
 */
export interface SimpleYaml {
  data: Record<string, unknown>;
  /** `key` or `key.sub` → 0-based line within the YAML text. */
  lines: Map<string, number>;
}

const KEY = /^([A-Za-z_][A-Za-z0-9_-]*):(?: (.*))?$/;
const NESTED = /^ {2}([A-Za-z_][A-Za-z0-9_-]*):(?: (.*))?$/;
// YAML 1.2 core schema: these plain scalars are not strings
const NOT_A_STRING =
  /^(?:~|null|Null|NULL|true|True|TRUE|false|False|FALSE|[-+]?[0-9]+|0o[0-7]+|0x[0-9a-fA-F]+|[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)(?:[eE][-+]?[0-9]+)?|[-+]?\.(?:inf|Inf|INF)|\.(?:nan|NaN|NAN))$/;

// control characters (and the BOM) are left to the yaml package, which knows where each is allowed
const hasControlCharacter = (value: string) => {
  for (let i = 0; i < value.length; i++) {
    const c = value.charCodeAt(i);
    if (c < 0x20 || c === 0x7f || c === 0xfeff) return true;
  }
  return false;
};

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
  if (value === '' || value !== raw.trimEnd() || /^\s/.test(value)) return null;
  if (value[0] === '"' || value[0] === "'") return quotedString(value);
  if (/^[-?:,[\]{}#&*!|>'"%@`]/.test(value)) return null;
  if (value.includes(': ') || value.includes(' #') || value.endsWith(':') || hasControlCharacter(value))
    return null;
  if (NOT_A_STRING.test(value)) return null;
  return value;
}

export function parseSimpleYaml(text: string): SimpleYaml | null {
  const data: Record<string, unknown> = {};
  const lines = new Map<string, number>();
  const rows = text.split('\n');
  let open: { key: string; map: Record<string, string> } | null = null;
  for (let i = 0; i < rows.length; i++) {
    const row = rows[i]!;
    if (row.trim() === '') continue;
    if (row.startsWith('#')) continue;
    if (row.startsWith(' ')) {
      if (!open) return null;
      const nested = NESTED.exec(row);
      if (!nested) return null;
      const [, key, raw] = nested as unknown as [string, string, string | undefined];
      const value = plainString(raw);
      if (value === null || key in open.map) return null;
      open.map[key] = value;
      lines.set(`${open.key}.${key}`, i);
      continue;
    }
    if (open && Object.keys(open.map).length === 0) return null; // `key:` with nothing under it is null
    open = null;
    const top = KEY.exec(row);
    if (!top) return null;
    const [, key, raw] = top as unknown as [string, string, string | undefined];
    if (key in data || key === '__proto__') return null;
    lines.set(key, i);
    if (raw === undefined || raw.trim() === '') {
      if (raw !== undefined && raw !== '') return null;
      const map: Record<string, string> = {};
      data[key] = map;
      open = { key, map };
      continue;
    }
    const value = plainString(raw);
    if (value === null) return null;
    data[key] = value;
  }
  if (open && Object.keys(open.map).length === 0) return null;
  return { data, lines };
}
