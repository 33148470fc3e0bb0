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
import { acceleratorKey } from '../../../shared/types/hotkey';
import type { HotkeysOverview } from '../../../shared/types/desktop';
import type { SpeechSettings } from '../../../shared/types/speech';
import { createVoiceKeys, type VoiceKeys, type VoiceRecorder } from './voice-keys';

/** The running app as the triggers need it. */
export interface TriggerHost {
  core: Pick<Core, 'dispatch' | 'events' | 'handlers' | 'settings'> & {
    speech: Pick<Core['speech'], 'reportVoiceKeys'>;
  };
  dashboard: { show(): unknown };
  /** The selection toolbar: in its `hotkey` mode the launcher's key shows it (answers true) instead. */
  toolbar?: { launcherKey(): Promise<boolean> };
  /** The recording indicator the dictate and voice keys open (absent: no voice keys). */
  recorder?: VoiceRecorder & { onEnded(listener: () => void): void };
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

/** Settings › Speech's keys as stored. */
const speechKeys = (running: TriggerHost) => ({
  dictateHotkey: running.core.settings.get('speech.dictateHotkey'),
  voiceHotkeys: running.core.settings.get('speech.voiceHotkeys'),
});

export function createDesktopTriggers(options: DesktopTriggersOptions): DesktopTriggers {
  const log = options.log ?? ((message, error) => console.error(`[skilldeck] ${message}`, error ?? ''));
  let host: TriggerHost | null = null;
  let unsubscribe: (() => void) | null = null;
  let voice: VoiceKeys | null = null;
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

  /** The dictate and voice keys, never one a skill's hotkey or the launcher already is. */
  function voiceKeysFor(running: TriggerHost, recorder: NonNullable<TriggerHost['recorder']>): VoiceKeys {
    const keys = createVoiceKeys({
      registrar: options.registrar,
      recorder,
      log: (message) => log(message),
      takenElsewhere: (accelerator) => {
        const overview = hotkeys.overview();
        const same = (other: string | null | undefined) =>
          !!other &&
          acceleratorKey(other, process.platform) === acceleratorKey(accelerator, process.platform);
        return overview.hotkeys.some((h) => same(h.accelerator)) || same(overview.launcher?.accelerator);
      },
    });
    recorder.onEnded(() => keys.ended());
    keys.sync(speechKeys(running));
    running.core.speech.reportVoiceKeys(() => keys.states());
    return keys;
  }

  return {
    hotkeys,
    attach(running, argv) {
      host = running;
      voice = running.recorder ? voiceKeysFor(running, running.recorder) : null;
      unsubscribe = running.core.events.subscribe((event, payload) => {
        // a hotkey edited, a skill enabled/disabled, or a skill folder added/removed on disk
        if (event === 'meta:changed' || event === 'skills:changed') void hotkeys.sync();
        // Settings › Speech changed the dictate or voice keys; skill keys moved (a voice key may be free now)
        if (event === 'speech:changed') voice?.sync(payload as SpeechSettings);
        if (event === 'hotkeys:changed') {
          voice?.pause((payload as HotkeysOverview).paused);
          voice?.sync(speechKeys(running));
        }
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
      voice?.dispose();
      voice = null;
      hotkeys.dispose();
      host = null;
    },
  };
}
