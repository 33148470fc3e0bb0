// Test helper: a host error's words against the renderer's English (both must say the same thing).
import fs from 'node:fs';
import path from 'node:path';
import { expect } from 'vitest';
import type { ErrorWords } from '../../../shared/ipc/result';

const RENDERER_ERRORS = path.resolve(
  import.meta.dirname,
  '../../../renderer/src/i18n/locales/en/errors.json',
);

/**
 * A host error's words (shared/ipc/result.ts ErrorWords) must say in the dashboard's English what its
 * message says: renders `errors:<key>` from the renderer's locale file with the values and compares.
 */
export function expectWordsSayMessage(words: ErrorWords | undefined, message: string): void {
  expect(words, message).toBeDefined();
  const { key, values = {} } = words!;
  const strings = JSON.parse(fs.readFileSync(RENDERER_ERRORS, 'utf8')) as Record<string, unknown>;
  const template = key
    .split('.')
    .reduce<unknown>((node, k) => (node as Record<string, unknown>)?.[k], strings);
  expect(typeof template, `errors:${key}`).toBe('string');
  const rendered = (template as string).replace(/\{\{(\w+)\}\}/g, (_, k: string) =>
    String(values[k] ?? `{{${k}}}`),
  );
  const plain = (text: string) =>
    text
      .replace(/[“”]/g, '"')
      .replace(/\.$/, '')
      .replace(/^./, (c) => c.toLowerCase());
  expect(plain(rendered)).toBe(plain(message));
}
