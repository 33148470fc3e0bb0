import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { migrate } from '../db';
import { migrations } from './index';

describe('migration 0050: permissions', () => {
  const upTo50 = () => {
    const db = new Database(':memory:');
    migrate(db, migrations, 50);
    return db;
  };
  const columns = (db: Database.Database, table: string) =>
    db
      .prepare<[], { name: string; type: string; notnull: number; pk: number }>(
        `PRAGMA table_info('${table}')`,
      )
      .all()
      .map((c) => [c.name, c.type, c.notnull, c.pk]);

  it('stamps user_version 50 and creates the three tables', () => {
    const db = upTo50();
    expect(db.pragma('user_version', { simple: true })).toBe(50);
    expect(columns(db, 'permission_rules')).toEqual([
      ['id', 'INTEGER', 0, 1],
      ['skill_id', 'TEXT', 0, 0],
      ['list', 'TEXT', 1, 0],
      ['rule', 'TEXT', 1, 0],
      ['created_at', 'INTEGER', 1, 0],
    ]);
    expect(columns(db, 'permission_audit')).toEqual([
      ['id', 'INTEGER', 0, 1],
      ['run_id', 'TEXT', 1, 0],
      ['skill_id', 'TEXT', 1, 0],
      ['tool', 'TEXT', 1, 0],
      ['input_json', 'TEXT', 1, 0],
      ['decision', 'TEXT', 1, 0],
      ['source', 'TEXT', 1, 0],
      ['rule', 'TEXT', 0, 0],
      ['reason', 'TEXT', 1, 0],
      ['at', 'INTEGER', 1, 0],
    ]);
    expect(columns(db, 'settings')).toEqual([
      ['key', 'TEXT', 1, 1],
      ['value_json', 'TEXT', 1, 0],
    ]);
    const indexes = db
      .prepare<[], { name: string }>(
        "SELECT name FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL ORDER BY name",
      )
      .all()
      .map((r) => r.name);
    expect(indexes).toEqual(expect.arrayContaining(['permission_audit_run', 'permission_rules_unique']));
  });

  it('keeps rules unique per skill and list, global (NULL) ones included', () => {
    const db = upTo50();
    const insert = (skillId: string | null, list: string, rule: string) =>
      db
        .prepare('INSERT INTO permission_rules (skill_id, list, rule, created_at) VALUES (?, ?, ?, 1)')
        .run(skillId, list, rule);
    insert(null, 'allow', 'Bash(ls:*)');
    expect(() => insert(null, 'allow', 'Bash(ls:*)')).toThrow(/UNIQUE/);
    insert(null, 'deny', 'Bash(ls:*)');
    insert('translate', 'allow', 'Bash(ls:*)');
    expect(() => insert('translate', 'allow', 'Bash(ls:*)')).toThrow(/UNIQUE/);
    expect(() => insert('', 'allow', 'Bash')).toThrow(/CHECK/);
    expect(() => insert(null, 'maybe', 'Bash')).toThrow(/CHECK/);
    expect(db.prepare('SELECT count(*) AS n FROM permission_rules').get()).toEqual({ n: 3 });
  });

  it('checks audit decisions, sources and the input cap; settings hold JSON', () => {
    const db = upTo50();
    const audit = (decision: string, source: string, input = '{}') =>
      db
        .prepare(
          "INSERT INTO permission_audit (run_id, skill_id, tool, input_json, decision, source, rule, reason, at) VALUES ('r', 's', 'Bash', ?, ?, ?, NULL, 'why', 1)",
        )
        .run(input, decision, source);
    for (const source of ['rule', 'mode', 'user', 'timeout', 'run-grant']) audit('allow', source);
    expect(() => audit('maybe', 'rule')).toThrow(/CHECK/);
    expect(() => audit('deny', 'guess')).toThrow(/CHECK/);
    expect(() => audit('deny', 'rule', 'x'.repeat(10_001))).toThrow(/CHECK/);
    const setting = db.prepare('INSERT INTO settings (key, value_json) VALUES (?, ?)');
    setting.run('permissions.mode', '"plan"');
    expect(() => setting.run('bad', 'not json')).toThrow(/CHECK|malformed/);
  });
});
