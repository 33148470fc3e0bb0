// Global hotkeys: one OS-wide shortcut per enabled skill that has one (stored in SQLite, skill_meta).
// Registration goes through a `ShortcutRegistrar` (Electron's globalShortcut in the app, a fake in tests),
// and every outcome is reported in the overview — an invalid accelerator, two skills with one key, the
// OS refusing a key — never swallowed.
import type {
  HotkeyStatus,
  HotkeyTestInput,
  HotkeysOverview,
  LauncherHotkey,
  TriggerInput,
} from '../../../shared/types/desktop';
import { acceleratorKey, acceleratorProblem } from '../../../shared/types/hotkey';
import type { SkillSummary } from '../../../shared/types/skill';

export { acceleratorKey };

/** What the manager needs of Electron's `globalShortcut` (tests pass a fake). */
export interface ShortcutRegistrar {
  /** false when the OS (or another application) refuses the accelerator. */
  register(accelerator: string, callback: () => void): boolean;
  unregister(accelerator: string): void;
  isRegistered(accelerator: string): boolean;
}

/** The part of the hotkey manager the core's `hotkeys:*` handlers use. */
export interface HotkeyService {
  overview(): HotkeysOverview;
  pause(paused: boolean): HotkeysOverview;
  /** Resolves true when the skill's hotkey is pressed within the test window (the skill is not run). */
  /** Waits for a press of the skill's hotkey or the launcher's key (which then does not act). */
  test(target: HotkeyTestInput): Promise<boolean>;
  /** Reads the hotkeys (and the launcher's key) again and registers what changed. */
  sync(): Promise<HotkeysOverview>;
}

/** A skill's stored hotkey, as `listSkillHotkeys` reports it. */
export interface SkillHotkey {
  skillId: string;
  accelerator: string;
  enabled: boolean;
}

export interface HotkeyPlatform {
  /** process.platform: CommandOrControl is Command on darwin, Control elsewhere. */
  os: NodeJS.Platform;
  /** A Wayland session (XDG_SESSION_TYPE=wayland): shortcuts go through the GlobalShortcuts portal. */
  wayland: boolean;
}

export interface HotkeyManagerOptions {
  registrar: ShortcutRegistrar;
  /** Every skill's stored hotkey, in the order that decides who keeps a duplicated key. */
  listSkillHotkeys: () => readonly SkillHotkey[] | Promise<readonly SkillHotkey[]>;
  /** A hotkey was pressed (not during a test). */
  onTrigger: (input: TriggerInput) => unknown;
  /**
   * The launcher's key (setting `launcher.hotkey`; null: off) and its default. A skill holding the same
   * key keeps it: the launcher is then left unbound and the overview says which skill has it.
   */
  launcher?: { key: () => string | null; defaultKey: string | null; onPress: () => unknown };
  /** `hotkeys:changed`: called with the overview whenever it changes. */
  emit: (overview: HotkeysOverview) => void;
  platform: HotkeyPlatform;
  /** How long `test()` waits for the key (default 10 s). */
  testTimeoutMs?: number;
  /** Failures of `onTrigger` or `listSkillHotkeys` (default console.error). */
  log?: (message: string, error?: unknown) => void;
}

export interface HotkeyManager extends HotkeyService {
  /** Unregisters every hotkey this manager holds (will-quit). */
  dispose(): void;
}

export const DEFAULT_TEST_TIMEOUT_MS = 10_000;

export const OS_REFUSED_MESSAGE = 'taken by another application — pick another hotkey';

export const WAYLAND_NOTE =
  "Global shortcuts need the desktop's GlobalShortcuts portal; bind `skilldeck://run/<skill>` or " +
  '`skilldeck run <skill> --trigger` to a key in your desktop settings instead';

/** The Wayland session check, from the environment. */
export function hotkeyPlatform(
  env: NodeJS.ProcessEnv = process.env,
  os: NodeJS.Platform = process.platform,
): HotkeyPlatform {
  return { os, wayland: os === 'linux' && env.XDG_SESSION_TYPE?.toLowerCase() === 'wayland' };
}

/**
 * The skill list (`skills:list`) as hotkeys: a shadowed duplicate of an id is not a second skill, and a
 * skill for models only (`user-invocable: false`) holds no key, even one stored before it said so.
 */
export function skillHotkeysFrom(skills: readonly SkillSummary[]): SkillHotkey[] {
  const seen = new Set<string>();
  const hotkeys: SkillHotkey[] = [];
  for (const skill of skills) {
    if (skill.shadowedBy !== null || seen.has(skill.id)) continue;
    if (skill.userInvocable === false) continue;
    seen.add(skill.id);
    if (skill.meta.hotkey)
      hotkeys.push({
        skillId: skill.id,
        accelerator: skill.meta.hotkey.accelerator,
        enabled: skill.meta.enabled,
      });
  }
  return hotkeys.sort((a, b) => a.skillId.localeCompare(b.skillId));
}

