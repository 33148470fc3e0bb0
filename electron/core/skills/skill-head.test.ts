import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { discoverSkillFolders, readFileBytes } from './discover';
import { loadSkill, parseSkill, readSkillLayout } from './skill-entry';
import { skillFileHead } from './skill-head';
import type { SourceRoot } from './sources';

// The listing decodes only a SKILL.md's frontmatter (skill-head.ts); what it lists must be exactly what
// reading the whole file gives.

const testdata = path.join(import.meta.dirname, 'testdata');
const builtin = path.join(import.meta.dirname, '..', '..', '..', 'skills');
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'skilldeck-head-'));
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

/** Odd files of the kind the head reader leaves to the full reader, or reads with care. */
const crafted: Record<string, string | Buffer> = {
  crlf: '---\r\nname: crlf\r\ndescription: Windows line ends.\r\n---\r\nUse {{selection}} here.\r\n',
  bom: '\uFEFF---\nname: bom\ndescription: A BOM first.\n---\nBody\n',
  'nbsp-close':
    '---\nname: nbsp-close\ndescription: A closing line with a no-break space.\n---\u00a0\nBody $ARGUMENTS\n',
  'dash-text': '---\nname: dash-text\ndescription: x\n---not a close\n---\nBody\n',
  'trailing-space-close':
    '---  \nname: trailing-space-close\ndescription: y\n--- \t\nUses {{ selection }}.\n',
  'no-newline-close': '---\nname: no-newline-close\ndescription: z\n---',
  'body-nul': Buffer.concat([
    Buffer.from('---\nname: body-nul\ndescription: z\n---\nBody'),
    Buffer.from([0]),
  ]),
  'body-not-utf8': Buffer.concat([
    Buffer.from('---\nname: body-not-utf8\ndescription: z\n---\n'),
    Buffer.from([0xc3, 0x28]),
  ]),
  'escaped-arguments':
    '---\nname: escaped-arguments\ndescription: q\n---\nLiterally \\$ARGUMENTS, and {{selectionx}}.\n',
  unterminated: '---\nname: unterminated\ndescription: never closed\n',
  'workflow-inputs':
    '---\nname: workflow-inputs\ndescription: w\nworkflow:\n  steps:\n    - id: a\n      prompt: "Fix {{selection}}"\n---\n',
};
for (const [name, text] of Object.entries(crafted)) {
  fs.mkdirSync(path.join(work, name), { recursive: true });
  fs.writeFileSync(path.join(work, name, 'SKILL.md'), text);
}

const folders = [work, testdata, builtin];

describe('the listing reads the frontmatter only', () => {
  it('lists every skill of the fixtures, corpus, built-ins and odd files exactly as reading the whole file', async () => {
    let compared = 0;
    for (const dir of folders) {
      const root: SourceRoot = { kind: 'folder', dir, precedence: 1 };
      for (const found of await discoverSkillFolders(dir)) {
        const file = path.join(found.dir, found.fileName);
        const layout = found.hasPhases ? await readSkillLayout(found.dir).catch(() => null) : null;
        const whole = parseSkill(root, found, file, await readFileBytes(file), layout).entry;
        const listed = await loadSkill(root, found);
        // phase files add findings after parsing: compare what the SKILL.md alone gives
        if (layout?.kind === 'phases')
          expect(listed).toMatchObject({ ...whole, findings: expect.any(Array) });
        else expect(listed, file).toEqual(whole);
        compared++;
      }
    }
    expect(compared).toBeGreaterThan(60);
  });

  it('splits the common kind of file at its closing line', () => {
    const head = skillFileHead(Buffer.from(crafted.crlf as string));
    expect(head?.text).toBe('---\r\nname: crlf\r\ndescription: Windows line ends.\r\n---\r\n');
    expect(head?.body.toString()).toBe('Use {{selection}} here.\r\n');
    expect(skillFileHead(Buffer.from(crafted['dash-text'] as string))?.body.toString()).toBe('Body\n');
  });

  it.each(['bom', 'nbsp-close', 'body-nul', 'body-not-utf8', 'unterminated'])(
    'leaves %s to the whole-file reader',
    (name) => {
      const text = crafted[name]!;
      expect(skillFileHead(Buffer.isBuffer(text) ? text : Buffer.from(text))).toBeNull();
    },
  );

  it('leaves a file over the size limit to the whole-file reader', () => {
    const big = Buffer.from(`---\nname: big\ndescription: d\n---\n${'x'.repeat(1024 * 1024)}`);
    expect(skillFileHead(big)).toBeNull();
  });
});
