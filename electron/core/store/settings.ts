// The app's settings (the `settings` table of migration 50: one JSON value per key). Every key is declared
// here once with its schema and default, and this is the only file that reads or writes the table
// (settings.test.ts greps the tree for it). A stored value that is not JSON or fails its schema — edited by
// hand, written by a newer version — counts as the default, with one warning per key, rather than
// stopping the app.
import Database from 'better-sqlite3';
import type { Database as Db } from 'better-sqlite3';
import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { AppInfo } from '../../../shared/types/app';
import { AppRuleSettings } from '../../../shared/types/app-rules';
import { Accelerator } from '../../../shared/types/hotkey';
import { ProviderConcurrency } from '../../../shared/types/provider';
import { SpeechSettings } from '../../../shared/types/speech';
import { ToolbarSettings } from '../../../shared/types/toolbar';
import { withToolbarExcluded } from '../apps/app-rules';
import { SearchBackend, SearchUrl } from '../../../shared/types/web-search';
import { PERMISSION_MODES } from '../permissions/types';
import { StoreError, type OpenOptions } from './db';

interface Setting<S extends z.ZodType> {
  schema: S;
  default: z.output<S>;
}

const setting = <S extends z.ZodType>(schema: S, fallback: z.output<S>): Setting<S> => ({
  schema,
  default: fallback,
});

/**
 * The folders added in Settings. A list with entries that are not absolute paths keeps the others (one
 * bad entry must not drop every added folder); anything but a list is damaged.
 */
const skillFolders = z
  .array(z.unknown())
  .transform((list) => list.filter((d): d is string => typeof d === 'string' && path.isAbsolute(d)));

/**
 * The per-app rules by app name (Settings › Apps). A rule that no longer fits is dropped, the others kept
 * (one bad entry must not drop every rule); anything but an object is damaged.
 */
const appRules = z.record(z.string(), z.unknown()).transform((rules) =>
  Object.fromEntries(
    Object.entries(rules).flatMap(([app, rule]) => {
      const parsed = AppRuleSettings.safeParse(rule);
      return parsed.success && app.trim() !== '' ? [[app, parsed.data] as const] : [];
    }),
  ),
);