/** Electron's globalShortcut as a registrar (kept as an adapter so nothing else touches it). */
export function globalShortcutRegistrar(shortcut: ShortcutRegistrar): ShortcutRegistrar {
  return {
    register: (accelerator, callback) => shortcut.register(accelerator, callback),
    unregister: (accelerator) => shortcut.unregister(accelerator),
    isRegistered: (accelerator) => shortcut.isRegistered(accelerator),
  };
}

interface Held {
  accelerator: string;
  skillId: string;
}

/** The key of the launcher's open tests (no skill id can be empty). */
const LAUNCHER_TEST = '';

export function createHotkeyManager(options: HotkeyManagerOptions): HotkeyManager {
  const { registrar, platform } = options;
  const log = options.log ?? ((message, error) => console.error(`[skilldeck] ${message}`, error ?? ''));
  const testTimeoutMs = options.testTimeoutMs ?? DEFAULT_TEST_TIMEOUT_MS;

  /** What the OS holds for us, by normalized key. */
  const held = new Map<string, Held>();
  /** The last list read (pause/resume re-applies it without reading again). */
  let wanted: readonly SkillHotkey[] = [];
  let paused = false;
  let statuses: HotkeyStatus[] = [];
  let note: string | null = null;
  let lastEmitted: string | null = null;
  /** Open `test()` calls per skill (the launcher's under LAUNCHER_TEST). */
  const tests = new Map<string, Set<(fired: boolean) => void>>();
  /** The launcher's key as last applied, and what the OS holds for it. */
  let launcher: LauncherHotkey | undefined;
  let launcherHeld: string | null = null;

  const overview = (): HotkeysOverview => ({
    available: true,
    paused,
    note,
    noteKind: note === null ? null : 'wayland',
    hotkeys: statuses.map((s) => ({ ...s })),
    ...(launcher ? { launcher: { ...launcher } } : {}),
  });

  function pressLauncher(): void {
    const waiting = tests.get(LAUNCHER_TEST);
    if (waiting && waiting.size > 0) {
      for (const resolve of [...waiting]) resolve(true);
      return;
    }
    try {
      void Promise.resolve(options.launcher?.onPress()).catch((error: unknown) =>
        log('the launcher failed', error),
      );
    } catch (error) {
      log('the launcher failed', error);
    }
  }

  /** Registers (or lets go of) the launcher's key after the skills took theirs. */
  function applyLauncher(claims: ReadonlyMap<string, Held>): void {
    if (!options.launcher) return;
    let accelerator: string | null = null;
    try {
      accelerator = options.launcher.key();
    } catch (error) {
      log("could not read the launcher's key", error);
    }
    const status: LauncherHotkey = {
      accelerator,
      isDefault: accelerator === options.launcher.defaultKey,
      state: 'registered',
      message: null,
    };
    launcher = status;
    const problem = accelerator === null ? null : acceleratorProblem(accelerator);
    const key = accelerator === null || problem ? null : acceleratorKey(accelerator, platform.os);
    const holder = key === null ? undefined : claims.get(key);
    if (launcherHeld !== null && (paused || accelerator !== launcherHeld || holder)) {
      try {
        registrar.unregister(launcherHeld);
      } catch (error) {
        log(`could not unregister ${launcherHeld}`, error);
      }
      launcherHeld = null;
    }
    if (accelerator === null) status.state = 'off';
    else if (problem) Object.assign(status, { state: 'invalid', message: problem });
    else if (holder) {
      Object.assign(status, {
        state: 'conflict',
        message: `"${holder.skillId}" already uses ${holder.accelerator} — pick another key for the launcher`,
        conflictWith: holder.skillId,
      });
    } else if (paused) status.state = 'paused';
    else if (launcherHeld === null) {
      let ok: boolean;
      try {
        ok = registrar.register(accelerator, pressLauncher);
      } catch (error) {
        Object.assign(status, { state: 'invalid', message: String(error) });
        return;
      }
      if (ok) launcherHeld = accelerator;
      else if (platform.wayland)
        Object.assign(status, { state: 'unsupported', message: 'the desktop did not grant it (Wayland)' });
      else Object.assign(status, { state: 'conflict', message: OS_REFUSED_MESSAGE });
    }
  }

  function publish(): HotkeysOverview {
    const current = overview();
    const text = JSON.stringify(current);
    if (text !== lastEmitted) {
      lastEmitted = text;
      try {
        options.emit(current);
      } catch (error) {
        log('could not send hotkeys:changed', error);
      }
    }
    return current;
  }

  function pressed(key: string): void {
    const owner = held.get(key);
    if (!owner) return;
    const waiting = tests.get(owner.skillId);
    if (waiting && waiting.size > 0) {
      for (const resolve of [...waiting]) resolve(true);
      return;
    }
    try {
      void Promise.resolve(options.onTrigger({ skillId: owner.skillId, source: 'hotkey' })).catch(
        (error: unknown) => log(`hotkey ${owner.accelerator} (${owner.skillId}) failed`, error),
      );
    } catch (error) {
      log(`hotkey ${owner.accelerator} (${owner.skillId}) failed`, error);
    }
  }

  function release(key: string): void {
    const entry = held.get(key);
    if (!entry) return;
    held.delete(key);
    try {
      registrar.unregister(entry.accelerator);
    } catch (error) {
      log(`could not unregister ${entry.accelerator}`, error);
    }
  }

  /** Brings the registrations in line with `wanted` and `paused`; returns the new overview. */
  function apply(): HotkeysOverview {
    // Who may hold each key: valid, enabled, first claimant wins — but a skill already holding the key
    // keeps it, so an edit elsewhere never moves a working hotkey to another skill.
    const claims = new Map<string, Held>();
    const result = new Map<string, HotkeyStatus>();
    const enabled = wanted.filter((h) => h.enabled);
    const validKeys = new Map<SkillHotkey, string>();
    for (const hotkey of enabled) {
      const problem = acceleratorProblem(hotkey.accelerator);
      if (problem) {
        result.set(hotkey.skillId, {
          skillId: hotkey.skillId,
          accelerator: hotkey.accelerator,
          state: 'invalid',
          message: problem,
        });
      } else validKeys.set(hotkey, acceleratorKey(hotkey.accelerator, platform.os));
    }
    const ordered = [...validKeys.entries()].sort(
      ([a, ka], [b, kb]) =>
        Number(held.get(kb)?.skillId === b.skillId) - Number(held.get(ka)?.skillId === a.skillId),
    );
    for (const [hotkey, key] of ordered) {
      const first = claims.get(key);
      if (first) {
        result.set(hotkey.skillId, {
          skillId: hotkey.skillId,
          accelerator: hotkey.accelerator,
          state: 'conflict',
          message: `"${first.skillId}" already uses ${first.accelerator} — pick another hotkey`,
          conflictWith: first.skillId,
        });
      } else claims.set(key, { accelerator: hotkey.accelerator, skillId: hotkey.skillId });
    }

    // Let go of what is no longer wanted (or everything, when paused) before taking anything new.
    for (const [key, entry] of [...held]) {
      const claim = claims.get(key);
      if (paused || !claim || claim.accelerator !== entry.accelerator) release(key);
      else entry.skillId = claim.skillId; // same key, maybe a new owner: the callback looks it up
    }

    let refusedOnWayland = false;
    for (const [key, claim] of claims) {
      const status: HotkeyStatus = {
        skillId: claim.skillId,
        accelerator: claim.accelerator,
        state: 'registered',
        message: null,
      };
      result.set(claim.skillId, status);
      if (paused) {
        status.state = 'paused';
        continue;
      }
      if (held.has(key)) continue;
      let ok: boolean;
      try {
        ok = registrar.register(claim.accelerator, () => pressed(key));
      } catch (error) {
        // Electron throws on an accelerator it cannot parse (acceleratorProblem should have caught it)
        status.state = 'invalid';
        status.message = error instanceof Error ? error.message : String(error);
        continue;
      }
      if (ok) {
        held.set(key, { ...claim });
      } else if (platform.wayland) {
        refusedOnWayland = true;
        status.state = 'unsupported';
        status.message = 'the desktop did not grant it (Wayland) — see the note';
      } else {
        status.state = 'conflict';
        status.message = OS_REFUSED_MESSAGE;
      }
    }
    note = refusedOnWayland ? WAYLAND_NOTE : null;
    applyLauncher(claims);

    // A test waiting on a skill that lost its hotkey (or on a launcher let go of) can no longer fire.
    for (const [skillId, waiting] of tests) {
      if (!holds(skillId)) for (const resolve of [...waiting]) resolve(false);
    }

    statuses = enabled.flatMap((h) => result.get(h.skillId) ?? []);
    return publish();
  }

  /** Whether a press of this skill's key (or the launcher's) can reach us now. */
  function holds(skillId: string): boolean {
    if (skillId === LAUNCHER_TEST) return launcherHeld !== null;
    return [...held.values()].some((h) => h.skillId === skillId);
  }

  let syncing: Promise<HotkeysOverview> = Promise.resolve(overview());

  return {
    sync() {
      // One at a time, in call order: each reads the list afresh, the last one wins.
      syncing = syncing.then(async () => {
        try {
          wanted = [...(await options.listSkillHotkeys())];
        } catch (error) {
          log('could not read the skill hotkeys', error);
        }
        return apply();
      });
      return syncing;
    },
    overview,
    pause(value) {
      paused = value;
      return apply();
    },
    test(target) {
      const skillId = 'skillId' in target ? target.skillId : LAUNCHER_TEST;
      if (!holds(skillId)) return Promise.resolve(false);
      return new Promise<boolean>((resolve) => {
        let waiting = tests.get(skillId);
        if (!waiting) tests.set(skillId, (waiting = new Set()));
        const done = (fired: boolean) => {
          clearTimeout(timer);
          waiting.delete(done);
          if (waiting.size === 0) tests.delete(skillId);
          resolve(fired);
        };
        const timer = setTimeout(() => done(false), testTimeoutMs);
        waiting.add(done);
      });
    },
    dispose() {
      for (const key of [...held.keys()]) release(key);
      if (launcherHeld !== null) registrar.unregister(launcherHeld);
      launcherHeld = null;
      for (const waiting of tests.values()) for (const resolve of [...waiting]) resolve(false);
    },
  };
}
