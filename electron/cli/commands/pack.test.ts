// `skilldeck pack` → `skilldeck unpack` between two data folders, plain and sealed; the clash flags; a
// hostile pack refused with its reason and nothing written; the usage errors.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { craftPack } from '../../core/packs/testing/craft-zip';
import { runCli } from '../test-support';

const SKILL = `---
name: greet
description: Greets whoever is named.
allowed-tools: Read
metadata:
  version: 0.3.0
  author: Cai
---
Greet {{input}}.
`;

let root: string;
const from = () => path.join(root, 'from');
const to = () => path.join(root, 'to');
const skillsOf = (dataDir: string) => fs.readdirSync(path.join(dataDir, 'skills')).sort();

beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'skilldeck-pack-cli-'));
  fs.mkdirSync(path.join(from(), 'skills', 'greet', 'assets'), { recursive: true });
  fs.writeFileSync(path.join(from(), 'skills', 'greet', 'SKILL.md'), SKILL);
  fs.writeFileSync(path.join(from(), 'skills', 'greet', 'assets', 'logo.bin'), Buffer.from([0, 1, 2, 255]));
});
afterEach(() => {
  delete process.env.TEST_PACK_PASSPHRASE;
  fs.rmSync(root, { recursive: true, force: true });
});

describe('skilldeck pack / unpack', () => {
  it('round-trips a skill: the preview first, then the files byte for byte', async () => {
    const file = path.join(root, 'greet.skillpack');
    const packed = await runCli(['pack', 'greet', '-o', file, '--data-dir', from()]);
    expect(packed).toMatchObject({ code: 0, err: '' });
    expect(packed.out).toMatch(/^Packed greet \(2 files\) into .*greet\.skillpack: /);

    const unpacked = await runCli(['unpack', file, '--data-dir', to()]);
    expect(unpacked.err).toBe('');
    expect(unpacked.code).toBe(0);
    expect(unpacked.out).toContain('greet 0.3.0 by Cai');
    expect(unpacked.out).toContain('Greets whoever is named.');
    expect(unpacked.out).toMatch(/Files: 2,/);
    expect(unpacked.out).toContain('Tools: Read, each behind the permission prompts');
    expect(unpacked.out).toContain('Findings: none');
    expect(unpacked.out).toContain(`Installed greet into ${path.join(to(), 'skills', 'greet')}`);
    for (const file of ['SKILL.md', 'assets/logo.bin'])
      expect(fs.readFileSync(path.join(to(), 'skills', 'greet', file))).toEqual(
        fs.readFileSync(path.join(from(), 'skills', 'greet', file)),
      );
  });

  it('seals with --passphrase-env and opens only with it', async () => {
    process.env.TEST_PACK_PASSPHRASE = 'tea and biscuits';
    const file = path.join(root, 'sealed.skillpack');
    const packed = await runCli([
      'pack',
      'greet',
      '-o',
      file,
      '--data-dir',
      from(),
      '--passphrase-env',
      'TEST_PACK_PASSPHRASE',
    ]);
    expect(packed.out).toContain('sealed with the passphrase');
    expect(fs.readFileSync(file).includes(Buffer.from('Greet'))).toBe(false);

    const locked = await runCli(['unpack', file, '--data-dir', to()]);
    expect(locked).toMatchObject({
      code: 1,
      err: expect.stringContaining('sealed: give its passphrase with --passphrase-env'),
    });
    process.env.TEST_PACK_PASSPHRASE = 'coffee';
    const wrong = await runCli([
      'unpack',
      file,
      '--data-dir',
      to(),
      '--passphrase-env',
      'TEST_PACK_PASSPHRASE',
    ]);
    expect(wrong).toMatchObject({ code: 1, err: expect.stringContaining('the passphrase is wrong') });
    expect(fs.existsSync(path.join(to(), 'skills', 'greet'))).toBe(false);
    process.env.TEST_PACK_PASSPHRASE = 'tea and biscuits';
    const right = await runCli([
      'unpack',
      file,
      '--data-dir',
      to(),
      '--passphrase-env',
      'TEST_PACK_PASSPHRASE',
    ]);
    expect(right.code).toBe(0);
    expect(right.out).toContain('a sealed skill pack');
    expect(fs.readFileSync(path.join(to(), 'skills', 'greet', 'SKILL.md'), 'utf8')).toBe(SKILL);
  });

  it('refuses a taken id without --replace or --rename, then does what the flag says', async () => {
    const file = path.join(root, 'greet.skillpack');
    await runCli(['pack', 'greet', '-o', file, '--data-dir', from()]);
    fs.mkdirSync(path.join(to(), 'skills', 'greet'), { recursive: true });
    fs.writeFileSync(
      path.join(to(), 'skills', 'greet', 'SKILL.md'),
      SKILL.replace('Greet {{input}}', 'Mine'),
    );

    const refused = await runCli(['unpack', file, '--data-dir', to()]);
    expect(refused.code).toBe(1);
    expect(refused.err).toMatch(
      /already exists \(user: .*\): run again with --replace .* or --rename NEW-ID \(e\.g\. --rename greet-2\)/,
    );
    const dry = await runCli(['unpack', file, '--data-dir', to(), '--dry-run']);
    expect(dry.code).toBe(0);
    expect(dry.out).toContain('Its id is taken');
    expect(skillsOf(to())).toEqual(['greet']);

    expect((await runCli(['unpack', file, '--data-dir', to(), '--rename', 'greet-2'])).code).toBe(0);
    expect(fs.readFileSync(path.join(to(), 'skills', 'greet-2', 'SKILL.md'), 'utf8')).toContain(
      'name: greet-2',
    );
    const replaced = await runCli(['unpack', file, '--data-dir', to(), '--replace']);
    expect(replaced.out).toContain('The skill it replaced is in the trash');
    expect(fs.readFileSync(path.join(to(), 'skills', 'greet', 'SKILL.md'), 'utf8')).toBe(SKILL);
    expect(fs.readdirSync(path.join(to(), 'trash')).length).toBe(2); // the folder and its record
  });

  it('refuses a hostile pack with the reason, writing nothing', async () => {
    const file = path.join(root, 'evil.skillpack');
    fs.writeFileSync(
      file,
      craftPack(undefined, { extra: [{ name: 'skill/../../../.bashrc', data: 'evil' }] }),
    );
    const result = await runCli(['unpack', file, '--data-dir', to()]);
    expect(result).toMatchObject({ code: 1, out: '' });
    expect(result.err).toContain('skill/../../../.bashrc climbs out of the skill folder (..)');
    expect(skillsOf(to())).toEqual([]);
  });

  it.each([
    [['pack'], '`pack` takes one SKILL id'],
    [['unpack', 'a', 'b'], '`unpack` takes one FILE'],
    [['unpack', 'x.skillpack', '--replace', '--rename', 'y'], 'not both'],
    [['unpack', 'x.skillpack', '--rename', 'Not An Id'], '--rename takes a new skill id'],
    [['unpack', 'x.skillpack', '-o', 'y'], 'takes no -o'],
    [['pack', 'greet', '--passphrase-env', 'UNSET_PACK_PASSPHRASE_VAR'], 'is not set in this environment'],
    [['pack', 'greet', '--passphrase-env', 'a b'], 'takes the name of an environment variable'],
  ])('usage error: %j', async (argv, message) => {
    const result = await runCli([...argv, '--data-dir', to()]);
    expect(result.code).toBe(2);
    expect(result.err).toContain(message);
  });

  it('says what is missing: no such skill, no such file', async () => {
    expect(await runCli(['pack', 'nope', '--data-dir', from()])).toMatchObject({
      code: 1,
      err: expect.stringContaining('nope'),
    });
    expect(await runCli(['unpack', path.join(root, 'none.skillpack'), '--data-dir', to()])).toMatchObject({
      code: 1,
      err: expect.stringContaining('no such file'),
    });
  });

  it('has help', async () => {
    const help = await runCli(['unpack', '--help']);
    expect(help.out).toContain('skilldeck unpack FILE|URL');
    expect(help.out).toContain('--passphrase-env VAR');
    expect((await runCli(['--help'])).out).toContain('skilldeck pack SKILL');
  });
});
