import Database from 'better-sqlite3';
import type { Database as Db } from 'better-sqlite3';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DESKTOP_LANGUAGES } from '../i18n/desktop-text';
import { openDatabase, type StoreError } from './db';
import {
  createSettingsStore,
  readSettingReadOnly,
  SETTINGS,
  type SettingKey,
  type SettingsStore,
} from './settings';

let dir: string;
let file: string;
let db: Db;
let warnings: StoreError[];
let settings: SettingsStore;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'skilldeck-settings-'));
  file = path.join(dir, 'skilldeck.db');
  db = openDatabase(file);
  warnings = [];
  settings = createSettingsStore(db, { warn: (w) => warnings.push(w) });
});
afterEach(() => {
  if (db.open) db.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** Stores `json` as it is, past the store's checks (and the table's json_valid CHECK): a damaged value. */
function plant(key: string, json: string) {
  db.pragma('ignore_check_constraints = ON');
  db.prepare('INSERT OR REPLACE INTO settings (key, value_json) VALUES (?, ?)').run(key, json);
  db.pragma('ignore_check_constraints = OFF');
}

// Each key: its default, a value it keeps, and stored values that are damaged.
const CASES: { [K in SettingKey]: { fallback: unknown; kept: unknown; damaged: unknown[] } } = {
  'ui.language': { fallback: null, kept: 'zh-CN', damaged: ['fr', 42, { language: 'en' }] },
  'skills.folders': { fallback: [], kept: ['/a/skills', '/b'], damaged: [{ not: 'a list' }, '/a', null] },
  'skills.plugins': { fallback: [], kept: ['/opt/plugins/kit'], damaged: [{ not: 'a list' }, 'kit', null] },
  'permissions.mode': { fallback: 'default', kept: 'acceptEdits', damaged: ['yolo', true, null] },
  'models.contextTokens': {
    fallback: {},
    kept: { 'openai-compatible/m': 5000 },
    damaged: [5000, { 'a/b': 'many' }, { 'a/b': -1 }, { 'a/b': 1.5 }],
  },
  'providers.concurrency': {
    fallback: {},
    kept: { 'p-1': 2, 'p-2': 64 },
    damaged: [8, 'many', null, ['p-1']],
  },
  'selection.copyFallback': { fallback: true, kept: false, damaged: ['yes', 0, null] },
  'launcher.hotkey': {
    fallback: 'Control+Alt+Space',
    kept: null,
    damaged: ['Space', 'Ctrl+', 42, { accelerator: 'Ctrl+K' }],
  },
  'toolbar.mode': { fallback: 'off', kept: 'modifier', damaged: ['always', true, null] },
  'toolbar.modifier': { fallback: 'ctrl', kept: 'alt', damaged: ['Control', 1, null] },
  'toolbar.pinned': {
    fallback: [],
    kept: ['translate', 'polish'],
    damaged: ['translate', ['a/b'], Array.from({ length: 13 }, (_, i) => `s${i}`)],
  },
  'apps.rules': {
    fallback: {},
    kept: {
      xterm: {
        capture: 'never',
        pasteKey: 'type',
        toolbarExcluded: true,
        defaultSkill: 'polish',
        restoreDelayMs: 800,
      },
    },
    damaged: [42, 'rules', null, ['xterm']],
  },
  'apps.seen': { fallback: [], kept: ['xterm', 'gedit'], damaged: ['xterm', [1], null] },
  'trigger.repeatPress': { fallback: 'ignore', kept: 'cancel', damaged: ['stop', true, null] },
  'search.backend': { fallback: 'duckduckgo', kept: 'searxng', damaged: ['google', 1, null] },
  'search.searxngUrl': {
    fallback: null,
    kept: 'http://127.0.0.1:8888/searx',
    damaged: ['searx.example.org', 'file:///etc/passwd', 'https://user:pw@searx.example.org', 42],
  },
  'speech.provider': { fallback: null, kept: 'groq', damaged: [42, 'x'.repeat(65)] },
  'speech.model': { fallback: 'whisper-1', kept: 'gpt-4o-mini-transcribe', damaged: ['', 7, null] },
  'speech.language': { fallback: null, kept: 'zh', damaged: ['Chinese', 'en-US', 3] },
  'speech.maxSeconds': { fallback: 600, kept: 120, damaged: [0, 3601, 12.5, '600'] },
  'speech.keepAudio': { fallback: false, kept: true, damaged: ['yes', 1, null] },
  'speech.dictateHotkey': { fallback: 'Control+Alt+V', kept: null, damaged: ['V+', 42] },
  'speech.voiceHotkeys': {
    fallback: {},
    kept: { translate: 'Control+Alt+Shift+T' },
    damaged: [['translate'], { translate: 'T+' }, null],
  },
};

describe('settings: the declared keys', () => {
  it('declares exactly the keys the app uses', () => {
    expect(Object.keys(SETTINGS).sort()).toEqual(Object.keys(CASES).sort());
  });

  it.each(Object.entries(CASES) as [SettingKey, (typeof CASES)[SettingKey]][])(
    '%s: default, round trip, refusals, damaged values',
    (key, { fallback, kept, damaged }) => {
      expect(SETTINGS[key].default).toEqual(fallback);
      expect(SETTINGS[key].schema.safeParse(fallback).success).toBe(true);
      expect(settings.get(key)).toEqual(fallback);

      settings.set(key, kept as never);
      expect(settings.get(key)).toEqual(kept);
      expect(createSettingsStore(db).get(key)).toEqual(kept);

      for (const value of damaged) {
        expect(() => settings.set(key, value as never), JSON.stringify(value)).toThrow(
          new RegExp(`^setting ${key.replace('.', '\\.')}: `),
        );
        plant(key, JSON.stringify(value));
        expect(settings.get(key), JSON.stringify(value)).toEqual(fallback);
      }
      expect(warnings).toHaveLength(1);
    },
  );

  it('ui.language takes every language of the desktop words', () => {
    for (const language of DESKTOP_LANGUAGES) {
      settings.set('ui.language', language);
      expect(settings.get('ui.language')).toBe(language);
    }
  });

  it('keeps the absolute paths of a folder list with bad entries', () => {
    plant('skills.folders', JSON.stringify(['/a', 'relative/path', 42, '/b']));
    expect(settings.get('skills.folders')).toEqual(['/a', '/b']);
  });

  it('keeps the valid limits of a provider-limit list with bad entries', () => {
    plant('providers.concurrency', JSON.stringify({ a: 4, b: 0, c: 65, d: 'x', e: 1.5, f: 64 }));
    expect(settings.get('providers.concurrency')).toEqual({ a: 4, f: 64 });
  });

  it('refuses what JSON cannot hold', () => {
    expect(() => settings.set('ui.language', undefined as never)).toThrow(TypeError);
    expect(settings.get('ui.language')).toBeNull();
  });
});

describe('settings: a damaged stored value', () => {
  it('counts as the default, with one warning per key saying which and why', () => {
    plant('selection.copyFallback', '{not json');
    plant('permissions.mode', '"yolo"');
    for (let i = 0; i < 3; i++) {
      expect(settings.get('selection.copyFallback')).toBe(true);
      expect(settings.get('permissions.mode')).toBe('default');
    }
    expect(warnings.map((w) => [w.code, w.message])).toEqual([
      [
        'SETTING_DAMAGED',
        'setting selection.copyFallback: the stored value is not JSON; using the default (true) until it is set again',
      ],
      [
        'SETTING_DAMAGED',
        expect.stringMatching(/^setting permissions\.mode: the stored value does not fit: /),
      ],
    ]);
    // set again, it is read as set
    settings.set('permissions.mode', 'plan');
    expect(settings.get('permissions.mode')).toBe('plan');
  });
});

describe('settings: a key this version retired', () => {
  it('the toolbar’s old list of apps becomes the per-app rules’ flag once, and the old row is gone', () => {
    settings.set('apps.rules', {
      gedit: {
        capture: 'copy',
        pasteKey: 'ctrl+v',
        toolbarExcluded: false,
        defaultSkill: 'polish',
        restoreDelayMs: null,
      },
    });
    plant('toolbar.excludedApps', JSON.stringify(['KeePassXC', 'GEdit', 'xterm', ' ', 42]));
    const reopened = createSettingsStore(db, { warn: (w) => warnings.push(w) });
    const rules = reopened.get('apps.rules');
    expect(rules.keepassxc).toEqual({
      capture: 'auto',
      pasteKey: 'ctrl+v',
      toolbarExcluded: true,
      defaultSkill: null,
      restoreDelayMs: null,
    });
    // the user's own rule keeps what it said; a terminal keeps its shipped rule
    expect(rules.gedit).toMatchObject({ capture: 'copy', defaultSkill: 'polish', toolbarExcluded: true });
    expect(rules.xterm).toMatchObject({ capture: 'never', pasteKey: 'shift+insert', toolbarExcluded: true });
    expect(Object.keys(rules).sort()).toEqual(['gedit', 'keepassxc', 'xterm']);
    expect(db.prepare("SELECT 1 FROM settings WHERE key = 'toolbar.excludedApps'").get()).toBeUndefined();
    expect(warnings).toEqual([]);
    // opened again: nothing more happens
    settings.set('apps.rules', {});
    createSettingsStore(db);
    expect(settings.get('apps.rules')).toEqual({});
  });

  it('an old list that is not JSON is dropped without touching the rules', () => {
    plant('toolbar.excludedApps', '{broken');
    const reopened = createSettingsStore(db);
    expect(reopened.get('apps.rules')).toEqual({});
    expect(db.prepare("SELECT 1 FROM settings WHERE key = 'toolbar.excludedApps'").get()).toBeUndefined();
  });
});

describe('settings: the read-only reader (the CLI)', () => {
  it('reads what the store wrote, and the default without a database, a table or a row', () => {
    settings.set('skills.folders', ['/x']);
    db.close();
    const before = fs.readFileSync(file);
    expect(readSettingReadOnly(file, 'skills.folders')).toEqual(['/x']);
    expect(readSettingReadOnly(file, 'ui.language')).toBeNull();
    expect(fs.readFileSync(file)).toEqual(before);

    const missing = path.join(dir, 'none', 'skilldeck.db');
    expect(readSettingReadOnly(missing, 'selection.copyFallback')).toBe(true);
    expect(fs.existsSync(path.dirname(missing))).toBe(false);

    const bare = path.join(dir, 'bare.db');
    new Database(bare).close();
    expect(readSettingReadOnly(bare, 'permissions.mode')).toBe('default');

    const garbage = path.join(dir, 'garbage.db');
    fs.writeFileSync(garbage, 'not a database');
    expect(readSettingReadOnly(garbage, 'skills.folders')).toEqual([]);
  });

  it('falls back on a damaged value with a warning', () => {
    plant('skills.folders', '{"not":"a list"}');
    db.close();
    const told: StoreError[] = [];
    expect(readSettingReadOnly(file, 'skills.folders', { warn: (w) => told.push(w) })).toEqual([]);
    expect(told.map((w) => w.message)).toEqual([expect.stringMatching(/^setting skills\.folders: /)]);
  });
});

describe('settings: the only way to the table', () => {
  // SQL naming the table, or its column. Migrations create it (and their tests fill it); tests may plant
  // damaged rows with INSERT, but nothing reads it around the store, and no source file touches it.
  const TOUCH = /\b(FROM|INTO|UPDATE|JOIN|TABLE)\s+settings\b|name\s*=\s*'settings'|value_json/;
  const READ = /\b(FROM|JOIN)\s+settings\b|name\s*=\s*'settings'/;
  const root = path.resolve(import.meta.dirname, '../../..');
  const own = new Set(['electron/core/store/settings.ts', 'electron/core/store/settings.test.ts']);

  function files(rel: string): string[] {
    const abs = path.join(root, rel);
    if (!fs.existsSync(abs)) return [];
    return fs.readdirSync(abs, { withFileTypes: true }).flatMap((e) => {
      const child = path.posix.join(rel, e.name);
      if (e.isDirectory()) return e.name === 'node_modules' ? [] : files(child);
      return /\.(ts|tsx|mts|js|mjs)$/.test(e.name) ? [child] : [];
    });
  }

  it('is store/settings.ts', () => {
    const offenders: string[] = [];
    const scanned = ['electron', 'shared', 'renderer', 'e2e', 'bench'].flatMap(files);
    expect(scanned).toContain('electron/core/store/settings.ts');
    for (const rel of scanned) {
      if (own.has(rel) || rel.startsWith('electron/core/store/migrations/')) continue;
      const text = fs.readFileSync(path.join(root, rel), 'utf8');
      const isTest = /\.(test|spec)\.tsx?$/.test(rel);
      if (isTest ? READ.test(text) : TOUCH.test(text)) offenders.push(rel);
    }
    expect(offenders).toEqual([]);
  });
});
