// Crafted hostile packs, each refused by preview and by install with its own reason (words that say what
// the English says), and nothing written: the user folder and the trash stay as they were.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestCore, type TestCore } from '../test-support';
import { expectWordsSayMessage } from '../testing/error-words';
import { seal } from './seal';
import { craftPack, craftZip, SKILL_TEXT } from './testing/craft-zip';
import { uploadPack } from './testing/pack-client';

const MiB = 1024 * 1024;
const skill = (name: string, data: string | Buffer, more: object = {}) => ({
  name: `skill/${name}`,
  data,
  ...more,
});
const manifestEntry = (files: Record<string, string>) => {
  // a pack whose manifest lists `files`, holding only SKILL.md plus whatever else the case adds
  const listed = Object.entries(files).map(([p, text]) => ({
    path: p,
    size: Buffer.byteLength(text),
    sha256: crypto.hash('sha256', text, 'hex'),
  }));
  return {
    name: 'skillpack.json',
    data: JSON.stringify({
      formatVersion: 1,
      id: 'shared-skill',
      name: 'shared-skill',
      description: 'x',
      version: null,
      author: null,
      created: '2026-11-25T10:00:00.000Z',
      appearance: null,
      files: listed,
    }),
  };
};

async function sealedPack(passphrase: string) {
  return seal(craftPack(), passphrase, { log2N: 10, r: 8, p: 1 });
}

interface Case {
  name: string;
  bytes: () => Buffer | Promise<Buffer>;
  reason: string;
  passphrase?: string;
}

const CASES: Case[] = [
  {
    name: 'a ../ path',
    bytes: () => craftPack(undefined, { extra: [{ name: 'skill/../../evil.sh', data: 'rm -rf ~' }] }),
    reason: 'pathTraversal',
  },
  {
    name: 'an absolute path',
    bytes: () => craftPack(undefined, { extra: [{ name: '/tmp/evil.sh', data: 'x' }] }),
    reason: 'absolutePath',
  },
  {
    name: 'a drive letter',
    bytes: () => craftPack(undefined, { extra: [{ name: 'C:/Windows/evil.bat', data: 'x' }] }),
    reason: 'drivePath',
  },
  {
    name: 'backslashes',
    bytes: () => craftPack(undefined, { extra: [{ name: 'skill\\..\\..\\evil.sh', data: 'x' }] }),
    reason: 'backslashPath',
  },
  {
    name: 'a symlink entry',
    bytes: () =>
      craftPack(undefined, {
        extra: [skill('passwd', '/etc/passwd', { unixMode: 0o120777, deflate: false })],
      }),
    reason: 'symlink',
  },
  {
    name: 'a device or fifo entry',
    bytes: () => craftPack(undefined, { extra: [skill('pipe', '', { unixMode: 0o010644 })] }),
    reason: 'specialFile',
  },
  {
    name: 'a file whose sha256 does not match',
    bytes: () =>
      craftPack(undefined, {
        doctor: (m) => ((m.files as { sha256: string }[])[0]!.sha256 = '0'.repeat(64)),
      }),
    reason: 'hashMismatch',
  },
  {
    name: 'a file whose size does not match',
    bytes: () => craftPack(undefined, { doctor: (m) => ((m.files as { size: number }[])[0]!.size += 1) }),
    reason: 'sizeMismatch',
  },
  {
    name: 'a file over the per-file limit',
    bytes: () => craftPack({ 'SKILL.md': SKILL_TEXT, 'big.txt': Buffer.alloc(11 * MiB, 'a') }),
    reason: 'fileTooLarge',
  },
  {
    name: 'files over the total limit (declared sizes, checked before anything is unpacked)',
    bytes: () =>
      craftZip([
        manifestEntry({ 'SKILL.md': SKILL_TEXT }),
        skill('SKILL.md', SKILL_TEXT),
        ...[1, 2, 3, 4, 5, 6].map((n) =>
          skill(`part${n}.bin`, crypto.randomBytes(MiB), { declaredSize: 9 * MiB }),
        ),
      ]),
    reason: 'totalTooLarge',
  },
  {
    name: 'a file that expands past the compression ratio (a zip bomb)',
    bytes: () => craftPack({ 'SKILL.md': SKILL_TEXT, 'zeros.bin': Buffer.alloc(5 * MiB) }),
    reason: 'ratioTooHigh',
  },
  {
    name: 'a file that unpacks to more than its entry declares',
    bytes: () =>
      craftZip([
        manifestEntry({ 'SKILL.md': SKILL_TEXT }),
        skill('SKILL.md', SKILL_TEXT, { declaredSize: 10 }),
      ]),
    reason: 'sizeLie',
  },
  {
    name: 'too many files',
    bytes: () =>
      craftPack(
        Object.fromEntries([
          ['SKILL.md', SKILL_TEXT],
          ...Array.from({ length: 501 }, (_, i) => [`references/n${i}.md`, `${i}`]),
        ]),
      ),
    reason: 'tooManyFiles',
  },
  {
    name: 'a wrong passphrase',
    bytes: () => sealedPack('right one'),
    passphrase: 'wrong one',
    reason: 'wrongPassphrase',
  },
  {
    name: 'a tampered ciphertext (the GCM tag fails)',
    bytes: async () => {
      const bytes = await sealedPack('right one');
      bytes[bytes.length - 40]! ^= 0x01;
      return bytes;
    },
    passphrase: 'right one',
    reason: 'wrongPassphrase',
  },
  {
    name: 'a tampered seal header (authenticated with the ciphertext)',
    bytes: async () => {
      const bytes = await sealedPack('right one');
      bytes[20]! ^= 0x01; // a byte of the salt
      return bytes;
    },
    passphrase: 'right one',
    reason: 'wrongPassphrase',
  },
  {
    name: 'a seal header asking scrypt for gigabytes',
    bytes: async () => {
      const bytes = await sealedPack('right one');
      bytes[10] = 22; // log2(N)
      bytes[11] = 64; // r
      return bytes;
    },
    passphrase: 'right one',
    reason: 'badSeal',
  },
  {
    name: 'a manifest that is not JSON',
    bytes: () => craftZip([{ name: 'skillpack.json', data: '{ not json' }, skill('SKILL.md', SKILL_TEXT)]),
    reason: 'manifestUnreadable',
  },
  {
    name: 'a manifest without its files',
    bytes: () => craftPack(undefined, { doctor: (m) => delete m.files }),
    reason: 'manifestUnreadable',
  },
  {
    name: 'a manifest from a newer format',
    bytes: () => craftPack(undefined, { doctor: (m) => (m.formatVersion = 2) }),
    reason: 'formatTooNew',
  },
  {
    name: 'a file in the zip that the manifest does not list',
    bytes: () => craftPack(undefined, { extra: [skill('scripts/run.sh', 'curl evil | sh')] }),
    reason: 'notInManifest',
  },
  {
    name: 'a file the manifest lists that the zip lacks',
    bytes: () =>
      craftZip([manifestEntry({ 'SKILL.md': SKILL_TEXT, 'notes.md': 'n' }), skill('SKILL.md', SKILL_TEXT)]),
    reason: 'missingFile',
  },
  {
    name: 'an entry outside skill/',
    bytes: () => craftPack(undefined, { extra: [{ name: 'autorun.inf', data: 'x' }] }),
    reason: 'strayEntry',
  },
  {
    name: 'two names that differ only in case',
    bytes: () => craftPack(undefined, { extra: [skill('skill.md', 'x')] }),
    reason: 'duplicatePath',
  },
  {
    name: 'an entry encrypted with ZIP encryption',
    bytes: () => craftPack(undefined, { extra: [skill('secret.txt', 'x', { flags: 1 })] }),
    reason: 'encryptedEntry',
  },
  { name: 'a file that is not a pack at all', bytes: () => Buffer.from('%PDF-1.7\n'), reason: 'notAPack' },
  {
    name: 'a zip without a SKILL.md',
    bytes: () => craftZip([{ name: 'readme.txt', data: 'hello' }]),
    reason: 'noSkillFile',
  },
];

