import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Database } from 'better-sqlite3';
import type { Handlers } from '../../shared/ipc/contract';
import { AppError } from '../../shared/ipc/result';
import { createDispatch, type Dispatch } from './ipc/dispatch';
import { EventHub } from './ipc/event-hub';
import { openDatabase, readUserVersion } from './store/db';
import { createSkillMetaRepo } from './store/skill-meta';
import { resolveMeta } from './skills/appearance';
import { createSkillRegistry, type SkillRegistry } from './skills/registry';
import { createSkillHandlers } from './skills/skill-handlers';
import { resolveSourceRoots, type SkillDir } from './skills/sources';

export interface CoreOptions {
  /** Where the database and user files live (Electron: userData; CLI: --data-dir / ~/.skilldeck). */
  dataDir: string;
  /**
   * Extra skill folders (`folder`) and the built-in one (`builtin`). The user folder `<dataDir>/skills`
   * always comes first; then folders, plugins, built-ins, each kind in the order given.
   */
  skillDirs: readonly SkillDir[];
  /** Plugin folders, each with `skills/<name>/SKILL.md`; their skills' ids are `<plugin>:<name>`. */
  pluginDirs?: readonly string[];
  /** Follow skill folders for changes on disk (default true). */
  watchSkills?: boolean;
  /** Where `~/.claude/skills` and the like are looked for (default: the user's home). */
  homeDir?: string;
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
  /** The skill registry (hosts warm it up with `skills.ready()`; benchmarks and tests watch it). */
  skills: SkillRegistry;
  /** Closes the database and stops watching; `skills.close()` can be awaited for the watchers. */
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
  const userDir = path.join(options.dataDir, 'skills');
  fs.mkdirSync(userDir, { recursive: true });
  const skills = createSkillRegistry({
    roots: resolveSourceRoots({ userDir, skillDirs: options.skillDirs, pluginDirs: options.pluginDirs }),
    watch: options.watchSkills ?? true,
    onError: options.onInternalError,
  });
  skills.onChange(({ reason, ids }) => events.emit('skills:changed', { reason, ids }));

  const isBuiltin = (skillId: string) => skills.get(skillId)?.source === 'builtin';

  const handlers: Handlers = {
    'app:info': () => ({
      name: 'Skilldeck',
      version: options.version,
      runtime: options.runtime,
      platform: process.platform,
      dataDir: options.dataDir,
      schemaVersion: readUserVersion(db),
    }),

    ...createSkillHandlers({
      registry: skills,
      metaRepo,
      userDir,
      trashDir: path.join(options.dataDir, 'trash'),
      homeDir: options.homeDir ?? os.homedir(),
    }),

    'meta:get': async ({ skillId }) => {
      await skills.require(skillId);
      return resolveMeta(skillId, isBuiltin(skillId), metaRepo.get(skillId));
    },

    'meta:update': async ({ skillId, patch }) => {
      await skills.require(skillId);
      if (patch.hotkey) {
        const holder = metaRepo.findByAccelerator(patch.hotkey.accelerator);
        if (holder !== undefined && holder !== skillId) {
          throw new AppError(
            'CONFLICT',
            `${patch.hotkey.display} is already the hotkey of "${holder}": clear it there first or pick another`,
          );
        }
      }
      const stored = metaRepo.upsert(skillId, isBuiltin(skillId), patch, Date.now());
      const meta = resolveMeta(skillId, isBuiltin(skillId), stored);
      events.emit('meta:changed', meta);
      return meta;
    },
  };

  return {
    handlers,
    dispatch: createDispatch(handlers, options.onInternalError),
    events,
    skills,
    close: () => {
      skills.close().catch((error: unknown) => options.onInternalError?.(error));
      db.close();
    },
  };
}
