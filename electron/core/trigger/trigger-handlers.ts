// `trigger:run`, `trigger:launcher` and the `hotkeys:*` channels. The hotkeys themselves live in the
// desktop app (electron/main/triggers/hotkeys.ts); the headless host and the CLI have none and say where
// to run skills instead, and keep the launcher's key for the desktop app on the same data folder.
import type { Handlers } from '../../../shared/ipc/contract';
import { AppError } from '../../../shared/ipc/result';
import type {
  HotkeyTestInput,
  HotkeysOverview,
  LauncherInput,
  LauncherResult,
  TriggerInput,
  TriggerResult,
} from '../../../shared/types/desktop';
import type { SkillRegistry } from '../skills/registry';
import type { SettingsStore } from '../store/settings';
import type { SkillMetaRepo } from '../store/skill-meta';
import { skillHolding, skillHoldsLauncherKey, unregisteredLauncher } from './launcher-hotkey';

/** The hotkeys of the desktop app (electron/main/triggers/hotkeys.ts); absent in the headless host and the CLI. */
export interface HotkeyService {
  overview(): HotkeysOverview;
  pause(paused: boolean): HotkeysOverview;
  /** Waits for a press of the skill's hotkey or the launcher's key; false after the wait. */
  test(target: HotkeyTestInput): Promise<boolean>;
  /** Reads the hotkeys (and the launcher's key) again and registers what changed. */
  sync(): Promise<HotkeysOverview>;
}

export type TriggerChannel =
  | 'trigger:run'
  | 'trigger:launcher'
  | 'hotkeys:status'
  | 'hotkeys:pause'
  | 'hotkeys:test'
  | 'hotkeys:setLauncher'
  | 'hotkeys:behaviour';

export interface TriggerHandlerDeps {
  trigger: (input: TriggerInput) => Promise<TriggerResult>;
  launch: (input: LauncherInput) => Promise<LauncherResult>;
  skills: Pick<SkillRegistry, 'require'>;
  settings: Pick<SettingsStore, 'get' | 'set'>;
  /** The skills' stored hotkeys: the launcher's key may not be one of them. */
  metas: Pick<SkillMetaRepo, 'list'>;
  hotkeys?: HotkeyService;
}

export function createTriggerHandlers(deps: TriggerHandlerDeps): Pick<Handlers, TriggerChannel> {
  const { hotkeys, settings } = deps;
  const noHotkeys = (): HotkeysOverview => ({
    available: false,
    paused: false,
    note: 'They exist in the desktop app. Here, run skills from the dashboard, the skilldeck CLI or a skilldeck:// link.',
    noteKind: 'headless',
    hotkeys: [],
    launcher: unregisteredLauncher(settings),
  });
  return {
    'trigger:run': (input) => deps.trigger(input),
    'trigger:launcher': (input) => deps.launch(input),
    'hotkeys:status': () => hotkeys?.overview() ?? noHotkeys(),
    'hotkeys:pause': ({ paused }) => {
      if (!hotkeys) throw new AppError('BAD_REQUEST', 'global hotkeys exist only in the desktop app');
      return hotkeys.pause(paused);
    },
    'hotkeys:test': async (target) => {
      if (!hotkeys) throw new AppError('BAD_REQUEST', 'global hotkeys exist only in the desktop app');
      if ('skillId' in target) await deps.skills.require(target.skillId);
      return { fired: await hotkeys.test(target) };
    },
    'hotkeys:behaviour': (change) => {
      if (change?.repeatPress !== undefined) settings.set('trigger.repeatPress', change.repeatPress);
      if (change?.copyFallback !== undefined) settings.set('selection.copyFallback', change.copyFallback);
      return {
        repeatPress: settings.get('trigger.repeatPress'),
        copyFallback: settings.get('selection.copyFallback'),
      };
    },
    'hotkeys:setLauncher': async ({ accelerator }) => {
      if (accelerator !== null) {
        const holder = skillHolding(deps.metas.list(), accelerator);
        if (holder !== undefined) throw skillHoldsLauncherKey(holder, accelerator);
      }
      settings.set('launcher.hotkey', accelerator);
      return hotkeys ? hotkeys.sync() : noHotkeys();
    },
  };
}
