// Where a pool's keys come from: the provider_keys table with the keys in the SecretStore port (the app
// and serve), one key in the SecretStore alone (a gateway without a database), or environment variables
// (the CLI's `--api-key-env A,B,C`).
import { randomUUID } from 'node:crypto';
import type { SecretStorePort } from '../platform';
import type { KeyRefusal, ProviderKeyRepo } from '../store/provider-keys';
import type { KeySource, PoolEntry } from './key-pool';

/** Where a provider kept its one key before pools; the pool adopts it as "Key 1". */
export const providerSecretName = (providerId: string) => `provider:${providerId}`;

/** The SecretStore name of one key of a pool. */
export const keySecretName = (providerId: string, keyId: string) => `provider:${providerId}:key:${keyId}`;

/** The label a key gets when none is given: "Key N", the first N not taken. */
export function nextKeyLabel(taken: readonly string[]): string {
  const lower = new Set(taken.map((label) => label.toLowerCase()));
  for (let n = taken.length + 1; ; n += 1) if (!lower.has(`key ${n}`)) return `Key ${n}`;
}

export interface StoredKeySourceOptions {
  repo: ProviderKeyRepo;
  secrets: SecretStorePort;
  now?: () => number;
}

/** The table's keys, their values in the secret store; a provider's single pre-pool key adopted first. */
export function storedKeySource(options: StoredKeySourceOptions): KeySource {
  const { repo, secrets } = options;
  const now = options.now ?? Date.now;
  /** Providers whose pre-pool key was looked for in this process (a promise: one look at a time). */
  const adopted = new Map<string, Promise<void>>();

  async function adopt(providerId: string): Promise<void> {
    if (repo.list(providerId).length > 0) return;
    const single = await secrets.get(providerSecretName(providerId));
    if (single === null || repo.list(providerId).length > 0) return;
    repo.add(
      providerId,
      { id: randomUUID(), label: 'Key 1', secretName: providerSecretName(providerId) },
      now(),
    );
  }

  return {
    async entries(providerId) {
      let adoption = adopted.get(providerId);
      if (!adoption) {
        // a store that cannot be read now (a locked keyring) is asked again next time
        adoption = adopt(providerId).catch(() => void adopted.delete(providerId));
        adopted.set(providerId, adoption);
      }
      await adoption;
      return repo.list(providerId).map((record): PoolEntry => ({
        id: record.id,
        label: record.label,
        source: 'stored',
        refused: record.refused,
        read: () => secrets.get(record.secretName),
      }));
    },
    refuse: (_providerId, keyId, refusal) => repo.refuse(keyId, refusal),
    accept: (providerId, keyId) => {
      if (repo.get(providerId, keyId)?.refused) repo.edit(keyId, undefined, now());
    },
  };
}

/** A provider's one key under `provider:<id>` with no table (tests, a gateway built alone). */
export function singleKeySource(secrets: SecretStorePort): KeySource {
  const refused = new Map<string, KeyRefusal>();
  return {
    async entries(providerId) {
      const name = providerSecretName(providerId);
      if ((await secrets.get(name).catch(() => null)) === null) return [];
      return [
        {
          id: 'key-1',
          label: 'Key 1',
          source: 'stored',
          refused: refused.get(providerId) ?? null,
          read: () => secrets.get(name),
        },
      ];
    },
    refuse: (providerId, _keyId, refusal) => void refused.set(providerId, refusal),
    accept: (providerId) => void refused.delete(providerId),
  };
}

export interface EnvironmentKey {
  /** The variable's name: the key's label. */
  label: string;
  value: string;
}

/**
 * Keys given on the command line, labelled by their variables, for the providers `appliesTo` picks (a CLI
 * run: whichever it uses; serve: the default one); the others read `fallback`. Refusals last as long as the
 * process: the variables are the user's to change.
 */
export function environmentKeySource(
  keys: readonly EnvironmentKey[],
  appliesTo: (providerId: string) => boolean,
  fallback: KeySource | null,
): KeySource {
  const refused = new Map<string, KeyRefusal>();
  const id = (index: number) => `env-${index + 1}`;
  const ours = (providerId: string) => appliesTo(providerId) || !fallback;
  return {
    async entries(providerId) {
      if (!ours(providerId)) return fallback!.entries(providerId);
      return keys.map((key, index): PoolEntry => ({
        id: id(index),
        label: key.label,
        source: 'environment',
        refused: refused.get(id(index)) ?? null,
        read: () => Promise.resolve(key.value),
      }));
    },
    refuse: (providerId, keyId, refusal) => {
      if (ours(providerId)) refused.set(keyId, refusal);
      else fallback!.refuse(providerId, keyId, refusal);
    },
    accept: (providerId, keyId) => {
      if (ours(providerId)) refused.delete(keyId);
      else fallback!.accept(providerId, keyId);
    },
  };
}
