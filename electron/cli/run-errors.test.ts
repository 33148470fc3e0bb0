import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { terminalError } from './run-errors';

const errors = JSON.parse(
  fs.readFileSync(path.join(import.meta.dirname, '../../renderer/src/i18n/locales/en/errors.json'), 'utf8'),
) as { provider: Record<string, string> };

describe('a failed run’s error in a terminal’s words', () => {
  it('no provider error the app words with "Settings" reaches the terminal that way', () => {
    const values = {
      provider: 'work',
      configured: '"a"',
      said: 'no',
      model: 'm',
      status: 400,
      ms: 1,
      baseUrl: 'u',
    };
    for (const [name, english] of Object.entries(errors.provider)) {
      const message = english.replace(/\{\{(\w+)\}\}/g, (_, v: string) =>
        String(values[v as keyof typeof values]),
      );
      for (const context of [{ adhoc: false }, { adhoc: true, apiKeyEnv: 'KEY' }]) {
        const said = terminalError(message, { key: `provider.${name}`, values }, context);
        expect(said, name).not.toMatch(/Settings/);
        if (/Settings/.test(english))
          expect(said, name).toMatch(/skilldeck serve|--api-key-env|--model|\$KEY/);
      }
    }
    expect(terminalError('x — set it in Settings', undefined, { adhoc: false })).toBe(
      'x — set it in the dashboard of `skilldeck serve`',
    );
  });
});
