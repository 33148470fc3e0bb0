import { describe, expect, it } from 'vitest';
import type { SecretStorePort } from '../core/platform';
import { createEnvSecrets } from './node-secrets';

describe('createEnvSecrets', () => {
  it('reads the variable and refuses to store', async () => {
    const secrets = createEnvSecrets('K', { K: 'v' });
    expect(await secrets.get('provider:cli')).toBe('v');
    expect(await createEnvSecrets('MISSING', {}).get('x')).toBeNull();
    await expect(secrets.set('a', 'b')).rejects.toThrow('keys come from --api-key-env in the CLI');
    await expect(secrets.delete('a')).rejects.toThrow('keys come from --api-key-env in the CLI');
  });

  it('without --api-key-env reads a configured provider’s key from the store serve uses, failures as none', async () => {
    const stored: SecretStorePort = {
      kind: 'system',
      get: (name) =>
        name === 'provider:p1' ? Promise.resolve('sk-1') : Promise.reject(new Error('no keyring reachable')),
      set: () => Promise.resolve(),
      delete: () => Promise.resolve(),
    };
    const secrets = createEnvSecrets(undefined, {}, stored);
    expect(await secrets.get('provider:p1')).toBe('sk-1');
    expect(await secrets.get('provider:p2')).toBeNull();
    expect(await secrets.get('provider:cli')).toBeNull(); // --provider's key only from --api-key-env
    expect(await createEnvSecrets('K', { K: 'v' }, stored).get('provider:p1')).toBe('v');
  });

  it('--api-key-env is a provider’s key only: other secrets still come from the store', async () => {
    const stored: SecretStorePort = {
      get: (name) => Promise.resolve(name === 'search:brave' ? 'BSA-stored' : null),
      set: () => Promise.resolve(),
      delete: () => Promise.resolve(),
    };
    const secrets = createEnvSecrets('K', { K: 'sk-provider' }, stored);
    expect(await secrets.get('search:brave')).toBe('BSA-stored');
    expect(await secrets.get('mcp-env:1')).toBeNull();
  });
});
