import { describe, expect, it } from 'vitest';
import type { SecretStorePort } from '../core/platform';
import { apiKeyEnvNames, apiKeyEnvProblem, createEnvSecrets, environmentKeys } from './node-secrets';

describe('createEnvSecrets', () => {
  it('refuses to store', async () => {
    const secrets = createEnvSecrets();
    expect(await secrets.get('provider:cli')).toBeNull();
    await expect(secrets.set('a', 'b')).rejects.toThrow('keys come from --api-key-env in the CLI');
    await expect(secrets.delete('a')).rejects.toThrow('keys come from --api-key-env in the CLI');
  });

  it('reads a configured provider’s keys from the store serve uses, failures as none', async () => {
    const stored: SecretStorePort = {
      kind: 'system',
      get: (name) =>
        name === 'provider:p1' ? Promise.resolve('sk-1') : Promise.reject(new Error('no keyring reachable')),
      set: () => Promise.resolve(),
      delete: () => Promise.resolve(),
    };
    const secrets = createEnvSecrets(stored);
    expect(await secrets.get('provider:p1')).toBe('sk-1');
    expect(await secrets.get('provider:p2')).toBeNull();
    expect(await secrets.get('provider:cli')).toBeNull(); // --provider's key only from --api-key-env
  });
});

describe('--api-key-env A,B,C', () => {
  const env = { A: 'sk-a', B: ' sk-b\n', EMPTY: '' };

  it('names variables in order, each holding a key', () => {
    expect(apiKeyEnvNames('A, B')).toEqual(['A', 'B']);
    expect(apiKeyEnvProblem('A,B', env)).toBeNull();
    expect(environmentKeys(['A', 'B'], env)).toEqual([
      { label: 'A', value: 'sk-a' },
      { label: 'B', value: 'sk-b' },
    ]);
  });

  it('says what is wrong with the list', () => {
    expect(apiKeyEnvProblem(',', env)).toMatch(/takes the names of environment variables/);
    expect(apiKeyEnvProblem('A,sk-live-1', env)).toMatch(/not "sk-live-1"/);
    expect(apiKeyEnvProblem('A,B,A', env)).toBe('--api-key-env names A twice: name each variable once');
    expect(apiKeyEnvProblem('A,EMPTY', env)).toMatch(/EMPTY is not set in this environment/);
    expect(apiKeyEnvProblem('A,UNSET', env)).toMatch(/UNSET is not set in this environment/);
  });

  it('other secrets (the Brave search key) come from the store: --api-key-env keys never pass through it', async () => {
    const stored: SecretStorePort = {
      get: (name) => Promise.resolve(name === 'search:brave' ? 'BSA-stored' : null),
      set: () => Promise.resolve(),
      delete: () => Promise.resolve(),
    };
    const secrets = createEnvSecrets(stored);
    expect(await secrets.get('search:brave')).toBe('BSA-stored');
    expect(await secrets.get('mcp-env:1')).toBeNull();
  });
});