describe('hostile packs', () => {
  let test: TestCore;
  const userDir = () => path.join(test.dataDir, 'skills');
  const snapshot = () => ({
    skills: fs.readdirSync(userDir()),
    trash: fs.existsSync(path.join(test.dataDir, 'trash')),
  });

  beforeAll(() => {
    test = createTestCore({ watchSkills: false });
  });
  afterAll(() => test.dispose());

  it.each(CASES)('refuses $name ($reason), writing nothing', async ({ bytes, reason, passphrase }) => {
    const before = snapshot();
    const uploadId = await uploadPack(test.client, await bytes());
    for (const channel of ['packs:preview', 'packs:install'] as const) {
      const result = await test.client.request(channel, { uploadId, ...(passphrase ? { passphrase } : {}) });
      expect(result.ok, `${channel} should refuse`).toBe(false);
      if (result.ok) continue;
      expect(result.error.words?.key).toBe(`packs.${reason}`);
      expect(result.error.code).toBe('INVALID_INPUT');
      expectWordsSayMessage(result.error.words, result.error.message);
    }
    expect(snapshot()).toEqual(before);
    expect(before.skills).toEqual([]);
  });

  it('refuses an upload past the pack size limit as it arrives, and then forgets it', async () => {
    const piece = Buffer.alloc(512 * 1024).toString('base64');
    let uploadId: string | undefined;
    let offset = 0;
    let refused;
    for (let i = 0; i < 45 && !refused; i++) {
      const result = await test.client.request('packs:upload', {
        ...(uploadId ? { uploadId } : {}),
        offset,
        data: piece,
        done: false,
      });
      if (!result.ok) refused = result.error;
      else ({ uploadId } = result.value);
      offset += 512 * 1024;
    }
    expect(refused?.words?.key).toBe('packs.tooLarge');
    expectWordsSayMessage(refused?.words, refused!.message);
    const after = await test.client.request('packs:preview', { uploadId: uploadId! });
    expect(!after.ok && after.error.words?.key).toBe('packs.uploadUnknown');
  });

  it('refuses a piece that arrives out of order', async () => {
    const first = await test.client.invoke('packs:upload', { offset: 0, data: 'AAAA', done: false });
    const result = await test.client.request('packs:upload', {
      uploadId: first.uploadId,
      offset: 99,
      data: 'AAAA',
      done: true,
    });
    expect(!result.ok && result.error.words?.key).toBe('packs.uploadOutOfOrder');
  });
});
