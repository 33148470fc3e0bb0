// A skill exported through packs:export and imported through upload → preview → install, plain and
// sealed; the look travels, the hotkey does not; an id clash is asked about, then replaced or renamed.
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestCore, type TestCore } from '../test-support';
import { expectWordsSayMessage } from '../testing/error-words';
import { craftZip, SKILL_TEXT } from './testing/craft-zip';
import { uploadPack } from './testing/pack-client';

const TOOLED = `---
name: tidy
description: Tidies a folder.
allowed-tools: Read, Glob, Bash(git status:*)
metadata:
  version: 2.1.0
  author: Bea
---
Tidy {{input}}.
`;

let source: TestCore;
let target: TestCore;

beforeEach(() => {
  source = createTestCore({ watchSkills: false });
  target = createTestCore({ watchSkills: false });
  const dir = path.join(source.dataDir, 'skills', 'tidy');
  fs.mkdirSync(path.join(dir, 'references'), { recursive: true });
  fs.writeFileSync(path.join(dir, 'SKILL.md'), TOOLED);
  fs.writeFileSync(path.join(dir, 'references', 'rules.md'), '# Rules\n');
  fs.writeFileSync(path.join(dir, '.DS_Store'), 'junk');
  fs.symlinkSync('/etc/hostname', path.join(dir, 'host-link'));
});
afterEach(async () => {
  await source.dispose();
  await target.dispose();
});

async function exported(passphrase?: string) {
  await source.client.invoke('meta:update', {
    skillId: 'tidy',
    patch: { emoji: '🧹', color: '#0E7490', hotkey: { accelerator: 'Alt+T', display: 'Alt+T' } },
  });
  const out = await source.client.invoke('packs:export', {
    skillId: 'tidy',
    ...(passphrase ? { passphrase } : {}),
  });
  if (out.delivery !== 'download') throw new Error('a headless core hands the pack over for download');
  return { ...out, bytes: Buffer.from(out.data, 'base64') };
}

