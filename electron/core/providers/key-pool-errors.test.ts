import { describe, expect, it } from 'vitest';
import { expectWordsSayMessage } from '../testing/error-words';
import { keysUnusableError, sayDuration } from './key-pool-errors';

describe('the error of a pool with no usable key', () => {
  it('names each key and why, says what to do, and its words say the same', () => {
    const cases = [
      {
        keys: [
          { label: 'Work', state: 'invalid' as const, status: 401 },
          { label: 'Old', state: 'missing' as const },
        ],
        message:
          'every key of "openai" is unusable — Work: invalid (401), Old: not in this program\'s secret store; edit or replace them in Settings',
        status: 401,
      },
      {
        keys: [
          { label: 'A', state: 'cooling' as const, ms: 90_500 },
          { label: 'B', state: 'cooling' as const, ms: 3_600_000 },
        ],
        message:
          'every key of "openai" is unusable — A: cooling down for 91 s, B: cooling down for 60 min; try again in 91 s, or add another key in Settings',
        status: 429,
      },
      {
        keys: [{ label: 'Key 1', state: 'invalid' as const, status: 403 }],
        message:
          'the only key of "openai" is unusable — Key 1: invalid (403); edit or replace it in Settings',
        status: 403,
      },
      {
        keys: [{ label: 'Key 1', state: 'cooling' as const, ms: 8 * 3_600_000 }],
        message:
          'the only key of "openai" is unusable — Key 1: cooling down for 8 h; try again in 8 h, or add another key in Settings',
        status: 429,
      },
    ];
    for (const { keys, message, status } of cases) {
      const error = keysUnusableError('openai', keys);
      expect(error.message).toBe(message);
      expect(error.details.status).toBe(status);
      expectWordsSayMessage(error.details.words, error.message);
    }
  });

  it('a pool whose keys are all missing here "has no API key", as before pools', () => {
    const error = keysUnusableError('openai', [{ label: 'Key 1', state: 'missing' }]);
    expect(error).toMatchObject({ code: 'no-provider', details: { words: { key: 'provider.noKey' } } });
  });

  it('says waits in seconds, then minutes, then hours, rounded up', () => {
    expect([1, 119, 120, 121, 7140, 7200, 7201].map(sayDuration)).toEqual([
      '1 s',
      '119 s',
      '2 min',
      '3 min',
      '119 min',
      '2 h',
      '3 h',
    ]);
  });
});
