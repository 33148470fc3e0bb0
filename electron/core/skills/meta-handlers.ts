// `meta:get` / `meta:update`: a skill's look, hotkey, order and on/off, stored in skill_meta over the
// defaults of appearance.ts. A hotkey belongs to one skill at a time: taking one that is held is refused.
import type { Handlers } from '../../../shared/ipc/contract';
import { AppError } from '../../../shared/ipc/result';
import type { EventHub } from '../ipc/event-hub';
import type { SkillMetaRepo } from '../store/skill-meta';
import { resolveMeta } from './appearance';
import { modelOnlyRefusal } from './model-only';
import type { SkillRegistry } from './registry';

export interface MetaHandlerDeps {
  registry: Pick<SkillRegistry, 'get' | 'require'>;
  metaRepo: SkillMetaRepo;
  /** `meta:changed` goes to every client after an update. */
  events: EventHub;
  now?: () => number;
}

export function createMetaHandlers(deps: MetaHandlerDeps): Pick<Handlers, 'meta:get' | 'meta:update'> {
  const { registry, metaRepo } = deps;
  const now = deps.now ?? Date.now;
  const isBuiltin = (skillId: string) => registry.get(skillId)?.source === 'builtin';
  return {
    'meta:get': async ({ skillId }) => {
      await registry.require(skillId);
      return resolveMeta(skillId, isBuiltin(skillId), metaRepo.get(skillId));
    },

    'meta:update': async ({ skillId, patch }) => {
      const entry = await registry.require(skillId);
      if (patch.hotkey) {
        if (!entry.userInvocable) throw modelOnlyRefusal(skillId, 'hotkey');
        const holder = metaRepo.findByAccelerator(patch.hotkey.accelerator);
        if (holder !== undefined && holder !== skillId) {
          throw new AppError(
            'CONFLICT',
            `${patch.hotkey.display} is already the hotkey of "${holder}": clear it there first or pick another`,
          );
        }
      }
      const stored = metaRepo.upsert(skillId, isBuiltin(skillId), patch, now());
      const meta = resolveMeta(skillId, isBuiltin(skillId), stored);
      deps.events.emit('meta:changed', meta);
      return meta;
    },
  };
}
