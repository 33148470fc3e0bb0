import { describe, expect, it } from 'vitest';
import { createClipboardLock } from './clipboard-lock';

const tick = () => new Promise((resolve) => setTimeout(resolve, 1));

describe('clipboard lock', () => {
  it('runs transactions one at a time, in the order asked', async () => {
    const lock = createClipboardLock();
    const log: string[] = [];
    const step = (name: string) => async () => {
      log.push(`${name} start`);
      await tick();
      log.push(`${name} end`);
      return name;
    };
    const results = await Promise.all([lock.run(step('a')), lock.run(step('b')), lock.run(step('c'))]);
    expect(results).toEqual(['a', 'b', 'c']);
    expect(log).toEqual(['a start', 'a end', 'b start', 'b end', 'c start', 'c end']);
    expect(lock.pending).toBe(0);
  });

  it('a failing transaction rejects its caller and lets the next one run', async () => {
    const lock = createClipboardLock();
    const failed = lock.run(async () => {
      await tick();
      throw new Error('xclip died');
    });
    const next = lock.run(() => Promise.resolve('ran'));
    expect(lock.pending).toBe(2);
    await expect(failed).rejects.toThrow('xclip died');
    await expect(next).resolves.toBe('ran');
  });
});
