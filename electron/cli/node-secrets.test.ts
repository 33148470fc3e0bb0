import { describe, expect, it } from 'vitest';
import { createEnvSecrets } from './node-secrets';

describe('createEnvSecrets', () => {
  it('reads the variable and refuses to store', async () => {
    const secrets = createEnvSecrets('K', { K: 'v' });
    expect(await secrets.get('provider:cli')).toBe('v');
    expect(await createEnvSecrets('MISSING', {}).get('x')).toBeNull();
    await expect(secrets.set('a', 'b')).rejects.toThrow('keys come from --api-key-env in the CLI');
    await expect(secrets.delete('a')).rejects.toThrow('keys come from --api-key-env in the CLI');
  });
});
