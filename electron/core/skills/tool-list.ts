import type { ErrorWords } from '../../../shared/ipc/result';
import { findingWords } from './finding-words';

/**
 * Splits an `allowed-tools` string on commas and whitespace, except inside parentheses and quotes, so
 * `Bash(git diff:*)`, `Bash(find . -name "x*")` and `Agent(a:x, a:y)` stay one entry each.
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

/**
 * A YAML list (each item one entry, trimmed) or a string split as above; anything else is a problem, said
 * after the field's name (`` `allowed-tools` must be… ``). Its words want the field's name as `field` too.
 */
export function readToolList(value: unknown): { tools: string[] } | { problem: string; words: ErrorWords } {
  if (typeof value === 'string') return { tools: splitToolList(value) };
  if (Array.isArray(value)) {
    const tools: string[] = [];
    for (const item of value) {
      if (typeof item !== 'string') {
        const entry = JSON.stringify(item);
        return {
          problem: `each entry must be a tool name, not ${entry}`,
          words: findingWords('toolEntry', { entry }),
        };
      }
      if (item.trim()) tools.push(item.trim());
    }
    return { tools };
  }
  return {
    problem: 'must be a list of tool names or a string like `Read, Grep, Bash(git diff:*)`',
    words: findingWords('toolList'),
  };
}

/** `Bash(git diff:*)` → `Bash`; `mcp__server__tool` stays whole. */
export function toolBaseName(entry: string): string {
  const paren = entry.indexOf('(');
  return paren < 0 ? entry : entry.slice(0, paren);
}
