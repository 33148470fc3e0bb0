import { describe, expect, it } from 'vitest';
import { ModelError } from '../providers/gateway';
import { backoff, worthRetrying } from './retry-policy';

describe('backoff', () => {
  it('doubles per attempt, jittered within the upper half, capped at 10 s', () => {
    for (let i = 0; i < 200; i++) {
      const first = backoff(500, 1);
      expect(first).toBeGreaterThanOrEqual(250);
      expect(first).toBeLessThan(500);
      const third = backoff(500, 3);
      expect(third).toBeGreaterThanOrEqual(1000);
      expect(third).toBeLessThan(2000);
      const late = backoff(500, 20);
      expect(late).toBeGreaterThanOrEqual(5000);
      expect(late).toBeLessThan(10_000);
    }
  });
});

describe('worthRetrying', () => {
  it('retries what another attempt may fix, not a client error or a cancel', () => {
    expect(worthRetrying(new Error('socket hang up'))).toBe(true);
    expect(worthRetrying(new ModelError('http', 'rate limited', { status: 429 }))).toBe(true);
    expect(worthRetrying(new ModelError('http', 'server', { status: 503 }))).toBe(true);
    expect(worthRetrying(new ModelError('http', 'bad request', { status: 400 }))).toBe(false);
    expect(worthRetrying(new ModelError('cancelled', 'cancelled'))).toBe(false);
    expect(worthRetrying(new ModelError('no-provider', 'no provider configured'))).toBe(false);
  });
});
