// The CLI's SecretStorePort: with `--api-key-env`, the key is read from the environment variable it names, so
// it is never typed on the command line (where `ps` and shell history would show it) nor written anywhere.
// Without it, a configured provider's key is read from where `skilldeck serve` keeps it for the same data
// folder (the system keyring), when there is one; the CLI never stores a key.
import type { SecretStorePort } from '../core/platform';
import { ADHOC_PROVIDER_ID } from '../core/providers/adhoc';
import { providerSecretName } from '../core/providers/model-gateway';

export function createEnvSecrets(
  apiKeyEnv: string | undefined,
  env: NodeJS.ProcessEnv = process.env,
  /** Read when no --api-key-env is given (serve's keyring); a failure there reads as no key. */
  stored?: SecretStorePort | null,
): SecretStorePort {
  const refuse = () =>
    Promise.reject(
      new Error('keys come from --api-key-env in the CLI: set the key in that environment variable'),
    );
  return {
    kind: 'environment',
    // With --api-key-env, whichever provider is asked (`provider:<id>`): the CLI has one provider per
    // run. Other secrets (the Brave search key, an MCP server's environment) are not that key.
    get: async (name) => {
      if (apiKeyEnv && name.startsWith('provider:')) return env[apiKeyEnv] ?? null;
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