describe('pack round trip through the channels', () => {
  it('exports the folder (links and hidden files left out), previews and installs it with its look', async () => {
    const pack = await exported();
    expect(pack.fileName).toBe('tidy.skillpack');
    expect(pack.size).toBe(pack.bytes.length);
    expect(pack.leftOut.sort()).toEqual(['.DS_Store', 'host-link']);

    const uploadId = await uploadPack(target.client, pack.bytes, pack.fileName);
    const preview = await target.client.invoke('packs:preview', { uploadId });
    expect(preview).toMatchObject({
      status: 'ready',
      kind: 'pack',
      sealed: false,
      fileName: 'tidy.skillpack',
      manifest: {
        formatVersion: 1,
        id: 'tidy',
        name: 'tidy',
        description: 'Tidies a folder.',
        version: '2.1.0',
        author: 'Bea',
        appearance: { emoji: '🧹', color: '#0e7490' },
      },
      tools: { mode: 'agent', agent: true, allowed: ['Read', 'Glob', 'Bash(git status:*)'] },
      clash: null,
      runnable: true,
    });
    if (preview.status !== 'ready') return;
    expect(preview.manifest.files.map((f) => f.path)).toEqual(['SKILL.md', 'references/rules.md']);
    expect(preview.findings.filter((f) => f.severity === 'error')).toEqual([]);

    const installed = await target.client.invoke('packs:install', { uploadId });
    expect(installed).toMatchObject({ skillId: 'tidy', replaced: null });
    const dir = path.join(target.dataDir, 'skills', 'tidy');
    expect(fs.readFileSync(path.join(dir, 'SKILL.md'), 'utf8')).toBe(TOOLED);
    expect(fs.readFileSync(path.join(dir, 'references', 'rules.md'), 'utf8')).toBe('# Rules\n');
    expect(fs.readdirSync(path.join(target.dataDir, 'skills'))).toEqual(['tidy']); // no temp folder left
    const listed = (await target.client.invoke('skills:list', undefined)).find((s) => s.id === 'tidy');
    expect(listed?.meta).toMatchObject({ emoji: '🧹', color: '#0e7490', hotkey: null });
    // installed: the held file is let go
    const again = await target.client.request('packs:preview', { uploadId });
    expect(!again.ok && again.error.words?.key).toBe('packs.uploadUnknown');
  });

  it('a sealed pack previews as locked, opens with its passphrase and is refused with another', async () => {
    const pack = await exported('correct horse');
    expect(pack.bytes.subarray(0, 8).toString('latin1')).toBe('SKPKSEAL');
    expect(pack.bytes.includes(Buffer.from('Tidies a folder'))).toBe(false);
    const uploadId = await uploadPack(target.client, pack.bytes);
    expect(await target.client.invoke('packs:preview', { uploadId })).toMatchObject({ status: 'locked' });
    const locked = await target.client.request('packs:install', { uploadId });
    expect(!locked.ok && locked.error.words?.key).toBe('packs.needsPassphrase');
    const wrong = await target.client.request('packs:preview', { uploadId, passphrase: 'battery staple' });
    expect(!wrong.ok && wrong.error.words?.key).toBe('packs.wrongPassphrase');
    const ready = await target.client.invoke('packs:preview', { uploadId, passphrase: 'correct horse' });
    expect(ready).toMatchObject({ status: 'ready', sealed: true, manifest: { id: 'tidy' } });
    await target.client.invoke('packs:install', { uploadId, passphrase: 'correct horse' });
    expect(fs.existsSync(path.join(target.dataDir, 'skills', 'tidy', 'SKILL.md'))).toBe(true);
  });

  it('asks about a taken id: CONFLICT without a choice, then replace (old one to the trash) or rename', async () => {
    const mine = path.join(target.dataDir, 'skills', 'tidy');
    fs.mkdirSync(mine, { recursive: true });
    fs.writeFileSync(path.join(mine, 'SKILL.md'), SKILL_TEXT.replace('shared-skill', 'tidy'));
    const pack = await exported();

    let uploadId = await uploadPack(target.client, pack.bytes);
    const preview = await target.client.invoke('packs:preview', { uploadId });
    expect(preview).toMatchObject({
      clash: { source: 'user', path: mine, replaceable: true, suggestedId: 'tidy-2' },
    });
    const asked = await target.client.request('packs:install', { uploadId });
    expect(!asked.ok && asked.error.code).toBe('CONFLICT');
    if (!asked.ok) expectWordsSayMessage(asked.error.words, asked.error.message);
    expect(fs.readFileSync(path.join(mine, 'SKILL.md'), 'utf8')).toContain('came in a pack');

    const renamed = await target.client.invoke('packs:install', {
      uploadId,
      onClash: 'rename',
      newId: 'tidy-2',
    });
    expect(renamed).toMatchObject({ skillId: 'tidy-2', replaced: null });
    const copy = fs.readFileSync(path.join(target.dataDir, 'skills', 'tidy-2', 'SKILL.md'), 'utf8');
    expect(copy).toContain('name: tidy-2');
    expect(copy).toContain('Tidy {{input}}.');

    uploadId = await uploadPack(target.client, pack.bytes);
    const taken = await target.client.request('packs:install', {
      uploadId,
      onClash: 'rename',
      newId: 'tidy-2',
    });
    expect(!taken.ok && taken.error.words?.key).toBe('packs.renameTaken');
    const replaced = await target.client.invoke('packs:install', { uploadId, onClash: 'replace' });
    expect(replaced.replaced?.skillId).toBe('tidy');
    expect(fs.readFileSync(path.join(mine, 'SKILL.md'), 'utf8')).toBe(TOOLED);
    // the replaced skill is in the trash, and comes back
    await target.client.invoke('skills:delete', { skillId: 'tidy' });
    await target.client.invoke('skills:restore', { trashId: replaced.replaced!.trashId });
    expect(fs.readFileSync(path.join(mine, 'SKILL.md'), 'utf8')).toContain('came in a pack');
  });

  it('installs under another id when asked, clash or not; refuses rename without the id', async () => {
    const uploadId = await uploadPack(target.client, (await exported()).bytes);
    const missing = await target.client.request('packs:install', { uploadId, onClash: 'rename' });
    expect(!missing.ok && missing.error.words?.key).toBe('packs.renameNeedsId');
    const installed = await target.client.invoke('packs:install', {
      uploadId,
      onClash: 'rename',
      newId: 'neat',
    });
    expect(installed.skillId).toBe('neat');
    expect(fs.readdirSync(path.join(target.dataDir, 'skills'))).toEqual(['neat']);
  });

  it('a built-in with the id is not replaced: the import goes to the user folder and shadows it', async () => {
    target.writeSkill('tidy', SKILL_TEXT.replace('shared-skill', 'tidy')); // the test core's built-ins
    const uploadId = await uploadPack(target.client, (await exported()).bytes);
    expect(await target.client.invoke('packs:preview', { uploadId })).toMatchObject({
      clash: { source: 'builtin', replaceable: false },
    });
    const installed = await target.client.invoke('packs:install', { uploadId, onClash: 'replace' });
    expect(installed).toMatchObject({ skillId: 'tidy', replaced: null });
    expect(fs.existsSync(path.join(target.skillsDir, 'tidy', 'SKILL.md'))).toBe(true);
    const tidy = (await target.client.invoke('skills:list', undefined)).filter((s) => s.id === 'tidy');
    expect(tidy.map((s) => [s.source, s.shadowedBy?.source ?? null])).toEqual([
      ['user', null],
      ['builtin', 'user'],
    ]);
  });
});

