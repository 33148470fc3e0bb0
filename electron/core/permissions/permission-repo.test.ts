import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Database } from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, type StoreError } from '../store/db';
import { createSettingsStore } from '../store/settings';
import { createPermissionRepo, MAX_AUDIT_INPUT, type PermissionRepo } from './permission-repo';
import { RuleError } from './rules';
import { loadShellParser } from './shell-command';

await loadShellParser(); // Bash rules are read by the shell parser

let dir: string;
let file: string;
let db: Database;
let repo: PermissionRepo;
let warnings: StoreError[];
const open = (d: Database) =>
  createPermissionRepo(d, createSettingsStore(d, { warn: (w) => warnings.push(w) }));
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'skilldeck-perm-'));
  file = path.join(dir, 'skilldeck.db');
  db = openDatabase(file);
  warnings = [];
  repo = open(db);
});
afterEach(() => {
  db.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('permission repo: rules', () => {
  it('adds, lists, merges global with a skill’s own, and removes', () => {
    const global = repo.addRule({ skillId: null, list: 'deny', rule: 'Bash(rm:*)' }, 10);
    expect(global).toEqual({ id: global.id, skillId: null, list: 'deny', rule: 'Bash(rm:*)', createdAt: 10 });
    repo.addRule({ skillId: 'translate', list: 'allow', rule: '  Bash(npm test:*) ' }, 11);
    repo.addRule({ skillId: 'translate', list: 'ask', rule: 'WebFetch' }, 12);
    repo.addRule({ skillId: 'polish', list: 'allow', rule: 'Edit(src/**)' }, 13);
    repo.addRule({ skillId: null, list: 'allow', rule: 'Read' }, 14);

    expect(repo.rulesFor('translate')).toEqual({
      allow: ['Read', 'Bash(npm test:*)'],
      ask: ['WebFetch'],
      deny: ['Bash(rm:*)'],
    });
    expect(repo.rulesFor('nobody')).toEqual({ allow: ['Read'], ask: [], deny: ['Bash(rm:*)'] });
    // Global first, then by skill; within one, in precedence order (deny, ask, allow).
    expect(repo.listRules().map((r) => r.rule)).toEqual([
      'Bash(rm:*)',
      'Read',
      'Edit(src/**)',
      'WebFetch',
      'Bash(npm test:*)',
    ]);
    expect(repo.listRules({ skillId: null }).map((r) => r.rule)).toEqual(['Bash(rm:*)', 'Read']);
    expect(repo.listRules({ skillId: 'translate', list: 'allow' }).map((r) => r.rule)).toEqual([
      'Bash(npm test:*)',
    ]);
    expect(repo.listRules({ list: 'allow' })).toHaveLength(3);

    expect(repo.removeRule(global.id)).toBe(true);
    expect(repo.removeRule(global.id)).toBe(false);
    expect(repo.rulesFor('translate').deny).toEqual([]);
  });

  it('adding a rule already there returns the existing row (global ones too)', () => {
    const first = repo.addRule({ skillId: null, list: 'allow', rule: 'Bash(ls:*)' }, 1);
    expect(repo.addRule({ skillId: null, list: 'allow', rule: 'Bash(ls:*) ' }, 2)).toEqual(first);
    const own = repo.addRule({ skillId: 's', list: 'allow', rule: 'Bash(ls:*)' }, 3);
    expect(own.id).not.toBe(first.id);
    expect(repo.addRule({ skillId: 's', list: 'allow', rule: 'Bash(ls:*)' }, 4)).toEqual(own);
    expect(repo.listRules()).toHaveLength(2);
  });

  it('refuses a rule that does not parse', () => {
    expect(() => repo.addRule({ skillId: null, list: 'allow', rule: 'Bash(npm test' })).toThrow(RuleError);
    expect(repo.listRules()).toEqual([]);
  });
});

describe('permission repo: audit', () => {
  it('records decisions and lists them newest first, by run', () => {
    const base = { skillId: 'translate', tool: 'Bash', reason: 'why' } as const;
    repo.audit({
      ...base,
      runId: 'r1',
      input: { command: 'ls' },
      decision: 'allow',
      source: 'rule',
      rule: 'Bash(ls:*)',
      at: 1,
    });
    repo.audit({ ...base, runId: 'r1', input: { command: 'rm x' }, decision: 'deny', source: 'user', at: 2 });
    repo.audit({ ...base, runId: 'r2', input: { command: 'pwd' }, decision: 'ask', source: 'mode', at: 3 });

    expect(repo.listAudit({ runId: 'r1' })).toEqual([
      expect.objectContaining({
        runId: 'r1',
        inputJson: '{"command":"rm x"}',
        decision: 'deny',
        source: 'user',
        rule: null,
        at: 2,
      }),
      expect.objectContaining({
        runId: 'r1',
        inputJson: '{"command":"ls"}',
        rule: 'Bash(ls:*)',
        skillId: 'translate',
        reason: 'why',
      }),
    ]);
    expect(repo.listAudit().map((a) => a.at)).toEqual([3, 2, 1]);
    expect(repo.listAudit({ limit: 1 }).map((a) => a.at)).toEqual([3]);
  });

  it('cuts long inputs at 10,000 characters', () => {
    repo.audit({
      runId: 'r',
      skillId: 's',
      tool: 'Write',
      input: { content: 'x'.repeat(50_000) },
      decision: 'ask',
      source: 'mode',
      reason: 'default mode asks before Write',
      at: 1,
    });
    const [row] = repo.listAudit({ runId: 'r' });
    expect(row!.inputJson).toHaveLength(MAX_AUDIT_INPUT);
    expect(row!.inputJson.startsWith('{"content":"xxx')).toBe(true);
    expect(row!.inputJson.endsWith('…')).toBe(true);
  });
});

describe('permission repo: mode', () => {
  it('the mode defaults to default, persists across reopening the file, and refuses unknown modes', () => {
    expect(repo.getMode()).toBe('default');
    repo.setMode('acceptEdits');
    repo.addRule({ skillId: null, list: 'allow', rule: 'Bash(ls:*)' });
    db.close();
    db = openDatabase(file);
    repo = open(db);
    expect(repo.getMode()).toBe('acceptEdits');
    expect(repo.rulesFor('any').allow).toEqual(['Bash(ls:*)']);
    expect(() => repo.setMode('yolo' as never)).toThrow(/default, acceptEdits, plan, unrestricted/);
    // a mode stored by hand or by a newer version: the default, said once
    db.prepare(
      "INSERT OR REPLACE INTO settings (key, value_json) VALUES ('permissions.mode', '\"yolo\"')",
    ).run();
    expect(repo.getMode()).toBe('default');
    expect(warnings.map((w) => w.code)).toEqual(['SETTING_DAMAGED']);
  });
});
