import { MAX_TOOL_OUTPUT } from '../types';

/** Cuts text over `MAX_TOOL_OUTPUT` characters, saying so at the end. */
export function capOutput(text: string, max = MAX_TOOL_OUTPUT): string {
  if (text.length <= max) return text;
  return `${text.slice(0, max)}\n[output truncated: ${text.length} characters, first ${max} shown]`;
}

/** `Ran npm test`: the first line of a command, kept short for a summary. */
export function shorten(text: string, max = 60): string {
  const line = text.trim().split('\n')[0] ?? '';
  const more = line.length > max || text.trim().includes('\n');
  return more ? `${line.slice(0, max).trimEnd()}…` : line;
}

export function plural(n: number, word: string, many = `${word}s`): string {
  return `${n} ${n === 1 ? word : many}`;
}
