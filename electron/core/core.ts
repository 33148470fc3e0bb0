import fs from 'node:fs';
import path from 'node:path';
import type { Database } from 'better-sqlite3';
import type { Handlers } from '../../shared/ipc/contract';
import { AppError } from '../../shared/ipc/result';
import { createDispatch, type Dispatch } from './ipc/dispatch';
import { EventHub } from './ipc/event-hub';
import { openDatabase, readUserVersion } from './store/db';
import { createSkillMetaRepo } from './store/skill-meta';
import { resolveMeta } from './skills/appearance';
import { locateSkill, scanSkills, type SkillDir } from './skills/scan';

export interface CoreOptions {
  /** Where the database and user files live (Electron: userData; CLI: --data-dir / ~/.skilldeck). */
  dataDir: string;
  /** Skill folders, highest precedence first; the user folder `<dataDir>/skills` is always first. */
  skillDirs: readonly SkillDir[];
  runtime: 'electron' | 'node';
  version: string;
  /** better-sqlite3 addon for this runtime (Electron passes its own build). */
  nativeBinding?: string | object;
  /** Called with errors that are bugs, not user mistakes (logged by the host, never sent as-is). */
  onInternalError?: (error: unknown) => void;
}

export interface Core {
  handlers: Handlers;
  dispatch: Dispatch;
  events: EventHub;
  close(): void;
}

export const DATABASE_FILE = 'skilldeck.db';

export function createCore(options: CoreOptions): Core {
  fs.mkdirSync(options.dataDir, { recursive: true });
  const db: Database = openDatabase(path.join(options.dataDir, DATABASE_FILE), {
    nativeBinding: options.nativeBinding,
  });
  const metaRepo = createSkillMetaRepo(db);
  const events = new EventHub();
  const skillDirs: SkillDir[] = [
    { dir: path.join(options.dataDir, 'skills'), source: 'user' },
    ...options.skillDirs,
  ];

  async function requireSkill(skillId: string) {
    const skill = await locateSkill(skillDirs, skillId);
    if (!skill) throw new AppError('NOT_FOUND', `no skill "${skillId}" in any skill folder`);
    return skill;
  }

  const handlers: Handlers = {
    'app:info': () => ({
      name: 'Skilldeck',
      version: options.version,
      runtime: options.runtime,
      platform: process.platform,
      dataDir: options.dataDir,
      schemaVersion: readUserVersion(db),
    }),

    'skills:list': async () => {
      const skills = await scanSkills(skillDirs);
      return skills.map((s) => ({
        id: s.id,
        name: s.name,
        description: s.description,
        source: s.source,
        problems: s.problems,
        meta: resolveMeta(s.id, s.source === 'builtin', metaRepo.get(s.id)),
      }));
    },

    'meta:get': async ({ skillId }) => {
      const skill = await requireSkill(skillId);
      return resolveMeta(skillId, skill.source === 'builtin', metaRepo.get(skillId));
    },

    'meta:update': async ({ skillId, patch }) => {
      const skill = await requireSkill(skillId);
      if (patch.hotkey) {
        const holder = metaRepo.findByAccelerator(patch.hotkey.accelerator);
        if (holder !== undefined && holder !== skillId) {
          throw new AppError(
            'CONFLICT',
            `${patch.hotkey.display} is already the hotkey of "${holder}": clear it there first or pick another`,
          );
        }
      }
      const stored = metaRepo.upsert(skillId, skill.source === 'builtin', patch, Date.now());
      const meta = resolveMeta(skillId, skill.source === 'builtin', stored);
      events.emit('meta:changed', meta);
      return meta;
    },
  };

  return {
    handlers,
    dispatch: createDispatch(handlers, options.onInternalError),
    events,
    close: () => db.close(),
  };
}
