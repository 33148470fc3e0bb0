// A provider's pool from the dashboard: `providers:addKey`, `providers:editKey`, `providers:removeKey`,
// and the provider as the dashboard sees it (labels and health, never a key). A key's value goes to the
// SecretStore port before its row is written, and its row goes before its value is deleted, so a failure
// between the two leaves at worst an unused secret, never a row without its key.
import { randomUUID } from 'node:crypto';
import type { Handlers } from '../../../shared/ipc/contract';
import { AppError } from '../../../shared/ipc/result';
import type { Provider } from '../../../shared/types/provider';
import type { SecretStorePort } from '../platform';
import type { ProviderKeyRecord, ProviderKeyRepo } from '../store/provider-keys';
import type { ProviderRecord } from '../store/providers';
import type { KeyPool } from './key-pool';
import { defaultProviderLimits, type ProviderLimits } from './provider-limits';
import { keySecretName, nextKeyLabel, providerSecretName } from './key-sources';

interface VaultDeps {
  keys: ProviderKeyRepo;
  pool: KeyPool;
  secrets: SecretStorePort;
  onChange?: (providerId: string) => void;
  now?: () => number;
  /** Each provider's requests at once (Settings › Providers); the default for all without it. */
  limits?: ProviderLimits;
}

export type KeyVault = ReturnType<typeof keyVault>;

/** What the provider channels do with a pool's stored keys. */
export function keyVault(deps: VaultDeps) {
  const { keys, pool, secrets } = deps;
  const now = deps.now ?? Date.now;
  const changed = (providerId: string) => deps.onChange?.(providerId);

  /** The stored keys, a pre-pool key adopted first. */
  const stored = async (providerId: string) => {
    await pool.entries(providerId);
    return keys.list(providerId);
  };

  const labelTaken = (label: string, providerName: string) =>
    new AppError('CONFLICT', `"${providerName}" already has a key labelled "${label}": pick another label`, {
      words: { key: 'keys.labelTaken', values: { label, provider: providerName } },
    });

  /** The stored key with this id; a key from --api-key-env is not the dashboard's to change. */
  const storedKey = async (record: ProviderRecord, list: ProviderKeyRecord[], keyId: string) => {
    const key = list.find((k) => k.id === keyId);
    if (key) return key;
    const fromEnvironment = (await pool.entries(record.id)).some(
      (e) => e.id === keyId && e.source === 'environment',
    );
    if (fromEnvironment)
      throw new AppError(
        'FORBIDDEN',
        'this key comes from --api-key-env: change the environment variable and start serve again',
        { words: { key: 'keys.fromEnvironment' } },
      );
    throw new AppError('NOT_FOUND', `"${record.name}" has no key with id "${keyId}"`);
  };

  /** Deletes a secret where the store holds it (the CLI's store holds nothing to delete). */
  const forget = async (name: string) => {
    if ((await secrets.get(name).catch(() => null)) !== null) await secrets.delete(name);
  };

  return {
    async toProvider(record: ProviderRecord): Promise<Provider> {
      const pooled = await pool.health(record.id);
      const concurrency = (deps.limits ?? defaultProviderLimits).get(record.id);
      return {
        ...record,
        concurrency,
        hasKey: pooled.some((k) => k.health.state !== 'missing'),
        keys: pooled,
      };
    },

    async add(record: ProviderRecord, label: string | undefined, value: string): Promise<void> {
      const taken = (await stored(record.id)).map((k) => k.label);
      const chosen = label ?? nextKeyLabel(taken);
      if (taken.some((t) => t.toLowerCase() === chosen.toLowerCase())) throw labelTaken(chosen, record.name);
      const id = randomUUID();
      const secretName = keySecretName(record.id, id);
      await secrets.set(secretName, value);
      if (!keys.add(record.id, { id, label: chosen, secretName }, now())) {
        await forget(secretName);
        throw labelTaken(chosen, record.name);
      }
      changed(record.id);
    },

    async edit(record: ProviderRecord, keyId: string, label: string | undefined, value: string | undefined) {
      const list = await stored(record.id);
      const key = await storedKey(record, list, keyId);
      if (
        label !== undefined &&
        list.some((k) => k.id !== keyId && k.label.toLowerCase() === label.toLowerCase())
      )
        throw labelTaken(label, record.name);
      if (value !== undefined) await secrets.set(key.secretName, value);
      keys.edit(keyId, label, now());
      pool.reset(record.id, keyId);
    },

    async remove(record: ProviderRecord, keyId: string) {
      const key = await storedKey(record, await stored(record.id), keyId);
      keys.remove(keyId);
      await forget(key.secretName);
      pool.reset(record.id, keyId);
    },

    /** The one-key form (`providers:save` `apiKey`): a new value for the first key, or "Key 1". */
    async setFirstKey(providerId: string, value: string) {
      const [first] = await stored(providerId);
      if (!first) {
        const id = randomUUID();
        const secretName = keySecretName(providerId, id);
        await secrets.set(secretName, value);
        keys.add(providerId, { id, label: nextKeyLabel([]), secretName }, now());
        changed(providerId);
        return;
      }
      await secrets.set(first.secretName, value);
      keys.edit(first.id, undefined, now());
      pool.reset(providerId, first.id);
    },

    /** Every key of the provider, rows and secrets (a pre-pool key too). */
    async removeAll(providerId: string) {
      const list = await stored(providerId);
      for (const key of list) keys.remove(key.id);
      for (const key of list) await forget(key.secretName);
      await forget(providerSecretName(providerId));
      if (list.length > 0) changed(providerId);
    },
  };
}

type KeyChannel = 'providers:addKey' | 'providers:editKey' | 'providers:removeKey';

export function createKeyHandlers(deps: {
  vault: KeyVault;
  require: (providerId: string) => ProviderRecord;
}): Pick<Handlers, KeyChannel> {
  const { vault, require } = deps;
  return {
    'providers:addKey': async ({ providerId, label, key }) => {
      const record = require(providerId);
      await vault.add(record, label, key);
      return vault.toProvider(record);
    },
    'providers:editKey': async ({ providerId, keyId, label, key }) => {
      const record = require(providerId);
      await vault.edit(record, keyId, label, key);
      return vault.toProvider(record);
    },
    'providers:removeKey': async ({ providerId, keyId }) => {
      const record = require(providerId);
      await vault.remove(record, keyId);
      return vault.toProvider(record);
    },
  };
}
