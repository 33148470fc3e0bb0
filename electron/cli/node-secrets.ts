// The CLI's SecretStorePort. Keys given with `--api-key-env A,B,C` never pass through it: they go to the
// provider's key pool straight from the environment (never typed on the command line, where `ps` and shell
// history would show them, nor written anywhere). Without them, a configured provider's keys are read from
// where `skilldeck serve` keeps them for the same data folder (the system keyring), when there is one; the
// CLI never stores a key.
import type { SecretStorePort } from '../core/platform';
import { ADHOC_PROVIDER_ID } from '../core/providers/adhoc';
import { providerSecretName } from '../core/providers/key-sources';

export { apiKeyEnvNames, apiKeyEnvProblem } from './api-key-env';

export function createEnvSecrets(
  /** serve's keyring; a failure there reads as no key. */
  stored?: SecretStorePort | null,
): SecretStorePort {
  const refuse = () =>
    Promise.reject(
      new Error('keys come from --api-key-env in the CLI: set the key in that environment variable'),
    );
  return {
    kind: 'environment',
    get: async (name) => {
      // the flags' provider (--provider) has no stored key: only --api-key-env gives it one
      if (!stored || name === providerSecretName(ADHOC_PROVIDER_ID)) return null;
      try {
        return await stored.get(name);
      } catch {
        return null; // no keyring reachable: the provider is reported as having no key, with what to do
      }
    },
    set: refuse,
    delete: refuse,
  };
}

/** The keys the variables hold, labelled by their names. */
export const environmentKeys = (names: readonly string[], env: NodeJS.ProcessEnv = process.env) =>
  names.map((name) => ({ label: name, value: (env[name] ?? '').trim() }));
