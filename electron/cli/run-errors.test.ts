import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { terminalError } from './run-errors';

const errors = JSON.parse(
  fs.readFileSync(path.join(import.meta.dirname, '../../renderer/src/i18n/locales/en/errors.json'), 'utf8'),
) as { provider: Record<string, string | Record<string, string>> };

/** `provider.<name>` and `provider.<group>.<name>` with their English. */
const providerErrors = Object.entries(errors.provider).flatMap(([name, english]) =>
  typeof english === 'string'
    ? [[name, english] as const]
    : Object.entries(english).map(([sub, text]) => [`${name}.${sub}`, text] as const),
);

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
      keys: 'Work: invalid (401), Personal: cooling down for 42 s',
      wait: '42 s',
    };
    for (const [name, english] of providerErrors) {
      const message = english.replace(/\{\{(\w+)\}\}/g, (_, v: string) =>
        String(values[v as keyof typeof values]),
      );
      for (const context of [{ adhoc: false }, { adhoc: true, apiKeyEnv: ['KEY'] }]) {
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

  it('a pool with no usable key names each variable of --api-key-env and what to do', () => {
    const values = { provider: 'openai', keys: 'A: invalid (401), B: cooling down for 42 s', wait: '42 s' };
    const said = terminalError(
      'every key of "openai" is unusable — …',
      { key: 'provider.keysUnusable.both', values },
      {
        adhoc: true,
        apiKeyEnv: ['A', 'B'],
      },
    );
    expect(said).toBe(
      'every key given with --api-key-env is unusable — A: invalid (401), B: cooling down for 42 s; try again in 42 s, or replace the refused keys in their variables',
    );
    const cooling = terminalError(
      '…',
      { key: 'provider.keysUnusable.oneCooling', values: { ...values, keys: 'A: cooling down for 42 s' } },
      {
        adhoc: false,
        apiKeyEnv: ['A'],
      },
    );
    expect(cooling).toBe(
      'the key given with --api-key-env is unusable — A: cooling down for 42 s; try again in 42 s, or add another variable to --api-key-env',
    );
    expect(
      terminalError(
        'every key of "work" is unusable — Work: invalid (401); edit or replace them in Settings',
        { key: 'provider.keysUnusable.invalid', values },
        { adhoc: false },
      ),
    ).toBe(
      'every key of "work" is unusable — Work: invalid (401); edit or replace them in the dashboard of `skilldeck serve`, or give keys here with --api-key-env A,B,C',
    );
  });
});
