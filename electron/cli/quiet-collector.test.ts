import { describe, expect, it } from 'vitest';
import { collectAllGarbage, createQuietCollector } from './quiet-collector';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('the quiet collector', () => {
  it('collects once after a stretch of activity has gone quiet, not while it goes on', async () => {
    let collections = 0;
    const quiet = createQuietCollector({ quietMs: 400, collect: () => collections++ });
    for (let i = 0; i < 6; i++) {
      quiet.activity();
      await sleep(100);
    }
    expect(collections).toBe(0); // 600 ms of activity, never 400 ms quiet
    await expect.poll(() => collections, { timeout: 3000 }).toBe(1);
    await sleep(800);
    expect(collections).toBe(1); // idle: not again
    quiet.activity();
    await expect.poll(() => collections, { timeout: 3000 }).toBe(2);
    quiet.stop();
  });

  it('collects nothing once stopped', async () => {
    let collections = 0;
    const quiet = createQuietCollector({ quietMs: 30, collect: () => collections++ });
    quiet.activity();
    quiet.stop();
    quiet.activity();
    await sleep(100);
    expect(collections).toBe(0);
  });

  it('gives back the heap a burst of garbage grew', async () => {
    let garbage: unknown[] = [];
    for (let i = 0; i < 1_500_000; i++) {
      garbage.push({ i, text: `item ${i}` });
      if (garbage.length > 150_000) garbage = [];
    }
    const before = process.memoryUsage().heapTotal;
    collectAllGarbage();
    await sleep(50);
    expect(process.memoryUsage().heapTotal).toBeLessThan(before);
  });
});
