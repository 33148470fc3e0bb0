// The ways a skill is started from outside the dashboard — global hotkeys, skilldeck:// links (macOS
// `open-url`, or a launch's argv on Windows/Linux) and `skilldeck run <skill> --trigger` (argv handed over
// by the single-instance lock) — all end in the core's `trigger:run`.
import type { TriggerInput } from '../../../shared/types/desktop';
import type { Core } from '../../core/core';
import { DEFAULT_LAUNCHER_KEY } from '../../core/trigger/launcher-hotkey';
import { readLaunchRequest, type LaunchRequest } from './deep-link';
import {
  createHotkeyManager,
  skillHotkeysFrom,
  type HotkeyManager,
  type HotkeyPlatform,
  type ShortcutRegistrar,
} from './hotkeys';
import { handleLaunchRequest, handleSecondLaunch, type SecondLaunch } from './second-launch';

/** The running app as the triggers need it. */
export interface TriggerHost {
  core: Pick<Core, 'dispatch' | 'events' | 'handlers' | 'settings'>;
  dashboard: { show(): unknown };
  /** The selection toolbar: in its `hotkey` mode the launcher's key shows it (answers true) instead. */
  toolbar?: { launcherKey(): Promise<boolean> };
}

export interface DesktopTriggersOptions {
  registrar: ShortcutRegistrar;
  platform: HotkeyPlatform;
  log?: (message: string, error?: unknown) => void;
  /** Hotkey test window (default 10 s). */
  testTimeoutMs?: number;
}

export interface DesktopTriggers {
  /** Also the `HotkeyService` the core's `hotkeys:*` handlers use (and the tray's pause). */
  hotkeys: HotkeyManager;
  /** The app is up: registers the hotkeys, follows skill/meta changes, acts on `argv` and queued links. */
  attach(host: TriggerHost, argv: readonly string[]): void;
  /** macOS `open-url` (may come before `attach`: queued). */
  openUrl(url: string): void;
  /** Electron's 'second-instance'. */
  secondLaunch(launch: SecondLaunch): void;
  /** will-quit: stop following changes and give every hotkey back. */
  stop(): void;
}

export function createDesktopTriggers(options: DesktopTriggersOptions): DesktopTriggers {
  const log = options.log ?? ((message, error) => console.error(`[skilldeck] ${message}`, error ?? ''));
  let host: TriggerHost | null = null;
  let unsubscribe: (() => void) | null = null;
  const queued: LaunchRequest[] = [];

  async function trigger(input: TriggerInput): Promise<void> {
    if (!host) return;
    const result = await host.core.dispatch('trigger:run', input);
    if (!result.ok) log(`trigger ${input.skillId}: ${result.error.code}: ${result.error.message}`);
  }

  const targets = () => ({
    dashboard: host!.dashboard,
    trigger: (input: TriggerInput) => void trigger(input).catch((error) => log('trigger failed', error)),
    log: (message: string) => log(message),
  });

  const hotkeys = createHotkeyManager({
    registrar: options.registrar,
    platform: options.platform,
    testTimeoutMs: options.testTimeoutMs,
    log,
    listSkillHotkeys: async () =>
      host ? skillHotkeysFrom(await host.core.handlers['skills:list'](undefined)) : [],
    onTrigger: trigger,
    launcher: {
      key: () => host?.core.settings.get('launcher.hotkey') ?? null,
      defaultKey: DEFAULT_LAUNCHER_KEY,
      onPress: async () => {
        if (!host) return;
        if (await host.toolbar?.launcherKey().catch(() => false)) return;
        const result = await host.core.dispatch('trigger:launcher', { source: 'hotkey' });
        if (!result.ok) log(`launcher: ${result.error.code}: ${result.error.message}`);
      },
    },
    emit: (overview) => host?.core.events.emit('hotkeys:changed', overview),
  });

  return {
    hotkeys,
    attach(running, argv) {
      host = running;
      unsubscribe = running.core.events.subscribe((event) => {
        // a hotkey edited, a skill enabled/disabled, or a skill folder added/removed on disk
        if (event === 'meta:changed' || event === 'skills:changed') void hotkeys.sync();
      });
      void hotkeys.sync();
      handleLaunchRequest(readLaunchRequest(argv), targets(), { raiseOnNone: false });
      for (const request of queued.splice(0)) handleLaunchRequest(request, targets(), { raiseOnNone: false });
    },
    openUrl(url) {
      const request = readLaunchRequest([url]);
      if (host) handleLaunchRequest(request, targets(), { raiseOnNone: true });
      else queued.push(request);
    },
    secondLaunch(launch) {
      if (host) handleSecondLaunch(launch, targets());
    },
    stop() {
      unsubscribe?.();
      unsubscribe = null;
      hotkeys.dispose();
      host = null;
    },
  };
}
