import type { Database } from 'better-sqlite3';
import type { SettingsStore } from '../store/settings';
import { optionalFilters } from '../store/sql-filter';
import { normalizeRule } from './rules';
import { PERMISSION_MODES, type PermissionMode, type PermissionRules, type RuleList } from './types';

export interface PermissionRuleRow {
  id: number;
  /** null: a global rule. */
  skillId: string | null;
  list: RuleList;
  rule: string;
  createdAt: number;
}

export interface NewPermissionRule {
  skillId: string | null;
  list: RuleList;
  rule: string;
}

export type AuditSource = 'rule' | 'mode' | 'user' | 'timeout' | 'run-grant';

export interface AuditEntry {
  runId: string;
  skillId: string;
  tool: string;
  /** The tool's input; stored as JSON cut at 10,000 characters. */
  input: unknown;
  decision: 'allow' | 'deny' | 'ask';
  source: AuditSource;
  rule?: string | null;
  reason: string;
  at: number;
}

export interface AuditRow extends Omit<AuditEntry, 'input' | 'rule'> {
  id: number;
  /** The input as JSON; when longer than 10,000 characters it is cut and ends with `…`. */
  inputJson: string;
  rule: string | null;
}

export const MAX_AUDIT_INPUT = 10_000;

/** Permission rules and the decision audit in SQLite (migration 50); the mode is a setting. */
export interface PermissionRepo {
  /** The global rules plus the skill's own, as the rule engine takes them. */
  rulesFor(skillId: string): PermissionRules;
  /** `skillId: null` lists only global rules; undefined lists all. */
  listRules(filter?: { skillId?: string | null; list?: RuleList }): PermissionRuleRow[];
  /** Validates the rule (RuleError) and stores it normalized; adding one already there returns that row. */
  addRule(rule: NewPermissionRule, now?: number): PermissionRuleRow;
  removeRule(id: number): boolean;
  audit(entry: AuditEntry): void;
  /** Newest first; `limit` defaults to 200 (at most 10,000). */
  listAudit(query?: { runId?: string; limit?: number }): AuditRow[];
  getMode(): PermissionMode;
  setMode(mode: PermissionMode): void;
}

interface RuleRow {
  id: number;
  skill_id: string | null;
  list: RuleList;
  rule: string;
  created_at: number;
}

interface AuditDbRow {
  id: number;
  run_id: string;
  skill_id: string;
  tool: string;
  input_json: string;
  decision: AuditRow['decision'];
  source: AuditSource;
  rule: string | null;
  reason: string;
  at: number;
}

const fromRuleRow = (r: RuleRow): PermissionRuleRow => ({
  id: r.id,
  skillId: r.skill_id,
  list: r.list,
  rule: r.rule,
  createdAt: r.created_at,
});

const fromAuditRow = (r: AuditDbRow): AuditRow => ({
  id: r.id,
  runId: r.run_id,
  skillId: r.skill_id,
  tool: r.tool,
  inputJson: r.input_json,
  decision: r.decision,
  source: r.source,
  rule: r.rule,
  reason: r.reason,
  at: r.at,
});

function inputJson(input: unknown): string {
  let json: string;
  try {
    json = JSON.stringify(input) ?? 'null';
  } catch {
    json = JSON.stringify(String(input));
  }
  return json.length <= MAX_AUDIT_INPUT ? json : `${json.slice(0, MAX_AUDIT_INPUT - 1)}…`;
}

const RULE_ORDER =
  "ORDER BY skill_id IS NOT NULL, skill_id, CASE list WHEN 'deny' THEN 0 WHEN 'ask' THEN 1 ELSE 2 END, id";

export function createPermissionRepo(
  db: Database,
  settings: Pick<SettingsStore, 'get' | 'set'>,
): PermissionRepo {
  const selectFor = db.prepare<[string], RuleRow>(
    `SELECT * FROM permission_rules WHERE skill_id IS NULL OR skill_id = ? ${RULE_ORDER}`,
  );
  const insertRule = db.prepare(
    'INSERT INTO permission_rules (skill_id, list, rule, created_at) VALUES (?, ?, ?, ?) ON CONFLICT DO NOTHING',
  );
  const selectRule = db.prepare<[string | null, RuleList, string], RuleRow>(
    'SELECT * FROM permission_rules WHERE skill_id IS ? AND list = ? AND rule = ?',
  );
  const deleteRule = db.prepare('DELETE FROM permission_rules WHERE id = ?');
  const insertAudit = db.prepare(`
    INSERT INTO permission_audit (run_id, skill_id, tool, input_json, decision, source, rule, reason, at)
    VALUES (@runId, @skillId, @tool, @inputJson, @decision, @source, @rule, @reason, @at)`);

  const repo: PermissionRepo = {
    rulesFor: (skillId) => {
      const rules: PermissionRules = { allow: [], ask: [], deny: [] };
      for (const row of selectFor.all(skillId))
        if (!rules[row.list].includes(row.rule)) rules[row.list].push(row.rule);
      return rules;
    },
    listRules: (filter = {}) => {
      const { clauses, params } = optionalFilters([
        ['skill_id = ?', filter.skillId ?? undefined],
        ['list = ?', filter.list],
      ]);
      if (filter.skillId === null) clauses.push('skill_id IS NULL');
      const where = clauses.length > 0 ? `WHERE ${clauses.join(' AND ')}` : '';
      return db
        .prepare<(string | number)[], RuleRow>(`SELECT * FROM permission_rules ${where} ${RULE_ORDER}`)
        .all(...params)
        .map(fromRuleRow);
    },
    addRule: ({ skillId, list, rule }, now = Date.now()) => {
      const normalized = normalizeRule(rule);
      insertRule.run(skillId, list, normalized, now);
      return fromRuleRow(selectRule.get(skillId, list, normalized)!);
    },
    removeRule: (id) => deleteRule.run(id).changes > 0,
    audit: (entry) => {
      insertAudit.run({
        runId: entry.runId,
        skillId: entry.skillId,
        tool: entry.tool,
        inputJson: inputJson(entry.input),
        decision: entry.decision,
        source: entry.source,
        rule: entry.rule ?? null,
        reason: entry.reason,
        at: entry.at,
      });
    },
    listAudit: ({ runId, limit = 200 } = {}) => {
      const { clauses, params } = optionalFilters([['run_id = ?', runId]]);
      const where = clauses.length > 0 ? `WHERE ${clauses.join(' AND ')}` : '';
      const capped = Number.isFinite(limit) ? Math.max(1, Math.min(10_000, Math.floor(limit))) : 200;
      return db
        .prepare<(string | number)[], AuditDbRow>(
          `SELECT * FROM permission_audit ${where} ORDER BY at DESC, id DESC LIMIT ?`,
        )
        .all(...params, capped)
        .map(fromAuditRow);
    },
    getMode: () => settings.get('permissions.mode'),
    setMode: (mode) => {
      if (!(PERMISSION_MODES as readonly string[]).includes(mode))
        throw new TypeError(
          `permission mode must be one of ${PERMISSION_MODES.join(', ')}; got ${String(mode)}`,
        );
      settings.set('permissions.mode', mode);
    },
  };
  return repo;
}
