// Folders of real skills at any count, for the scan and host benches: the public corpus's SKILL.md files
// (electron/core/skills/testdata/corpus, 28 skills from anthropics/skills and obra/superpowers) taken in
// turn, each renamed to its folder (`skill-NNNN`, so every id is distinct), with the files a real skill
// carries beside it: LICENSE.txt where the original has one, a reference and a script — about 4 files
// and 3 folders per skill, as the real ones.
import fs from 'node:fs';
import path from 'node:path';
import { ROOT } from './dashboard/host';

const CORPUS = path.join(ROOT, 'electron', 'core', 'skills', 'testdata', 'corpus');

interface Original {
  text: string;
  license: string | null;
}

function originals(): Original[] {
  const found: Original[] = [];
  const walk = (dir: string) => {
    for (const e of fs
      .readdirSync(dir, { withFileTypes: true })
      .sort((a, b) => a.name.localeCompare(b.name))) {
      const p = path.join(dir, e.name);
      if (e.isDirectory()) walk(p);
      else if (e.name === 'SKILL.md') {
        const license = path.join(dir, 'LICENSE.txt');
        found.push({
          text: fs.readFileSync(p, 'utf8'),
          license: fs.existsSync(license) ? fs.readFileSync(license, 'utf8') : null,
        });
      }
    }
  };
  walk(CORPUS);
  return found;
}

export const skillId = (i: number) => `skill-${String(i).padStart(4, '0')}`;

/** The corpus file renamed to `id` (its `name:` line, the first of the frontmatter that has one). */
const renamed = (text: string, id: string) => text.replace(/^name:.*$/m, `name: ${id}`);

/** Writes `count` skills into `root` (created); returns the SKILL.md paths. */
export function writeRealSkills(root: string, count: number): string[] {
  const source = originals();
  const files: string[] = [];
  for (let i = 0; i < count; i++) {
    const id = skillId(i);
    const { text, license } = source[i % source.length]!;
    const dir = path.join(root, id);
    fs.mkdirSync(path.join(dir, 'references'), { recursive: true });
    fs.mkdirSync(path.join(dir, 'scripts'));
    const file = path.join(dir, 'SKILL.md');
    fs.writeFileSync(file, renamed(text, id));
    if (license !== null) fs.writeFileSync(path.join(dir, 'LICENSE.txt'), license);
    fs.writeFileSync(
      path.join(dir, 'references', 'guide.md'),
      `# Guide for ${id}\n\n${'Notes. '.repeat(150)}\n`,
    );
    fs.writeFileSync(path.join(dir, 'scripts', 'check.py'), `print("checking ${id}")\n`.repeat(20));
    files.push(file);
  }
  return files;
}
