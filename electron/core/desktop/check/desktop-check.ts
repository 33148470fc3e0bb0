// The desktop check (Settings › Desktop check, `desktop:check`): each part of the desktop loop tried once
// against the dashboard's test field, which the page has filled with `sample`, focused and selected —
// hotkeys (registration; on Wayland only a press proves one, electron#52218), capture, paste of `insert`
// over it, and the clipboard afterwards. The page then confirms the paste from the field itself.
import type {
  DesktopCheckInput,
  DesktopCheckReport,
  DesktopSession,
} from '../../../../shared/types/desktop-check';
import type { SkillSummary } from '../../../../shared/types/skill';
import type { PlatformPorts } from '../../platform';
import type { HotkeyService } from '../../trigger/trigger-handlers';
import {
  bindCommand,
  portalHasGlobalShortcuts,
  portalIntrospect,
  type Command,
} from '../wayland/wayland-plan';
import { capturePart, hotkeyPart, pastePart, restorePart } from './check-parts';

export interface DesktopCheckDeps {
  /** The session this host acts on; null when it has no desktop (`skilldeck serve` without --desktop). */
  session: DesktopSession | null;
  ports: Pick<PlatformPorts, 'focus' | 'selection' | 'inserter' | 'clipboard'>;
  hotkeys?: HotkeyService;
  has: (program: string) => boolean;
  /** Runs a command, resolving its stdout (the GlobalShortcuts portal probe); absent: no probe. */
  run?: (command: Command) => Promise<string>;
  listSkills: () => Promise<readonly SkillSummary[]>;
  /** The desktop app's executable, for the command to bind (absent: the CLI's `skilldeck run`). */
  app?: string;
}

const NO_SESSION: DesktopSession = { kind: 'none', compositor: null, desktop: '' };

export async function runDesktopCheck(
  deps: DesktopCheckDeps,
  input: DesktopCheckInput,
): Promise<DesktopCheckReport> {
  const skills = (await deps.listSkills()).filter((s) => s.shadowedBy === null && s.meta.enabled);
  const overview = deps.hotkeys?.overview() ?? null;
  const registered = overview?.hotkeys.find((h) => h.state === 'registered') ?? null;
  const bindSkill = registered?.skillId ?? skills.find((s) => s.meta.hotkey)?.id ?? skills[0]?.id ?? null;
  const command = bindCommand(bindSkill ?? 'SKILL', deps.app);
  // the proof waits for a skill's key, else the launcher's (a user who set no skill hotkey has that one)
  const launcher = overview?.launcher?.state === 'registered' ? overview.launcher : null;
  const base = {
    bindCommand: command,
    bindSkill,
    testSkill: registered?.skillId ?? null,
    testLauncher: !registered && launcher !== null,
    testAccelerator: registered?.accelerator ?? launcher?.accelerator ?? null,
  };
  const session = deps.session;
  if (!session || session.kind === 'none')
    return { available: false, session: session ?? NO_SESSION, parts: [], hotkeyRoute: 'none', ...base };

  const portal = session.kind === 'wayland' && (await portalAnswers(deps.run));
  const hotkeyRoute = session.kind !== 'wayland' ? 'global-shortcut' : portal ? 'portal' : 'desktop-settings';

  const before = await deps.ports.clipboard.readText().catch(() => '');
  const focus = await deps.ports.focus.current().catch(() => null);
  const captured = await deps.ports.selection
    .capture({ focus, copyFallback: true })
    .catch(() => ({ text: '', method: 'none' as const }));
  const pasted = await deps.ports.inserter
    .insert(input.insert, focus ? { target: focus } : {})
    .catch((error: unknown) => ({
      inserted: false,
      reason: error instanceof Error ? error.message : String(error),
    }));
  const after = await deps.ports.clipboard.readText().catch(() => '');

  return {
    available: true,
    session,
    hotkeyRoute,
    parts: [
      hotkeyPart(session, overview, portal, command),
      capturePart(session, input.sample, captured, deps.has),
      pastePart(session, pasted, deps.has),
      restorePart(before, after),
    ],
    ...base,
  };
}

async function portalAnswers(run: DesktopCheckDeps['run']): Promise<boolean> {
  if (!run) return false;
  try {
    return portalHasGlobalShortcuts(await run(portalIntrospect));
  } catch {
    return false; // no session bus, no portal, no gdbus: no portal
  }
}
