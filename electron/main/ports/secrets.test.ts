import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createSecretStore } from './secrets';

const fake = vi.hoisted(() => ({ encryption: true, backend: 'gnome_libsecret' }));

vi.mock('electron', () => ({
  // "Encryption" the test can see through: reversed bytes behind a marker.
  safeStorage: {
    isEncryptionAvailable: () => fake.encryption,
    getSelectedStorageBackend: () => fake.backend,
    encryptString: (text: string) => Buffer.from(`enc:${[...text].reverse().join('')}`),
    decryptString: (data: Buffer) => {
      const text = data.toString();
      if (!text.startsWith('enc:')) throw new Error('bad ciphertext');
      return [...text.slice(4)].reverse().join('');
    },
  },
}));

let dir: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'skilldeck-secrets-'));
  fake.encryption = true;
  fake.backend = 'gnome_libsecret';
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('secrets (safeStorage)', () => {
  it('stores only ciphertext, base64, in userData/secrets.json, written atomically and private', async () => {
    const file = path.join(dir, 'secrets.json');
    const store = createSecretStore(file);
    await Promise.all([store.set('provider:openai', 'sk-live-123'), store.set('provider:x', 'other')]);
    const raw = fs.readFileSync(file, 'utf8');
    expect(raw).not.toContain('sk-live-123');
    const parsed = JSON.parse(raw) as { version: number; secrets: Record<string, string> };
    expect(parsed.version).toBe(1);
    expect(Buffer.from(parsed.secrets['provider:openai']!, 'base64').toString()).toBe('enc:321-evil-ks');
    expect(Object.keys(parsed.secrets).sort()).toEqual(['provider:openai', 'provider:x']);
    if (process.platform !== 'win32') expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(fs.readdirSync(dir)).toEqual(['secrets.json']);

    const reopened = createSecretStore(file);
    expect(await reopened.get('provider:openai')).toBe('sk-live-123');
    expect(await reopened.get('missing')).toBeNull();
    await reopened.delete('provider:openai');
    expect(await createSecretStore(file).get('provider:openai')).toBeNull();
    expect(await createSecretStore(file).get('provider:x')).toBe('other');
  });

  it('refuses to store when the OS offers no encryption, and never writes the value', async () => {
    const file = path.join(dir, 'secrets.json');
    fake.encryption = false;
    await expect(createSecretStore(file).set('provider:openai', 'sk-1')).rejects.toThrow(
      /no encryption.*never stores secrets in clear/,
    );
    expect(fs.existsSync(file)).toBe(false);
  });

  it.runIf(process.platform === 'linux')(
    'refuses the basic_text backend (Linux without a keyring)',
    async () => {
      fake.backend = 'basic_text';
      await expect(createSecretStore(path.join(dir, 's.json')).set('k', 'v')).rejects.toThrow(/no keyring/);
    },
  );

  it('says which secret cannot be decrypted, without its value', async () => {
    const file = path.join(dir, 'secrets.json');
    fs.writeFileSync(
      file,
      JSON.stringify({ version: 1, secrets: { k: Buffer.from('garbage').toString('base64') } }),
    );
    await expect(createSecretStore(file).get('k')).rejects.toThrow(/"k" cannot be decrypted/);
  });
});
