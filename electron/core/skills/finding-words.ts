import type { ErrorWords } from '../../../shared/ipc/result';

/**
 * A finding's words: `errors:findings.<name>` in the renderer's locales, with the variable parts of its
 * English message as values (the template says the message with those values).
 */
export function findingWords(name: string, values?: ErrorWords['values']): ErrorWords {
  return { key: `findings.${name}`, ...(values ? { values } : {}) };
}
