// A provider's API keys as one pool. Each request takes the next usable key after the last one used
// (round-robin); a key the provider refuses (401/403) is set aside until the user edits it, a rate-limited
// one (429) cools down for its Retry-After (else 60 s) and the request moves on to the next key at once;
// any other failure (5xx, network) is not the key's fault and leaves it as it was. The dashboard sees the
// keys' labels and health (`health`), never a key.
import type { KeyHealth, ProviderKey } from '../../../shared/types/provider';
import type { KeyRefusal } from '../store/provider-keys';
import type { ModelError } from './gateway';
import { keysUnusableError, type KeyState } from './key-pool-errors';

/** One key of a provider's pool, as its source lists it. */
export interface PoolEntry {
  id: string;
  label: string;
  /** `environment`: given by the command line (`--api-key-env`), not editable from the dashboard. */
  source: 'stored' | 'environment';
  refused: KeyRefusal | null;
  /** The key; null when the secret store does not hold it (or cannot be read). */
  read(): Promise<string | null>;
}

/** Where a provider's keys come from: the database and the secret store, or the environment. */
export interface KeySource {
  entries(providerId: string): Promise<PoolEntry[]>;
  /** Sets a key aside until it is edited (kept across restarts where the source stores keys). */
  refuse(providerId: string, keyId: string, refusal: KeyRefusal): void;
  /** The key answered again (a connection test): no longer set aside. */
  accept(providerId: string, keyId: string): void;
}

/** A key lent to one attempt. */
export interface LeasedKey {
  id: string;
  label: string;
  value: string;
}

export type NextKey =
  | { key: LeasedKey }
  /** Every usable key is cooling down: the soonest is `keyId`, free in `waitMs`. */
  | { waitMs: number; keyId: string }
  | { exhausted: ModelError };

/** One request's walk over the pool. */
export interface KeyRotation {
  /** How many keys the provider holds (0: none; the request goes without a key). */
  readonly size: number;
  next(): Promise<NextKey>;
  /**
   * After a failed attempt: true when the key was to blame (401/403 set it aside, 429 put it on
   * cool-down) and the request should move on to another key; false for anything else.
   */
  blame(key: LeasedKey, error: ModelError): boolean;
  /** The wait for this key's cool-down is over (timers may wake a millisecond early). */
  cooled(keyId: string): void;
  /** The error that names each key and why it cannot be used now. */
  unusable(): ModelError;
}

export interface KeyPool {
  /** Labels and health of the provider's keys, in order: what the dashboard may see. */
  health(providerId: string): Promise<ProviderKey[]>;
  /** One request's walk; `only`: that key alone, whatever its health (a connection test of one key). */
  rotation(providerId: string, providerName: string, only?: string): Promise<KeyRotation>;
  /** The pool's entries with their keys, for a connection test of each key. */
  entries(providerId: string): Promise<PoolEntry[]>;
  refuse(providerId: string, keyId: string, refusal: KeyRefusal): void;
  /** A key edited, or answering again: no refusal, no cool-down. */
  reset(providerId: string, keyId: string): void;
}

export interface KeyPoolOptions {
  source: KeySource;
  /** The clock cool-downs are measured on (tests advance their own). */
  now?: () => number;
  /** Told when a key's health changes (set aside, cooling, back), with the provider's id. */
  onChange?: (providerId: string) => void;
  /** A 429 without Retry-After cools the key this long (default 60 s). */
  defaultCoolDownMs?: number;
  /** The longest cool-down honoured (default 1 h: a wild Retry-After must not bench a key for days). */
  maxCoolDownMs?: number;
}

const REFUSED_STATUSES = new Set([401, 403]);

/** The provider's own words with the key masked, and any word carrying a long piece of it. */
export function maskKey(text: string, key: string): string {
  const pieces = key.length >= 8 ? Array.from({ length: key.length - 7 }, (_, i) => key.slice(i, i + 8)) : [];
  return text
    .split(key)
    .join('***')
    .split(/(\s+)/)
    .map((word) => (pieces.some((piece) => word.includes(piece)) ? '***' : word))
    .join('');
}

