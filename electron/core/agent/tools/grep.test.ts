import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { grepTool } from './grep';
import { run, targetOf, tempWorkdir, type TempWorkdir } from './test-support';

let w: TempWorkdir;
beforeEach(() => {
  w = tempWorkdir();
  w.write('src/a.ts', 'import x from "y";\nconst Answer = 42;\nexport default Answer;\n');
  w.write('src/b.js', 'let answer = 41;\n');
  w.write('notes.md', 'one\ntwo\nthree\nfour\nfive\nsix\nseven\n');
});
afterEach(() => w.cleanup());

const abs = (rel: string) => path.join(w.dir, rel);

describe('Grep', () => {
  it('lists matching files by default', async () => {
    const result = await run(grepTool, { pattern: 'Answer' }, w.ctx());
    expect(result).toEqual({ output: abs('src/a.ts'), summary: 'Grep Answer in .: 1 file' });
    const insensitive = await run(grepTool, { pattern: 'answer', '-i': true }, w.ctx());
    expect(insensitive.output.split('\n').sort()).toEqual([abs('src/a.ts'), abs('src/b.js')]);
  });

  it('shows content with line numbers and context, ripgrep style', async () => {
    const result = await run(grepTool, { pattern: 'Answer', output_mode: 'content' }, w.ctx());
    expect(result.output).toBe(
      `${abs('src/a.ts')}:2:const Answer = 42;\n${abs('src/a.ts')}:3:export default Answer;`,
    );
    const context = await run(grepTool, { pattern: '^(two|six)$', output_mode: 'content', '-C': 1 }, w.ctx());
    const f = abs('notes.md');
    expect(context.output).toBe(
      [`${f}-1-one`, `${f}:2:two`, `${f}-3-three`, '--', `${f}-5-five`, `${f}:6:six`, `${f}-7-seven`].join(
        '\n',
      ),
    );
    const plain = await run(
      grepTool,
      { pattern: 'three', output_mode: 'content', '-n': false, '-A': 1 },
      w.ctx(),
    );
    expect(plain.output).toBe(`${f}:three\n${f}-four`);
  });

  it('counts matching lines per file and limits with head_limit', async () => {
    const count = await run(grepTool, { pattern: 'e', output_mode: 'count' }, w.ctx());
    expect(count.output).toBe(`${abs('notes.md')}:4\n${abs('src/a.ts')}:2\n${abs('src/b.js')}:1`);
    const limited = await run(grepTool, { pattern: 'e', output_mode: 'count', head_limit: 1 }, w.ctx());
    expect(limited.output).toBe(`${abs('notes.md')}:4\n[3 lines; first 1 shown (head_limit)]`);
  });

  it('filters by glob (by name without a slash) and searches one file or folder', async () => {
    const ts = await run(grepTool, { pattern: 'answer', '-i': true, glob: '*.{ts,tsx}' }, w.ctx());
    expect(ts.output).toBe(abs('src/a.ts'));
    const oneFile = await run(grepTool, { pattern: 'answer', '-i': true, path: 'src/b.js' }, w.ctx());
    expect(oneFile.output).toBe(abs('src/b.js'));
  });

  it('matches across lines in multiline mode', async () => {
    const single = await run(grepTool, { pattern: 'one.two' }, w.ctx());
    expect(single.output).toBe('No matches found');
    const multi = await run(
      grepTool,
      { pattern: 'one.two', multiline: true, output_mode: 'content' },
      w.ctx(),
    );
    expect(multi.output).toBe(`${abs('notes.md')}:1:one\n${abs('notes.md')}:2:two`);
  });

  it('skips binaries, big files, .git, node_modules and ignored files', async () => {
    w.write('bin.dat', Buffer.concat([Buffer.from('needle'), Buffer.from([0])]));
    w.write('big.txt', `needle${'x'.repeat(2 * 1024 * 1024)}`);
    w.write('.git/HEAD', 'needle');
    w.write('node_modules/m/index.js', 'needle');
    w.write('gen/out.txt', 'needle');
    w.write('.gitignore', 'gen\n');
    w.write('found.txt', 'needle');
    const result = await run(grepTool, { pattern: 'needle' }, w.ctx());
    expect(result.output).toBe(abs('found.txt'));
  });

  it('answers a clear error for an invalid regex, and takes ripgrep’s (?i)', async () => {
    const bad = await run(grepTool, { pattern: 'foo(' }, w.ctx());
    expect(bad).toMatchObject({
      isError: true,
      output: expect.stringContaining('invalid regular expression "foo("'),
    });
    const inline = await run(grepTool, { pattern: '(?i)ANSWER', glob: '*.js' }, w.ctx());
    expect(inline.output).toBe(abs('src/b.js'));
    const unicode = await run(grepTool, { pattern: '\\p{Lu}nswer' }, w.ctx());
    expect(unicode.output).toBe(abs('src/a.ts'));
  });

  it('refuses paths outside the working directory', async () => {
    const result = await run(grepTool, { pattern: 'x', path: '..' }, w.ctx());
    expect(result).toMatchObject({
      isError: true,
      output: expect.stringMatching(/outside the working directory/),
    });
    expect((await targetOf(grepTool, { pattern: 'x', path: '/' }, w.ctx())).error).toMatch(/outside/);
  });

  describe('symbolic links', () => {
    beforeEach(() => {
      fs.writeFileSync(path.join(w.outside, 'secret.txt'), 'root:x:0:0:SECRET\n');
      fs.mkdirSync(path.join(w.outside, 'deep'));
      fs.writeFileSync(path.join(w.outside, 'deep', 'more.txt'), 'SECRET too\n');
    });

    it('skips a linked file that leads outside and says how many links it skipped and why', async () => {
      fs.symlinkSync(path.join(w.outside, 'secret.txt'), abs('pw'));
      w.write('mine.txt', 'SECRET of my own\n');
      const result = await run(grepTool, { pattern: 'SECRET', output_mode: 'content' }, w.ctx());
      expect(result.output).toBe(
        `${abs('mine.txt')}:1:SECRET of my own\n` +
          '[1 symbolic link skipped: it leads outside the working directory (pw)]',
      );
      expect(result.output).not.toContain('root:x');
    });

    it('skips a linked folder that leads outside, at any depth', async () => {
      fs.symlinkSync(w.outside, abs('src/out'));
      fs.symlinkSync('/etc/passwd', abs('src/pw'));
      const result = await run(grepTool, { pattern: 'SECRET|root' }, w.ctx());
      expect(result.output).toBe(
        'No matches found\n[2 symbolic links skipped: they lead outside the working directory (src/out, src/pw)]',
      );
    });

    it('refuses a linked file named as the path, as Read does', async () => {
      fs.symlinkSync(path.join(w.outside, 'secret.txt'), abs('pw'));
      const result = await run(grepTool, { pattern: 'SECRET', path: 'pw' }, w.ctx());
      expect(result).toMatchObject({ isError: true, output: expect.stringMatching(/outside the working/) });
    });

    it('follows a link that stays inside, and one to a folder a rule grants', async () => {
      fs.symlinkSync(abs('notes.md'), abs('alias.md'));
      const inside = await run(grepTool, { pattern: 'seven' }, w.ctx());
      expect(inside.output.split('\n').sort()).toEqual([abs('alias.md'), abs('notes.md')].sort());
      fs.symlinkSync(path.join(w.outside, 'secret.txt'), abs('granted.txt'));
      const granted = await run(
        grepTool,
        { pattern: 'SECRET' },
        w.ctx({ outsideAllowed: (tool, p) => tool === 'Grep' && p.startsWith(w.outside + path.sep) }),
      );
      expect(granted.output).toBe(abs('granted.txt'));
    });

    it('does not read a linked .gitignore that leads outside', async () => {
      fs.writeFileSync(path.join(w.outside, 'rules'), 'src\n');
      fs.symlinkSync(path.join(w.outside, 'rules'), abs('.gitignore'));
      const result = await run(grepTool, { pattern: 'Answer' }, w.ctx());
      expect(result.output).toBe(
        `${abs('src/a.ts')}\n[1 symbolic link skipped: it leads outside the working directory (.gitignore)]`,
      );
    });
  });
});
