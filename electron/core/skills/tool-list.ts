import type { ErrorWords } from '../../../shared/ipc/result';
import { splitToolList } from '../../../shared/skills/tool-list';
import { findingWords } from './finding-words';

// The string form is split by the one function the editor uses too (shared/skills/tool-list.ts).
export { splitToolList };

/**
 * A YAML list (each item one entry, trimmed) or a string split by splitToolList; anything else is a problem, said
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
