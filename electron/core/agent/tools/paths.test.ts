import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { displayPath, failureResult, resolveToolPath, ToolInputError } from './paths';
import { tempWorkdir, type TempWorkdir } from './test-support';

let w: TempWorkdir;
beforeEach(() => {
  w = tempWorkdir();
});
afterEach(() => w.cleanup());

describe('resolveToolPath', () => {
  it('resolves relative paths against the working directory, absolute ones as they are', () => {
    const ctx = w.ctx();
    expect(resolveToolPath(ctx, 'Read', 'a/b.txt')).toBe(path.join(w.dir, 'a/b.txt'));
    expect(resolveToolPath(ctx, 'Read', './x/../y')).toBe(path.join(w.dir, 'y'));
    expect(resolveToolPath(ctx, 'Read', path.join(w.dir, 'z'))).toBe(path.join(w.dir, 'z'));
    expect(resolveToolPath(ctx, 'Read', '.')).toBe(w.dir);
  });

  it('refuses .. escapes, absolute paths outside and names the way to grant them', () => {
    const ctx = w.ctx();
    expect(() => resolveToolPath(ctx, 'Write', '../x')).toThrow(
      `"../x" is outside the working directory ${w.dir} — file tools only act inside it (a permission rule such as Write(~/notes/**) can grant a folder)`,
    );
    expect(() => resolveToolPath(ctx, 'Read', '/etc/passwd')).toThrow(ToolInputError);
    expect(() => resolveToolPath(ctx, 'Read', `${w.dir}-sibling/x`)).toThrow(ToolInputError);
  });

  it('refuses symlinks that lead outside, existing or dangling, at any depth', () => {
    fs.symlinkSync(w.outside, path.join(w.dir, 'out'));
    fs.symlinkSync(path.join(w.outside, 'not-yet'), path.join(w.dir, 'dangling'));
    const ctx = w.ctx();
    expect(() => resolveToolPath(ctx, 'Read', 'out')).toThrow(/outside the working directory/);
    expect(() => resolveToolPath(ctx, 'Write', 'out/new/deep.txt')).toThrow(/outside/);
    expect(() => resolveToolPath(ctx, 'Write', 'dangling')).toThrow(/outside/);
  });

  it('follows symlinks that stay inside and answers with the real path', () => {
    w.write('real/file.txt', 'x');
    fs.symlinkSync(path.join(w.dir, 'real'), path.join(w.dir, 'alias'));
    expect(resolveToolPath(w.ctx(), 'Read', 'alias/file.txt')).toBe(path.join(w.dir, 'real/file.txt'));
    expect(resolveToolPath(w.ctx(), 'Read', 'alias/new/x')).toBe(path.join(w.dir, 'real/new/x'));
  });

  it('lets a permission rule grant a path outside, asked with the tool and the real path', () => {
    const asked: [string, string][] = [];
    const ctx = w.ctx({
      outsideAllowed: (tool, abs) => {
        asked.push([tool, abs]);
        return abs.startsWith(w.outside + path.sep);
      },
    });
    expect(resolveToolPath(ctx, 'Write', '../outside/notes.md')).toBe(path.join(w.outside, 'notes.md'));
    expect(asked).toEqual([['Write', path.join(w.outside, 'notes.md')]]);
    expect(() => resolveToolPath(ctx, 'Write', '../elsewhere')).toThrow(ToolInputError);
  });

  it('expands ~/ to the home folder', () => {
    const ctx = w.ctx({ outsideAllowed: () => true });
    expect(resolveToolPath(ctx, 'Read', '~/some-file-that-does-not-exist')).toBe(
      path.join(fs.realpathSync(os.homedir()), 'some-file-that-does-not-exist'),
    );
  });

  it('refuses empty paths and NUL characters', () => {
    expect(() => resolveToolPath(w.ctx(), 'Read', '')).toThrow(ToolInputError);
    expect(() => resolveToolPath(w.ctx(), 'Read', 'a\0b')).toThrow(ToolInputError);
  });
});

describe('helpers', () => {
  it('shows paths inside relative, outside absolute', () => {
    expect(displayPath(w.ctx(), path.join(w.dir, 'src/a.ts'))).toBe('src/a.ts');
    expect(displayPath(w.ctx(), w.outside)).toBe(w.outside);
  });

  it('turns input and file system errors into error results and throws anything else', () => {
    expect(failureResult(new ToolInputError('bad'), 's')).toEqual({
      isError: true,
      output: 'bad',
      summary: 's',
    });
    const eacces = Object.assign(new Error('EACCES: permission denied'), { code: 'EACCES' });
    expect(failureResult(eacces, 's').isError).toBe(true);
    expect(() => failureResult(new TypeError('bug'), 's')).toThrow('bug');
  });
});
