import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readTool } from './read';
import { run, targetOf, tempWorkdir, type TempWorkdir } from './test-support';

let w: TempWorkdir;
beforeEach(() => {
  w = tempWorkdir();
});
afterEach(() => w.cleanup());

const lines = (n: number) => Array.from({ length: n }, (_, i) => `line ${i + 1}`).join('\n') + '\n';

describe('Read', () => {
  it('numbers lines like cat -n', async () => {
    w.write('a.txt', 'alpha\nbeta\n');
    const result = await run(readTool, { file_path: 'a.txt' }, w.ctx());
    expect(result).toEqual({ output: '     1\talpha\n     2\tbeta', summary: 'Read a.txt (2 lines)' });
  });

  it('starts at a 1-based offset and stops at limit, saying where to read on', async () => {
    w.write('long.txt', lines(10));
    const result = await run(readTool, { file_path: 'long.txt', offset: 4, limit: 3 }, w.ctx());
    expect(result.output).toBe(
      '     4\tline 4\n     5\tline 5\n     6\tline 6\n[showing lines 4–6; the file goes on — read on with offset 7]',
    );
    const tail = await run(readTool, { file_path: 'long.txt', offset: 9 }, w.ctx());
    expect(tail.output).toBe('     9\tline 9\n    10\tline 10');
  });

  it('reads at most 2000 lines by default and cuts lines over 2000 characters', async () => {
    w.write('big.txt', 'x\n'.repeat(2500));
    const result = await run(readTool, { file_path: 'big.txt' }, w.ctx());
    expect(result.summary).toBe('Read big.txt (2000 lines)');
    expect(result.output).toMatch(/ {2}2000\tx\n\[showing lines 1–2000; .* offset 2001\]$/);
    w.write('wide.txt', 'x'.repeat(5000));
    const wide = await run(readTool, { file_path: 'wide.txt' }, w.ctx());
    expect(wide.output).toBe(`     1\t${'x'.repeat(2000)}… [line cut]`);
  });

  it('stops at whole lines within the output cap, saying where to read on', async () => {
    w.write('wide.txt', lines(2500).replace(/\n/g, `${'.'.repeat(100)}\n`));
    const result = await run(readTool, { file_path: 'wide.txt' }, w.ctx());
    expect(result.output.length).toBeLessThanOrEqual(30_000);
    const shown = Number(/\((\d+) lines\)/.exec(result.summary)![1]);
    expect(shown).toBeGreaterThan(200);
    expect(result.output).toMatch(new RegExp(`read on with offset ${shown + 1}\\]$`));
  });

  it('answers errors for missing files, folders, binaries, empty files and offsets past the end', async () => {
    expect(await run(readTool, { file_path: 'nope.txt' }, w.ctx())).toMatchObject({
      isError: true,
      output: 'file not found: nope.txt',
    });
    fs.mkdirSync(path.join(w.dir, 'sub'));
    expect(await run(readTool, { file_path: 'sub' }, w.ctx())).toMatchObject({
      isError: true,
      output: expect.stringContaining('is a directory'),
    });
    w.write('bin.dat', Buffer.from([0x89, 0x50, 0x00, 0x01]));
    expect(await run(readTool, { file_path: 'bin.dat' }, w.ctx())).toMatchObject({
      isError: true,
      output: expect.stringContaining('binary'),
    });
    w.write('empty.txt', '');
    expect(await run(readTool, { file_path: 'empty.txt' }, w.ctx())).toEqual({
      output: '<empty.txt is empty>',
      summary: 'Read empty.txt (empty)',
    });
    w.write('short.txt', 'one\n');
    expect(await run(readTool, { file_path: 'short.txt', offset: 5 }, w.ctx())).toMatchObject({
      isError: true,
      output: 'offset 5 is past the end of short.txt, which has 1 line',
    });
  });

  it('refuses paths outside the working directory, in target and execute', async () => {
    fs.writeFileSync(path.join(w.outside, 'secret.txt'), 'secret');
    const input = { file_path: '../outside/secret.txt' };
    const result = await run(readTool, input, w.ctx());
    expect(result.isError).toBe(true);
    expect(result.output).toMatch(/outside the working directory/);
    expect((await targetOf(readTool, input, w.ctx())).error).toMatch(/outside/);
    const granted = await run(readTool, input, w.ctx({ outsideAllowed: () => true }));
    expect(granted.output).toBe('     1\tsecret');
  });

  it('targets the absolute real path', async () => {
    expect(await targetOf(readTool, { file_path: 'x/y.txt' }, w.ctx())).toEqual({
      paths: [path.join(w.dir, 'x/y.txt')],
    });
    expect(readTool.effect).toBe('read');
  });
});