export const SETTINGS = {
  /** The dashboard's language for the desktop app's own words; null: follow the system's locale. */
  'ui.language': setting(AppInfo.shape.language.nullable(), null),
  /** The skill folders added in Settings, in the order they were added (absolute paths). */
  'skills.folders': setting(skillFolders, []),
  /** The plugin folders added in Settings (each holds `skills/`; ids `<plugin>:<skill>`), absolute paths. */
  'skills.plugins': setting(skillFolders, []),
  /** The global permission mode of agent runs (`permissions:mode`). */
  'permissions.mode': setting(z.enum(PERMISSION_MODES), 'default'),
  /** Context window per `provider/model` in tokens; a model not listed gets the engine's default. */
  'models.contextTokens': setting(z.record(z.string(), z.number().int().positive()), {}),
  /**
   * Requests a run sends at once to a provider, by provider id (Settings › Providers); a provider not listed
   * gets DEFAULT_PROVIDER_CONCURRENCY. A damaged entry is dropped, the others kept.
   */
  'providers.concurrency': setting(
    z
      .record(z.string(), z.unknown())
      .transform((limits) =>
        Object.fromEntries(
          Object.entries(limits).filter(
            (e): e is [string, number] => ProviderConcurrency.safeParse(e[1]).success,
          ),
        ),
      ),
    {},
  ),
  /** The copy-key fallback of the trigger's capture, outside terminals. */
  'selection.copyFallback': setting(z.boolean(), true),
  /**
   * The launcher's global hotkey (an Electron accelerator), null when turned off. The default is left
   * unbound when a skill's hotkey or another application already has it (the overview says which).
   */
  'launcher.hotkey': setting(Accelerator.nullable(), 'Control+Alt+Space'),
  /** When the selection toolbar appears (off by default; shared/types/toolbar.ts). */
  'toolbar.mode': setting(ToolbarSettings.shape.mode, 'off'),
  /** The key held while selecting, in the `modifier` mode. */
  'toolbar.modifier': setting(ToolbarSettings.shape.modifier, 'ctrl'),
  /** The skills pinned to the toolbar, in its order. */
  'toolbar.pinned': setting(ToolbarSettings.shape.pinned, []),
  /** Per-app rules (apps/app-rules.ts): the user's, by lowercased app name; the shipped ones are in code. */
  'apps.rules': setting(appRules, {}),
  /** The apps focused when a skill was triggered lately, newest first (Settings › Apps offers them). */
  'apps.seen': setting(z.array(z.string().max(200)).max(100), []),
  /**
   * A skill's hotkey pressed again while its run still streams: `ignore` the press (the run goes on; its
   * card has Stop), or `cancel` the run (press again to stop). Another skill's press is never refused:
   * its result goes in after the earlier one's (trigger/run-queue.ts).
   */
  'trigger.repeatPress': setting(z.enum(['ignore', 'cancel']), 'ignore'),
  /** Where the WebSearch tool searches (search/search-config.ts); Brave's key is in the secret store. */
  'search.backend': setting(SearchBackend, 'duckduckgo'),
  /** The SearXNG instance WebSearch asks when that is the backend; null until one is given. */
  'search.searxngUrl': setting(SearchUrl.nullable(), null),
  /** Settings › Speech (shared/types/speech.ts): the configured provider transcription uses; null: the default. */
  'speech.provider': setting(SpeechSettings.shape.provider, null),
  /** The transcription model. */
  'speech.model': setting(SpeechSettings.shape.model, 'whisper-1'),
  /** The spoken language (ISO-639-1); null: the endpoint detects it. */
  'speech.language': setting(SpeechSettings.shape.language, null),
  /** The longest recording or audio file accepted, in seconds. */
  'speech.maxSeconds': setting(SpeechSettings.shape.maxSeconds, 600),
  /** Keep a voice run's audio beside it (`<data dir>/recordings/`); off: transcript and length only. */
  'speech.keepAudio': setting(z.boolean(), false),
  /** The global dictate key (left unbound when a skill's key or another application has it); null: none. */
  'speech.dictateHotkey': setting(SpeechSettings.shape.dictateHotkey, 'Control+Alt+V'),
  /** Per skill, the key that records and runs it on what was said. */
  'speech.voiceHotkeys': setting(SpeechSettings.shape.voiceHotkeys, {}),
};

export type SettingKey = keyof typeof SETTINGS;

/**
 * Keys an older version stored and this one no longer declares: each is folded once into a declared key
 * when the store opens, then deleted. `fold` gets the old value as stored (parsed JSON, or undefined when
 * it is not JSON) and the declared key's current value.
 */
const RETIRED: Record<string, Retired> = {
  // Settings › Selection toolbar's own list of apps, now the per-app rules' "not in the toolbar" flag
  'toolbar.excludedApps': retired('apps.rules', (old, rules) => withToolbarExcluded(rules, old)),
};

interface Retired {
  into: SettingKey;
  fold: (old: unknown, current: unknown) => unknown;
}

function retired<K extends SettingKey>(
  into: K,
  fold: (old: unknown, current: SettingValue<K>) => SettingValue<K>,
): Retired {
  return { into, fold: (old, current) => fold(old, current as SettingValue<K>) };
}
export type SettingValue<K extends SettingKey> = z.output<(typeof SETTINGS)[K]['schema']>;

export interface SettingsStore {
  /** The stored value, or the key's default when there is none or it is damaged. */
  get<K extends SettingKey>(key: K): SettingValue<K>;
  /** Refuses (TypeError) a value its schema rejects or JSON cannot hold. */
  set<K extends SettingKey>(key: K, value: SettingValue<K>): void;
}

export interface SettingsOptions {
  /** Told once per key when a stored value is damaged (the core passes its log hook). */
  warn?: (error: StoreError) => void;
}

