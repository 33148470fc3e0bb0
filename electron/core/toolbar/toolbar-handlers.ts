// `toolbar:settings` and `toolbar:update`: the selection toolbar's mode, modifier, pinned skills (in
// order), kept in settings (the apps it stays away from are the per-app rules': `apps:toolbar`). The headless host keeps them for the desktop app on
// the same data folder, as it does the launcher's key.
import type { Handlers } from '../../../shared/ipc/contract';
import { AppError } from '../../../shared/ipc/result';
import type { ToolbarSettings } from '../../../shared/types/toolbar';
import type { EventHub } from '../ipc/event-hub';
import type { SkillRegistry } from '../skills/registry';
import type { SettingsStore } from '../store/settings';

export type ToolbarChannel = 'toolbar:settings' | 'toolbar:update';

export function readToolbarSettings(settings: Pick<SettingsStore, 'get'>): ToolbarSettings {
  return {
    mode: settings.get('toolbar.mode'),
    modifier: settings.get('toolbar.modifier'),
    pinned: settings.get('toolbar.pinned'),
  };
}

/** Each once, the first spelling kept. */
function distinct<T>(list: readonly T[], same: (a: T, b: T) => boolean): T[] {
  return list.filter((item, index) => list.findIndex((other) => same(item, other)) === index);
}

export function createToolbarHandlers(deps: {
  settings: Pick<SettingsStore, 'get' | 'set'>;
  skills: Pick<SkillRegistry, 'get'>;
  events: Pick<EventHub, 'emit'>;
}): Pick<Handlers, ToolbarChannel> {
  const { settings } = deps;
  return {
    'toolbar:settings': () => readToolbarSettings(settings),
    'toolbar:update': (patch) => {
      if (patch.pinned !== undefined) {
        const pinned = distinct(patch.pinned, (a, b) => a === b);
        const missing = pinned.find((id) => {
          const entry = deps.skills.get(id);
          return !entry || entry.shadowedBy !== null;
        });
        if (missing !== undefined)
          throw new AppError('NOT_FOUND', `no skill "${missing}" to pin to the toolbar`);
        settings.set('toolbar.pinned', pinned);
      }
      if (patch.mode !== undefined) settings.set('toolbar.mode', patch.mode);
      if (patch.modifier !== undefined) settings.set('toolbar.modifier', patch.modifier);
      const now = readToolbarSettings(settings);
      deps.events.emit('toolbar:changed', now);
      return now;
    },
  };
}
