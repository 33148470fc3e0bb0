import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { run, targetOf, tempWorkdir, type TempWorkdir } from './test-support';
import { writeTool } from './write';

let w: TempWorkdir;
beforeEach(() => {
  w = tempWorkdir();
});
afterEach(() => w.cleanup());

describe('Write', () => {
  it('creates a file and its folders, leaving no temp file behind', async () => {
    const result = await run(writeTool, { file_path: 'deep/er/new.md', content: '# hi\nthere\n' }, w.ctx());
    expect(result).toEqual({
      output: 'Created deep/er/new.md (2 lines)',
      summary: 'Created deep/er/new.md (2 lines)',
    });
    expect(fs.readFileSync(path.join(w.dir, 'deep/er/new.md'), 'utf8')).toBe('# hi\nthere\n');
    expect(fs.readdirSync(path.join(w.dir, 'deep/er'))).toEqual(['new.md']);
  });

  it('replaces an existing file, keeping its mode', async () => {
    const file = w.write('run.sh', 'echo old\n');
    fs.chmodSync(file, 0o755);
    const result = await run(writeTool, { file_path: 'run.sh', content: 'echo new\n' }, w.ctx());
    expect(result.summary).toBe('Wrote run.sh (1 line)');
    expect(fs.readFileSync(file, 'utf8')).toBe('echo new\n');
    expect(fs.statSync(file).mode & 0o777).toBe(0o755);
  });

  it('targets the path with a unified diff, against empty for a new file, changing nothing', async () => {
    w.write('a.txt', 'one\ntwo\n');
    const target = await targetOf(writeTool, { file_path: 'a.txt', content: 'one\nTWO\n' }, w.ctx());
    expect(target.paths).toEqual([path.join(w.dir, 'a.txt')]);
    expect(target.diff).toContain('--- a/a.txt');
    expect(target.diff).toContain('-two\n+TWO');
    expect(fs.readFileSync(path.join(w.dir, 'a.txt'), 'utf8')).toBe('one\ntwo\n');
    const created = await targetOf(writeTool, { file_path: 'b.txt', content: 'x\n' }, w.ctx());
    expect(created.diff).toContain('@@ -0,0 +1,1 @@\n+x');
    expect(fs.existsSync(path.join(w.dir, 'b.txt'))).toBe(false);
  });

  it('refuses outside paths and folders as error results', async () => {
    const outside = await run(writeTool, { file_path: '../outside/x.txt', content: 'x' }, w.ctx());
    expect(outside.isError).toBe(true);
    expect(fs.existsSync(path.join(w.outside, 'x.txt'))).toBe(false);
    const target = await targetOf(writeTool, { file_path: '../outside/x.txt', content: 'x' }, w.ctx());
    expect(target).toMatchObject({
      paths: [path.join(w.outside, 'x.txt')],
      error: expect.stringMatching(/outside/),
    });
    fs.mkdirSync(path.join(w.dir, 'dir'));
    expect(await run(writeTool, { file_path: 'dir', content: 'x' }, w.ctx())).toMatchObject({
      isError: true,
      output: 'dir is a directory, not a file',
    });
  });

  it('writes outside when a rule grants it', async () => {
    const ctx = w.ctx({ outsideAllowed: (tool, abs) => tool === 'Write' && abs.startsWith(w.outside) });
    const result = await run(writeTool, { file_path: path.join(w.outside, 'n.md'), content: 'ok' }, ctx);
    expect(result.isError).toBeUndefined();
    expect(fs.readFileSync(path.join(w.outside, 'n.md'), 'utf8')).toBe('ok');
  });
});
