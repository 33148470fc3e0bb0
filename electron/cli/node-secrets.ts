// The CLI's SecretStorePort. Keys given with `--api-key-env A,B,C` never pass through it: they go to the
// provider's key pool straight from the environment (never typed on the command line, where `ps` and shell
// history would show them, nor written anywhere). Without them, a configured provider's keys are read from
// where `skilldeck serve` keeps them for the same data folder (the system keyring), when there is one; the
// CLI never stores a key.
import type { SecretStorePort } from '../core/platform';
import { ADHOC_PROVIDER_ID } from '../core/providers/adhoc';
import { providerSecretName } from '../core/providers/key-sources';

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

/** `--api-key-env A,B,C`: the variables named, in order, each once. */
export function apiKeyEnvNames(flag: string): string[] {
  return flag
    .split(',')
    .map((name) => name.trim())
    .filter((name) => name !== '');
}

/**
 * What is wrong with `--api-key-env`, or null: each name must be a variable's name, given once, and set
 * to a non-empty value.
 */
export function apiKeyEnvProblem(
  flag: string | undefined,
  env: NodeJS.ProcessEnv = process.env,
): string | null {
  if (flag === undefined) return null;
  const names = apiKeyEnvNames(flag);
  if (names.length === 0)
    return '--api-key-env takes the names of environment variables (e.g. OPENAI_API_KEY, or A,B,C for several keys)';
  for (const [index, name] of names.entries()) {
    if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(name))
      return `--api-key-env takes the names of environment variables (e.g. OPENAI_API_KEY, or A,B,C for several keys), not "${name}"`;
    if (names.indexOf(name) !== index) return `--api-key-env names ${name} twice: name each variable once`;
    if (!env[name])
      return `--api-key-env ${name}: ${name} is not set in this environment; export it first, e.g. ${name}=… skilldeck run …`;
  }
  return null;
}

/** The keys the variables hold, labelled by their names. */
export const environmentKeys = (names: readonly string[], env: NodeJS.ProcessEnv = process.env) =>
  names.map((name) => ({ label: name, value: (env[name] ?? '').trim() }));