/** The value of `json` under `key`'s schema, or the default and the reason it is damaged. */
function decode<K extends SettingKey>(
  key: K,
  json: string | undefined,
): { value: SettingValue<K>; problem?: string } {
  // one key's pair, seen without its key-specific types (its output is that key's value type)
  const declared: { schema: z.ZodType; default: unknown } = SETTINGS[key];
  const fallback = declared.default as SettingValue<K>;
  if (json === undefined) return { value: fallback };
  let raw: unknown;
  try {
    raw = JSON.parse(json);
  } catch {
    return { value: fallback, problem: 'is not JSON' };
  }
  const parsed = declared.schema.safeParse(raw);
  if (parsed.success) return { value: parsed.data as SettingValue<K> };
  return { value: fallback, problem: `does not fit: ${z.prettifyError(parsed.error)}` };
}

/** Decodes, and tells `warn` about a damaged key the first time it is read. */
function decoder(options: SettingsOptions) {
  const warned = new Set<SettingKey>();
  return <K extends SettingKey>(key: K, json: string | undefined): SettingValue<K> => {
    const { value, problem } = decode(key, json);
    if (problem !== undefined && !warned.has(key)) {
      warned.add(key);
      options.warn?.(
        new StoreError(
          'SETTING_DAMAGED',
          `setting ${key}: the stored value ${problem}; using the default (${JSON.stringify(SETTINGS[key].default)}) until it is set again`,
        ),
      );
    }
    return value;
  };
}

export function createSettingsStore(db: Db, options: SettingsOptions = {}): SettingsStore {
  const select = db.prepare<[string], { value_json: string }>(
    'SELECT value_json FROM settings WHERE key = ?',
  );
  const upsert = db.prepare(
    'INSERT INTO settings (key, value_json) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value_json = excluded.value_json',
  );
  const read = decoder(options);
  const store: SettingsStore = {
    get: (key) => read(key, select.get(key)?.value_json),
    set: (key, value) => {
      const checked = SETTINGS[key].schema.safeParse(value);
      if (!checked.success)
        throw new TypeError(`setting ${key}: ${z.prettifyError(checked.error)}`, { cause: checked.error });
      const json = JSON.stringify(value);
      if (json === undefined) throw new TypeError(`setting ${key}: the value cannot be stored as JSON`);
      upsert.run(key, json);
    },
  };
  retire(db, store, select);
  return store;
}

/** Folds each retired key that is still stored into its successor and deletes it, in one transaction. */
function retire(db: Db, store: SettingsStore, select: Database.Statement<[string], { value_json: string }>) {
  const remove = db.prepare('DELETE FROM settings WHERE key = ?');
  db.transaction(() => {
    for (const [old, { into, fold }] of Object.entries(RETIRED)) {
      const row = select.get(old);
      if (!row) continue;
      let value: unknown;
      try {
        value = JSON.parse(row.value_json);
      } catch {
        value = undefined;
      }
      store.set(into, fold(value, store.get(into)) as SettingValue<typeof into>);
      remove.run(old);
    }
  })();
}

/**
 * One setting read without creating, migrating or locking anything (the CLI's read-only commands): the
 * default when there is no database yet, no settings table, or it cannot be read; damaged as above.
 */
export function readSettingReadOnly<K extends SettingKey>(
  file: string,
  key: K,
  options: SettingsOptions & Pick<OpenOptions, 'nativeBinding'> = {},
): SettingValue<K> {
  let json: string | undefined;
  if (fs.existsSync(file)) {
    let db: Db | undefined;
    try {
      db = new Database(file, {
        readonly: true,
        fileMustExist: true,
        nativeBinding: options.nativeBinding,
      } as Database.Options);
      const table = db
        .prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'settings'")
        .get();
      if (table) {
        const row = db.prepare('SELECT value_json FROM settings WHERE key = ?').get(key) as
          { value_json: string } | undefined;
        json = row?.value_json;
      }
    } catch {
      json = undefined;
    } finally {
      db?.close();
    }
  }
  return decoder(options)(key, json);
}
