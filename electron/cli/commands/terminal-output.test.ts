// What skill folders contain reaches a terminal only as visible text: an ESC sequence in a folder name or a
// description must not clear the screen, retitle the window or fake a line of output.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { runCli as run } from '../test-support';

const temps: string[] = [];
afterEach(() => {
  for (const dir of temps.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

const ESC = '\u001b';
// Raw controls a terminal acts on: C0 but newline, DEL, C1, and the bidi overrides that reorder text.
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const RAW_CONTROL = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/u;

const folderName = `evil${ESC}[2J`;
const description = `Clears ${ESC}]0;pwned\u0007 the title\r✓ fake line\u009b31m, \u202etxt.exe`;

function hostileSkills() {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'skilldeck-hostile-'));
  temps.push(root);
  const skills = path.join(root, 'skills');
  fs.mkdirSync(path.join(skills, folderName), { recursive: true });
  fs.writeFileSync(
    path.join(skills, folderName, 'SKILL.md'),
    `---\nname: ${JSON.stringify(`evil${ESC}[31m`)}\ndescription: ${JSON.stringify(description)}\n---\nBody ${ESC}[5m blinks\n\tindented\nline two\n`,
  );
  return { root, skills, dataDir: path.join(root, 'data') };
}

function expectNoRawControls(text: string) {
  for (const line of text.split('\n')) expect(line).not.toMatch(RAW_CONTROL);
}

describe('text from skill folders is escaped on the terminal', () => {
  it('validate shows ESC, CR, C1 and bidi controls as escapes', async () => {
    const { skills } = hostileSkills();
    const result = await run(['validate', skills]);
    expectNoRawControls(result.out);
    expect(result.out).toContain(String.raw`evil\x1b[2J`);
  });

  it('skills list and skills show escape them too, and show keeps the body on its lines', async () => {
    const { skills, dataDir } = hostileSkills();
    const list = await run(['skills', 'list', '--skills-dir', skills, '--data-dir', dataDir]);
    expectNoRawControls(list.out);
    expect(list.out).toContain(String.raw`evil\x1b[2J`);
    expect(list.out).toContain(
      String.raw`Clears \x1b]0;pwned\x07 the title\r✓ fake line\x9b31m, \u202etxt.exe`,
    );

    const show = await run(['skills', 'show', folderName, '--skills-dir', skills, '--data-dir', dataDir]);
    expectNoRawControls(show.out.replace(/\t/g, ' '));
    expect(show.out).toContain(String.raw`Body \x1b[5m blinks`);
    expect(show.out).toMatch(/\n\tindented\nline two$/);
  });

  it('migrate --dry-run escapes the paths it reports', async () => {
    const { root } = hostileSkills();
    const legacy = path.join(root, `legacy${ESC}[2J`);
    fs.cpSync(path.join(import.meta.dirname, '../../core/skills/testdata/legacy/translate'), legacy, {
      recursive: true,
    });
    const result = await run(['migrate', legacy, '--dry-run', '--data-dir', path.join(root, 'data')]);
    expectNoRawControls(result.out);
    expect(result.out).toContain(String.raw`legacy\x1b[2J`);
  });

  it('--json keeps the exact text, with every control written as a JSON escape', async () => {
    const { skills, dataDir } = hostileSkills();
    const list = await run(['skills', 'list', '--json', '--skills-dir', skills, '--data-dir', dataDir]);
    expect(list.out).not.toMatch(RAW_CONTROL);
    const listed = JSON.parse(list.out) as { id: string; description: string }[];
    expect(listed.find((s) => s.id === folderName)?.description).toBe(description);

    const validated = await run(['validate', '--json', skills]);
    expect(validated.out).not.toMatch(RAW_CONTROL);
    expect(JSON.parse(validated.out)).toMatchObject([{ path: path.join(skills, folderName) }]);
  });
});
