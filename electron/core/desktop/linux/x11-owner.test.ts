// The xclip -verbose owner against a fake child: what its stderr lines mean for a paste.
import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import { ownWatched } from './x11-owner';
import type { SpawnFn } from './x11-tools';

function fakeXclip(options: { enoent?: boolean } = {}) {
  const stderr = Object.assign(new EventEmitter(), { setEncoding: () => stderr });
  const stdin = Object.assign(new EventEmitter(), { written: null as Buffer | null });
  const child = Object.assign(new EventEmitter(), {
    stderr,
    stdin: Object.assign(stdin, { end: (data: Buffer) => void (stdin.written = data) }),
    killed: false,
    kill: () => {
      child.killed = true;
      child.emit('exit', null);
      return true;
    },
  });
  const calls: string[][] = [];
  const spawn = ((_file: string, args: string[]) => {
    calls.push(args);
    if (options.enoent)
      queueMicrotask(() =>
        child.emit('error', Object.assign(new Error('spawn xclip ENOENT'), { code: 'ENOENT' })),
      );
    return child;
  }) as unknown as SpawnFn;
  const say = (line: string) => stderr.emit('data', `${line}\n`);
  return { spawn, child, calls, say };
}

const base = {
  env: { DISPLAY: ':9' },
  selection: 'clipboard' as const,
  data: Buffer.from('hi'),
  timeoutMs: 1000,
};

describe('ownWatched', () => {
  it('is ready when xclip waits, counts reads, and resolves "read" after the quiet period', async () => {
    const x = fakeXclip();
    const owning = ownWatched({ ...base, spawn: x.spawn, whenNotInstalled: () => Promise.resolve(null) });
    x.say('Waiting for selection requests, Control-C to quit');
    const owner = (await owning)!;
    expect(x.calls[0]).toEqual(['-verbose', '-selection', 'clipboard', '-i']);
    expect(x.child.stdin.written?.toString()).toBe('hi');
    expect(owner.reads).toBe(0);
    const outcome = owner.waitForReads(0, 1000, 5);
    x.say('  Sending selection request number 2');
    expect(owner.reads).toBe(1);
    await expect(outcome).resolves.toBe('read');
    owner.stop();
    expect(x.child.killed).toBe(true);
  });

  it('says "lost" when another client takes the selection, "timeout" when nobody reads', async () => {
    const x = fakeXclip();
    const owning = ownWatched({ ...base, spawn: x.spawn, whenNotInstalled: () => Promise.resolve(null) });
    x.say('Waiting for selection requests, Control-C to quit');
    const owner = (await owning)!;
    await expect(owner.waitForReads(0, 10, 5)).resolves.toBe('timeout');
    const lost = owner.waitForReads(0, 1000, 5);
    x.child.emit('exit', 0);
    await expect(lost).resolves.toBe('lost');
    expect(owner.lost).toBe(true);
  });

  it('hands over to the caller when xclip is not installed', async () => {
    const x = fakeXclip({ enoent: true });
    let fallback = 0;
    const owner = await ownWatched({
      ...base,
      spawn: x.spawn,
      whenNotInstalled: () => (fallback++, Promise.resolve(null)),
    });
    expect(owner).toBeNull();
    expect(fallback).toBe(1);
  });

  it('names the display when xclip cannot open it', async () => {
    const x = fakeXclip();
    const owning = ownWatched({ ...base, spawn: x.spawn, whenNotInstalled: () => Promise.resolve(null) });
    x.say("Error: Can't open display: :9");
    x.child.emit('exit', 1);
    await expect(owning).rejects.toMatchObject({
      code: 'no-display',
      message: 'xclip cannot open the X display ":9"',
    });
  });
});
