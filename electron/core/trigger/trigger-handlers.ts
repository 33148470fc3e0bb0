// `trigger:run` and the `hotkeys:*` channels. The hotkeys themselves live in the desktop app
// (electron/main/hotkeys.ts); the headless host and the CLI have none and say where to run skills instead.
import type { Handlers } from '../../../shared/ipc/contract';
import { AppError } from '../../../shared/ipc/result';
import type { HotkeysOverview, TriggerInput, TriggerResult } from '../../../shared/types/desktop';
import type { SkillRegistry } from '../skills/registry';

/** The hotkeys of the desktop app (electron/main/hotkeys.ts); absent in the headless host and the CLI. */
export interface HotkeyService {
  overview(): HotkeysOverview;
  pause(paused: boolean): HotkeysOverview;
  test(skillId: string): Promise<boolean>;
}

export type TriggerChannel = 'trigger:run' | 'hotkeys:status' | 'hotkeys:pause' | 'hotkeys:test';

export interface TriggerHandlerDeps {
  trigger: (input: TriggerInput) => Promise<TriggerResult>;
  skills: Pick<SkillRegistry, 'require'>;
  hotkeys?: HotkeyService;
}

const noHotkeys = (): HotkeysOverview => ({
  available: false,
  paused: false,
  note: 'They exist in the desktop app. Here, run skills from the dashboard, the skilldeck CLI or a skilldeck:// link.',
  noteKind: 'headless',
  hotkeys: [],
});

export function createTriggerHandlers(deps: TriggerHandlerDeps): Pick<Handlers, TriggerChannel> {
  const { hotkeys } = deps;
  return {
    'trigger:run': (input) => deps.trigger(input),
    'hotkeys:status': () => hotkeys?.overview() ?? noHotkeys(),
    'hotkeys:pause': ({ paused }) => {
      if (!hotkeys) throw new AppError('BAD_REQUEST', 'global hotkeys exist only in the desktop app');
      return hotkeys.pause(paused);
    },
    'hotkeys:test': async ({ skillId }) => {
      if (!hotkeys) throw new AppError('BAD_REQUEST', 'global hotkeys exist only in the desktop app');
      await deps.skills.require(skillId);
      return { fired: await hotkeys.test(skillId) };
    },
  };
}
