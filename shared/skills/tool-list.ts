// How an `allowed-tools` string reads as entries (docs/SKILL-FORMAT.md): one function for the core that
// loads SKILL.md and for the editor's tools box, so what the editor writes is what the core reads.

/**
 * Splits an `allowed-tools` string on commas and whitespace, except inside parentheses and quotes, so
 * `Bash(git diff:*)`, `Bash(find . -name "x*")` and `Agent(a:x, a:y)` stay one entry each. Quotes count
 * only inside parentheses: outside, a quote is part of a tool name (`it's Read` is two entries), as the
 * format has no quoted entries at the top level.
 */
export function splitToolList(value: string): string[] {
  const entries: string[] = [];
  let current = '';
  let depth = 0;
  let quote: '"' | "'" | null = null;
  for (const ch of value) {
    if (quote) {
      if (ch === quote) quote = null;
      current += ch;
      continue;
    }
    if ((ch === '"' || ch === "'") && depth > 0) quote = ch;
    else if (ch === '(') depth++;
    else if (ch === ')') depth = Math.max(0, depth - 1);
    else if (depth === 0 && (ch === ',' || /\s/.test(ch))) {
      if (current) entries.push(current);
      current = '';
      continue;
    }
    current += ch;
  }
  if (current) entries.push(current);
  return entries;
}

/** Entries as one `allowed-tools` string (`Read, Grep, Bash(git diff:*)`), read back by splitToolList. */
export function joinToolList(entries: readonly string[]): string {
  return entries.join(', ');
}
