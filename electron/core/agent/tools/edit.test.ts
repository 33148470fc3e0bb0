import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { editTool } from './edit';
import { run, targetOf, tempWorkdir, type TempWorkdir } from './test-support';

let w: TempWorkdir;
beforeEach(() => {
  w = tempWorkdir();
});
afterEach(() => w.cleanup());

const read = (rel: string) => fs.readFileSync(path.join(w.dir, rel), 'utf8');

describe('Edit', () => {
  it('replaces one exact occurrence', async () => {
    w.write('src/a.ts', 'const a = 1;\nconst b = 2;\n');
    const result = await run(
      editTool,
      { file_path: 'src/a.ts', old_string: 'b = 2', new_string: 'b = 3' },
      w.ctx(),
    );
    expect(result).toEqual({
      output: 'Edited src/a.ts (1 replacement)',
      summary: 'Edited src/a.ts (1 replacement)',
    });
    expect(read('src/a.ts')).toBe('const a = 1;\nconst b = 3;\n');
  });

  it('keeps $ patterns in new_string literal', async () => {
    w.write('a.txt', 'price: X\n');
    await run(editTool, { file_path: 'a.txt', old_string: 'X', new_string: "$& $' $1 $$" }, w.ctx());
    expect(read('a.txt')).toBe("price: $& $' $1 $$\n");
  });

  it('refuses a string that is missing, not unique, or unchanged — in target too', async () => {
    w.write('a.txt', 'x x x\n');
    const ctx = w.ctx();
    const missing = { file_path: 'a.txt', old_string: 'y', new_string: 'z' };
    expect(await run(editTool, missing, ctx)).toMatchObject({
      isError: true,
      output: 'old_string not found in a.txt',
    });
    expect((await targetOf(editTool, missing, ctx)).error).toBe('old_string not found in a.txt');
    const ambiguous = { file_path: 'a.txt', old_string: 'x', new_string: 'z' };
    const message = 'old_string is not unique in a.txt (3 matches) — give more context, or set replace_all';
    expect(await run(editTool, ambiguous, ctx)).toMatchObject({ isError: true, output: message });
    expect((await targetOf(editTool, ambiguous, ctx)).error).toBe(message);
    expect(await run(editTool, { file_path: 'a.txt', old_string: 'x', new_string: 'x' }, ctx)).toMatchObject({
      isError: true,
      output: expect.stringContaining('the same'),
    });
    expect(
      await run(editTool, { file_path: 'gone.txt', old_string: 'x', new_string: 'y' }, ctx),
    ).toMatchObject({
      isError: true,
      output: 'file not found: gone.txt',
    });
    expect(read('a.txt')).toBe('x x x\n');
  });

  it('replaces every occurrence with replace_all', async () => {
    w.write('a.txt', 'x x x\n');
    const result = await run(
      editTool,
      { file_path: 'a.txt', old_string: 'x', new_string: 'yy', replace_all: true },
      w.ctx(),
    );
    expect(result.summary).toBe('Edited a.txt (3 replacements)');
    expect(read('a.txt')).toBe('yy yy yy\n');
  });

  it('targets the path with a diff and changes nothing', async () => {
    w.write('a.txt', 'hello\nworld\n');
    const target = await targetOf(
      editTool,
      { file_path: 'a.txt', old_string: 'world', new_string: 'there' },
      w.ctx(),
    );
    expect(target.paths).toEqual([path.join(w.dir, 'a.txt')]);
    expect(target.error).toBeUndefined();
    expect(target.diff).toContain('-world\n+there');
    expect(read('a.txt')).toBe('hello\nworld\n');
  });

  it('creates a missing file when old_string is empty', async () => {
    const result = await run(editTool, { file_path: 'new.txt', old_string: '', new_string: 'hi\n' }, w.ctx());
    expect(result.summary).toBe('Created new.txt');
    expect(read('new.txt')).toBe('hi\n');
  });

  it('refuses files outside the working directory', async () => {
    fs.writeFileSync(path.join(w.outside, 'o.txt'), 'a');
    const result = await run(
      editTool,
      { file_path: '../outside/o.txt', old_string: 'a', new_string: 'b' },
      w.ctx(),
    );
    expect(result.isError).toBe(true);
    expect(fs.readFileSync(path.join(w.outside, 'o.txt'), 'utf8')).toBe('a');
  });
});
