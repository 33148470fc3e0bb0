// The CLI's SecretStorePort: the key is read from the environment variable named by `--api-key-env`, so it
// is never typed on the command line (where `ps` and shell history would show it) nor written anywhere.
import type { SecretStorePort } from '../core/platform';

export function createEnvSecrets(
  apiKeyEnv: string | undefined,
  env: NodeJS.ProcessEnv = process.env,
): SecretStorePort {
  const refuse = () =>
    Promise.reject(
      new Error('keys come from --api-key-env in the CLI: set the key in that environment variable'),
    );
  return {
    kind: 'environment',
    // Whatever the name asked (`provider:<id>`): the CLI has one provider per run, keyed by the flag.
    get: (_name) => Promise.resolve(apiKeyEnv ? (env[apiKeyEnv] ?? null) : null),
    set: refuse,
    delete: refuse,
  };
}
