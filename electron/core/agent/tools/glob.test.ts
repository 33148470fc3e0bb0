import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { globTool } from './glob';
import { run, targetOf, tempWorkdir, type TempWorkdir } from './test-support';

let w: TempWorkdir;
beforeEach(() => {
  w = tempWorkdir();
});
afterEach(() => w.cleanup());

/** Files with modification times one second apart, the last written newest. */
function files(...rels: string[]): void {
  const now = Date.now() / 1000;
  rels.forEach((rel, i) => {
    const file = w.write(rel, rel);
    fs.utimesSync(file, now - 100 + i, now - 100 + i);
  });
}

describe('Glob', () => {
  it('answers absolute paths, newest first', async () => {
    files('src/old.ts', 'src/deep/mid.ts', 'top.ts', 'src/other.js');
    const result = await run(globTool, { pattern: '**/*.ts' }, w.ctx());
    expect(result.output.split('\n')).toEqual(
      ['top.ts', 'src/deep/mid.ts', 'src/old.ts'].map((rel) => path.join(w.dir, rel)),
    );
    expect(result.summary).toBe('Glob **/*.ts in .: 3 files');
  });

  it('matches relative to `path`, and a literal leading folder in the pattern', async () => {
    files('src/a.ts', 'src/b/c.ts', 'lib/d.ts');
    const inSrc = await run(globTool, { pattern: '*.ts', path: 'src' }, w.ctx());
    expect(inSrc.output).toBe(path.join(w.dir, 'src/a.ts'));
    const prefixed = await run(globTool, { pattern: 'src/**/*.ts' }, w.ctx());
    expect(prefixed.output.split('\n').sort()).toEqual([
      path.join(w.dir, 'src/a.ts'),
      path.join(w.dir, 'src/b/c.ts'),
    ]);
    const absolute = await run(globTool, { pattern: path.join(w.dir, 'lib/*.{ts,js}') }, w.ctx());
    expect(absolute.output).toBe(path.join(w.dir, 'lib/d.ts'));
  });

  it('skips .git, node_modules and .gitignore’d files (nested .gitignore included)', async () => {
    files(
      '.git/config.ts',
      'node_modules/x/i.ts',
      'dist/out.ts',
      'keep.ts',
      'pkg/gen.ts',
      'pkg/src.ts',
      '.hidden.ts',
    );
    w.write('.gitignore', 'dist/\n');
    w.write('pkg/.gitignore', 'gen.ts\n');
    const result = await run(globTool, { pattern: '**/*.ts' }, w.ctx());
    expect(result.output.split('\n').sort()).toEqual(
      ['.hidden.ts', 'keep.ts', 'pkg/src.ts'].map((rel) => path.join(w.dir, rel)),
    );
    const fromBelow = await run(globTool, { pattern: '*', path: 'dist' }, w.ctx());
    expect(fromBelow.output).toBe('No files found');
  });

  it('caps at 1000 results with a note', async () => {
    for (let i = 0; i < 1005; i += 1) fs.writeFileSync(path.join(w.dir, `f${i}.txt`), '');
    const result = await run(globTool, { pattern: '*.txt' }, w.ctx());
    const lines = result.output.split('\n');
    expect(lines).toHaveLength(1001);
    expect(lines[1000]).toMatch(/^\[1005 files matched; the 1000 most recently modified shown/);
  });

  it('refuses folders outside the working directory and reports missing ones', async () => {
    const outside = await run(globTool, { pattern: '*', path: '../outside' }, w.ctx());
    expect(outside).toMatchObject({
      isError: true,
      output: expect.stringMatching(/outside the working directory/),
    });
    const dotdot = await run(globTool, { pattern: '../outside/*' }, w.ctx());
    expect(dotdot.isError).toBe(true);
    expect((await targetOf(globTool, { pattern: '*', path: '../outside' }, w.ctx())).error).toMatch(
      /outside/,
    );
    expect(await run(globTool, { pattern: '*', path: 'missing' }, w.ctx())).toMatchObject({
      isError: true,
      output: 'no such folder: missing',
    });
  });

  it('does not descend into symlinked folders', async () => {
    files('real/a.ts');
    fs.symlinkSync(path.join(w.dir, 'real'), path.join(w.dir, 'loop'));
    const result = await run(globTool, { pattern: '**/*.ts' }, w.ctx());
    expect(result.output).toBe(path.join(w.dir, 'real/a.ts'));
  });

  it('skips links that lead outside (files and folders) and says so', async () => {
    files('a.txt');
    fs.writeFileSync(path.join(w.outside, 'secret.txt'), 'x');
    fs.symlinkSync(path.join(w.outside, 'secret.txt'), path.join(w.dir, 'b.txt'));
    fs.symlinkSync(w.outside, path.join(w.dir, 'c.txt'));
    const result = await run(globTool, { pattern: '*.txt' }, w.ctx());
    expect(result.output).toBe(
      `${path.join(w.dir, 'a.txt')}\n` +
        '[2 symbolic links skipped: they lead outside the working directory (b.txt, c.txt)]',
    );
  });

  it('lists a link to a file inside, not a link to a folder', async () => {
    files('real/a.ts');
    fs.symlinkSync(path.join(w.dir, 'real/a.ts'), path.join(w.dir, 'b.ts'));
    fs.symlinkSync(path.join(w.dir, 'real'), path.join(w.dir, 'c.ts'));
    const result = await run(globTool, { pattern: '*.ts' }, w.ctx());
    expect(result.output).toBe(path.join(w.dir, 'b.ts'));
  });
});
