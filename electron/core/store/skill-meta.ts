import type { Database } from 'better-sqlite3';
import type { Hotkey } from '../../../shared/types/skill';

/** A stored row, before defaults are applied. Null fields mean "use the default". */
export interface StoredSkillMeta {
  skillId: string;
  emoji: string | null;
  color: string | null;
  hotkey: Hotkey | null;
  enabled: boolean;
  sortOrder: number;
  builtin: boolean;
  updatedAt: number;
}

export interface SkillMetaChange {
  emoji?: string;
  color?: string;
  hotkey?: Hotkey | null;
  enabled?: boolean;
  sortOrder?: number;
}

export interface SkillMetaRepo {
  get(skillId: string): StoredSkillMeta | undefined;
  list(): StoredSkillMeta[];
  /** Creates the row when missing (with `builtin` as given), then applies the change. */
  upsert(skillId: string, builtin: boolean, change: SkillMetaChange, now: number): StoredSkillMeta;
  /** The skill holding this accelerator (case-insensitive), if any. */
  findByAccelerator(accelerator: string): string | undefined;
}

interface Row {
  skill_id: string;
  emoji: string | null;
  color: string | null;
  hotkey_accelerator: string | null;
  hotkey_display: string | null;
  enabled: number;
  sort_order: number;
  builtin: number;
  updated_at: number;
}

const fromRow = (r: Row): StoredSkillMeta => ({
  skillId: r.skill_id,
  emoji: r.emoji,
  color: r.color,
  hotkey:
    r.hotkey_accelerator !== null && r.hotkey_display !== null
      ? { accelerator: r.hotkey_accelerator, display: r.hotkey_display }
      : null,
  enabled: r.enabled === 1,
  sortOrder: r.sort_order,
  builtin: r.builtin === 1,
  updatedAt: r.updated_at,
});

export function createSkillMetaRepo(db: Database): SkillMetaRepo {
  const selectOne = db.prepare<[string], Row>('SELECT * FROM skill_meta WHERE skill_id = ?');
  const selectAll = db.prepare<[], Row>('SELECT * FROM skill_meta ORDER BY sort_order, skill_id');
  const selectByAccel = db.prepare<[string], { skill_id: string }>(
    'SELECT skill_id FROM skill_meta WHERE lower(hotkey_accelerator) = lower(?)',
  );
  const insert = db.prepare(
    'INSERT OR IGNORE INTO skill_meta (skill_id, builtin, updated_at) VALUES (?, ?, ?)',
  );
  const update = db.prepare(`
    UPDATE skill_meta SET
      emoji = coalesce(@emoji, emoji),
      color = coalesce(@color, color),
      hotkey_accelerator = CASE WHEN @setHotkey THEN @accelerator ELSE hotkey_accelerator END,
      hotkey_display = CASE WHEN @setHotkey THEN @display ELSE hotkey_display END,
      enabled = coalesce(@enabled, enabled),
      sort_order = coalesce(@sortOrder, sort_order),
      updated_at = @now
    WHERE skill_id = @skillId`);

  const repo: SkillMetaRepo = {
    get: (skillId) => {
      const row = selectOne.get(skillId);
      return row ? fromRow(row) : undefined;
    },
    list: () => selectAll.all().map(fromRow),
    upsert: db.transaction((skillId: string, builtin: boolean, change: SkillMetaChange, now: number) => {
      insert.run(skillId, builtin ? 1 : 0, now);
      update.run({
        skillId,
        now,
        emoji: change.emoji ?? null,
        color: change.color ?? null,
        setHotkey: change.hotkey !== undefined ? 1 : 0,
        accelerator: change.hotkey?.accelerator ?? null,
        display: change.hotkey?.display ?? null,
        enabled: change.enabled === undefined ? null : change.enabled ? 1 : 0,
        sortOrder: change.sortOrder ?? null,
      });
      return fromRow(selectOne.get(skillId)!);
    }),
    findByAccelerator: (accelerator) => selectByAccel.get(accelerator)?.skill_id,
  };
  return repo;
}
