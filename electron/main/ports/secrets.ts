import fs from 'node:fs/promises';
import path from 'node:path';
import { safeStorage } from 'electron';
import { writeFileAtomic } from '../../core/fs/atomic-write';
import type { SecretStorePort } from '../../core/platform';

interface SecretsFile {
  version: 1;
  /** name → safeStorage ciphertext, base64. */
  secrets: Record<string, string>;
}

/**
 * Secrets encrypted with safeStorage (Keychain, DPAPI, libsecret/kwallet) in `<userData>/secrets.json`,
 * written atomically, readable by the user only. Never stored when the OS offers no real encryption.
 */
export function createSecretStore(file: string): SecretStorePort {
  let cache: Record<string, string> | null = null;
  let writes: Promise<void> = Promise.resolve();

  const load = async (): Promise<Record<string, string>> => {
    if (cache) return cache;
    try {
      const parsed = JSON.parse(await fs.readFile(file, 'utf8')) as Partial<SecretsFile>;
      cache = parsed.secrets && typeof parsed.secrets === 'object' ? { ...parsed.secrets } : {};
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT')
        throw new Error(`${file} is unreadable: ${(error as Error).message}`, { cause: error });
      cache = {};
    }
    return cache;
  };

  /** One change at a time, each written whole: two quick saves must not lose one. */
  const change = (apply: (secrets: Record<string, string>) => Record<string, string>): Promise<void> => {
    const next = writes.then(async () => {
      const secrets = apply({ ...(await load()) });
      await fs.mkdir(path.dirname(file), { recursive: true });
      const body: SecretsFile = { version: 1, secrets };
      await writeFileAtomic(file, `${JSON.stringify(body, null, 2)}\n`);
      await fs.chmod(file, 0o600).catch(() => undefined);
      cache = secrets;
    });
    writes = next.catch(() => undefined);
    return next;
  };

  return {
    kind: 'system',
    async get(name) {
      const stored = (await load())[name];
      if (stored === undefined) return null;
      try {
        return safeStorage.decryptString(Buffer.from(stored, 'base64'));
      } catch (error) {
        throw new Error(
          `the secret "${name}" cannot be decrypted (was it saved under another user or keyring?); save it again`,
          { cause: error },
        );
      }
    },
    async set(name, value) {
      refuseWithoutEncryption();
      const encrypted = safeStorage.encryptString(value).toString('base64');
      await change((secrets) => ({ ...secrets, [name]: encrypted }));
    },
    async delete(name) {
      if (!((await load())[name] !== undefined)) return;
      await change((secrets) => Object.fromEntries(Object.entries(secrets).filter(([key]) => key !== name)));
    },
  };
}

function refuseWithoutEncryption(): void {
  if (!safeStorage.isEncryptionAvailable())
    throw new Error(
      'cannot store the secret: the operating system offers no encryption (safeStorage is unavailable), ' +
        'and Skilldeck never stores secrets in clear',
    );
  // Linux without a keyring: Chromium "encrypts" with a fixed, public key, which is clear text in disguise.
  if (process.platform === 'linux' && safeStorage.getSelectedStorageBackend() === 'basic_text')
    throw new Error(
      'cannot store the secret: no keyring is running (install and unlock GNOME Keyring or KWallet), ' +
        'and Skilldeck never stores secrets in clear',
    );
}