describe('a plain zip of a skill folder', () => {
  it('imports a folder zipped with its top folder (a GitHub archive), leaving __MACOSX out', async () => {
    const zip = craftZip([
      { name: 'shared-skill-main/SKILL.md', data: SKILL_TEXT },
      { name: 'shared-skill-main/scripts/run.sh', data: 'echo hi\n' },
      { name: '__MACOSX/shared-skill-main/._SKILL.md', data: 'x' },
    ]);
    const uploadId = await uploadPack(target.client, zip, 'shared-skill-main.zip');
    const preview = await target.client.invoke('packs:preview', { uploadId });
    expect(preview).toMatchObject({
      status: 'ready',
      kind: 'folder-zip',
      manifest: { id: 'shared-skill', description: 'A skill that came in a pack.', appearance: null },
    });
    if (preview.status === 'ready')
      expect(preview.manifest.files.map((f) => f.path)).toEqual(['SKILL.md', 'scripts/run.sh']);
    await target.client.invoke('packs:install', { uploadId });
    expect(fs.readdirSync(path.join(target.dataDir, 'skills', 'shared-skill')).sort()).toEqual([
      'SKILL.md',
      'scripts',
    ]);
  });

  it('refuses a zip holding several skills', async () => {
    const zip = craftZip([
      { name: 'a/SKILL.md', data: SKILL_TEXT },
      { name: 'b/SKILL.md', data: SKILL_TEXT },
    ]);
    const uploadId = await uploadPack(target.client, zip);
    const result = await target.client.request('packs:preview', { uploadId });
    expect(!result.ok && result.error.words).toEqual({
      key: 'packs.severalSkills',
      values: { where: 'a/, b/' },
    });
  });
});

describe('packs:export in the desktop app', () => {
  it('writes the pack where the save dialog says, or nothing when it is cancelled', async () => {
    const chosen: string[] = [];
    let answer: string | null = null;
    const app = createTestCore({
      watchSkills: false,
      saveFile: (name) => (chosen.push(name), Promise.resolve(answer)),
    });
    try {
      app.writeSkill('tidy', TOOLED);
      expect(await app.client.invoke('packs:export', { skillId: 'tidy' })).toMatchObject({
        delivery: 'cancelled',
      });
      answer = path.join(app.dataDir, 'out.skillpack');
      const saved = await app.client.invoke('packs:export', { skillId: 'tidy' });
      expect(saved).toMatchObject({ delivery: 'saved', path: answer });
      expect(chosen).toEqual(['tidy.skillpack', 'tidy.skillpack']);
      expect(fs.readFileSync(answer).subarray(0, 2).toString()).toBe('PK');
    } finally {
      await app.dispose();
    }
  });
});