export function createKeyPool(options: KeyPoolOptions): KeyPool {
  const now = options.now ?? Date.now;
  const defaultCoolDown = options.defaultCoolDownMs ?? 60_000;
  const maxCoolDown = options.maxCoolDownMs ?? 3_600_000;
  /** `<provider>\n<key>` → when its cool-down ends (memory only: a restart forgets them). */
  const coolingUntil = new Map<string, number>();
  /** The key each provider's last request took, where the next request starts after. */
  const lastUsed = new Map<string, string>();
  const slot = (providerId: string, keyId: string) => `${providerId}\n${keyId}`;
  const changed = (providerId: string) => options.onChange?.(providerId);

  const coolingLeft = (providerId: string, keyId: string): number => {
    const until = coolingUntil.get(slot(providerId, keyId));
    if (until === undefined) return 0;
    if (until > now()) return until - now();
    coolingUntil.delete(slot(providerId, keyId));
    return 0;
  };

  const readSafely = (entry: PoolEntry) => entry.read().catch(() => null);

  /** The entries starting after the last key used. */
  const inTurn = (providerId: string, entries: PoolEntry[]): PoolEntry[] => {
    const after = entries.findIndex((e) => e.id === lastUsed.get(providerId)) + 1;
    return [...entries.slice(after), ...entries.slice(0, after)];
  };

  function refuse(providerId: string, keyId: string, refusal: KeyRefusal) {
    options.source.refuse(providerId, keyId, refusal);
    changed(providerId);
  }

  return {
    async health(providerId) {
      const entries = await options.source.entries(providerId);
      return Promise.all(
        entries.map(async (entry): Promise<ProviderKey> => {
          const left = coolingLeft(providerId, entry.id);
          let health: KeyHealth;
          if (entry.refused)
            health = {
              state: 'invalid',
              status: entry.refused.status,
              reason: entry.refused.reason,
              since: entry.refused.at,
            };
          else if (left > 0) health = { state: 'cooling', until: now() + left };
          else health = (await readSafely(entry)) === null ? { state: 'missing' } : { state: 'ok' };
          return { id: entry.id, label: entry.label, source: entry.source, health };
        }),
      );
    },

    entries: (providerId) => options.source.entries(providerId),

    refuse,

    reset(providerId, keyId) {
      coolingUntil.delete(slot(providerId, keyId));
      options.source.accept(providerId, keyId);
      changed(providerId);
    },

    async rotation(providerId, providerName, only) {
      const listed = await options.source.entries(providerId);
      const entries =
        only === undefined
          ? listed
          : listed.filter((e) => e.id === only).map((e) => ({ ...e, refused: null }));
      /** Keys this request found missing from the secret store. */
      const missing = new Set<string>();
      const refusedNow = new Map<string, KeyRefusal>();

      const stateOf = (entry: PoolEntry): KeyState => {
        const refused = refusedNow.get(entry.id) ?? entry.refused;
        if (refused) return { label: entry.label, state: 'invalid', status: refused.status };
        const left = coolingLeft(providerId, entry.id);
        if (left > 0) return { label: entry.label, state: 'cooling', ms: left };
        return { label: entry.label, state: 'missing' };
      };

      const unusable = () => keysUnusableError(providerName, entries.map(stateOf));

      return {
        size: entries.length,

        async next() {
          for (const entry of inTurn(providerId, entries)) {
            if (entry.refused || refusedNow.has(entry.id) || missing.has(entry.id)) continue;
            if (only === undefined && coolingLeft(providerId, entry.id) > 0) continue;
            const value = await readSafely(entry);
            if (value === null || value === '') {
              missing.add(entry.id);
              continue;
            }
            if (only === undefined) lastUsed.set(providerId, entry.id);
            return { key: { id: entry.id, label: entry.label, value } };
          }
          const cooling = entries
            .filter((e) => !e.refused && !refusedNow.has(e.id) && !missing.has(e.id))
            .map((e) => ({ keyId: e.id, waitMs: coolingLeft(providerId, e.id) }))
            .filter((c) => c.waitMs > 0)
            .sort((a, b) => a.waitMs - b.waitMs);
          if (cooling.length > 0) return cooling[0]!;
          return { exhausted: unusable() };
        },

        unusable,

        blame(key, error) {
          const status = error.code === 'http' ? error.details.status : undefined;
          if (status !== undefined && REFUSED_STATUSES.has(status)) {
            const refusal = { status, reason: refusalReason(error, key.value), at: now() };
            refusedNow.set(key.id, refusal);
            refuse(providerId, key.id, refusal);
            return true;
          }
          if (status === 429) {
            const ms = Math.min(error.details.retryAfterMs ?? defaultCoolDown, maxCoolDown);
            coolingUntil.set(slot(providerId, key.id), now() + ms);
            changed(providerId);
            return true;
          }
          return false;
        },

        cooled(keyId) {
          coolingUntil.delete(slot(providerId, keyId));
        },
      };
    },
  };
}

/** What Settings shows under a refused key: the provider's own words (never the key). */
function refusalReason(error: ModelError, key: string): string {
  const said = error.details.said ?? error.message;
  return maskKey(said, key).slice(0, 500);
}
