import { describe, expect, it, vi } from 'vitest';
import type { EventName } from '../../../shared/ipc/names';
import { ok } from '../../../shared/ipc/result';
import type { SkillSummary } from '../../../shared/types/skill';
import { createDesktopTriggers, type TriggerHost } from './desktop-triggers';
import type { ShortcutRegistrar } from './hotkeys';

function registrar() {
  const held = new Map<string, () => void>();
  const fake: ShortcutRegistrar & { held: typeof held } = {
    held,
    register: (a, cb) => (held.set(a, cb), true),
    unregister: (a) => void held.delete(a),
    isRegistered: (a) => held.has(a),
  };
  return fake;
}

const summary = (id: string, accelerator: string | null) =>
  ({
    id,
    shadowedBy: null,
    meta: { hotkey: accelerator ? { accelerator, display: accelerator } : null, enabled: true },
  }) as SkillSummary;

function host(skills: SkillSummary[]) {
  const listeners = new Set<(event: EventName, payload: unknown) => void>();
  const dispatched: [unknown, unknown][] = [];
  const emitted: [string, unknown][] = [];
  const state = { skills, launcherKey: null as string | null };
  const running = {
    core: {
      settings: { get: (key: string) => (key === 'launcher.hotkey' ? state.launcherKey : undefined) },
      dispatch: vi.fn(async (channel: unknown, input: unknown) => {
        dispatched.push([channel, input]);
        return ok({ runId: null, captured: { method: 'none', chars: 0 }, app: null });
      }),
      handlers: { 'skills:list': async () => state.skills },
      events: {
        subscribe: (l: (event: EventName, payload: unknown) => void) => (
          listeners.add(l),
          () => listeners.delete(l)
        ),
        emit: (event: string, payload: unknown) => void emitted.push([event, payload]),
      },
    },
    dashboard: { show: vi.fn() },
  };
  const fire = (event: EventName) => listeners.forEach((l) => l(event, {}));
  return {
    running: running as unknown as TriggerHost,
    raw: running,
    dispatched,
    emitted,
    state,
    fire,
    listeners,
  };
}

const settle = () => new Promise((r) => setTimeout(r, 0));

describe('createDesktopTriggers', () => {
  it('registers the hotkeys on attach; a press dispatches trigger:run; hotkeys:changed goes out', async () => {
    const reg = registrar();
    const triggers = createDesktopTriggers({ registrar: reg, platform: { os: 'linux', wayland: false } });
    const h = host([summary('translate', 'Alt+T'), summary('plain', null)]);
    triggers.attach(h.running, ['skilldeck']);
    await settle();
    expect([...reg.held.keys()]).toEqual(['Alt+T']);
    expect(h.emitted[0]![0]).toBe('hotkeys:changed');
    reg.held.get('Alt+T')!();
    await settle();
    expect(h.dispatched).toEqual([['trigger:run', { skillId: 'translate', source: 'hotkey' }]]);
    expect(h.raw.dashboard.show).not.toHaveBeenCalled();
  });

  it("registers the launcher's key from the settings; a press dispatches trigger:launcher", async () => {
    const reg = registrar();
    const triggers = createDesktopTriggers({ registrar: reg, platform: { os: 'linux', wayland: false } });
    const h = host([summary('translate', 'Alt+T')]);
    h.state.launcherKey = 'Control+Alt+Space';
    triggers.attach(h.running, []);
    await settle();
    expect([...reg.held.keys()].sort()).toEqual(['Alt+T', 'Control+Alt+Space']);
    reg.held.get('Control+Alt+Space')!();
    await settle();
    expect(h.dispatched).toEqual([['trigger:launcher', { source: 'hotkey' }]]);
    triggers.stop();
    expect(reg.held.size).toBe(0);
  });

  it('follows meta:changed and skills:changed', async () => {
    const reg = registrar();
    const triggers = createDesktopTriggers({ registrar: reg, platform: { os: 'linux', wayland: false } });
    const h = host([summary('a', 'Alt+A')]);
    triggers.attach(h.running, []);
    await settle();
    h.state.skills = [summary('a', 'Alt+Shift+A')];
    h.fire('meta:changed');
    await settle();
    expect([...reg.held.keys()]).toEqual(['Alt+Shift+A']);
    h.state.skills = [];
    h.fire('skills:changed');
    await settle();
    expect(reg.held.size).toBe(0);
    h.fire('runs:event'); // others are ignored
    triggers.stop();
    expect(h.listeners.size).toBe(0);
  });

  it("acts on the first launch's own --trigger, and on links that came before the app was up", async () => {
    const triggers = createDesktopTriggers({
      registrar: registrar(),
      platform: { os: 'darwin', wayland: false },
    });
    triggers.openUrl('skilldeck://run/memo?instruction=remember');
    const h = host([]);
    triggers.attach(h.running, ['/Applications/Skilldeck.app/Contents/MacOS/Skilldeck', '--trigger=polish']);
    await settle();
    expect(h.dispatched).toEqual([
      ['trigger:run', { skillId: 'polish', source: 'cli' }],
      ['trigger:run', { skillId: 'memo', instruction: 'remember', source: 'link' }],
    ]);
    triggers.openUrl('skilldeck://run/explain');
    triggers.secondLaunch({ argv: ['skilldeck', 'skilldeck://run/summarize'], workingDirectory: '/' });
    triggers.secondLaunch({ argv: ['skilldeck'], workingDirectory: '/' });
    await settle();
    expect(h.dispatched.slice(2)).toEqual([
      ['trigger:run', { skillId: 'explain', source: 'link' }],
      ['trigger:run', { skillId: 'summarize', source: 'link' }],
    ]);
    expect(h.raw.dashboard.show).toHaveBeenCalledTimes(1);
  });

  it('logs a trigger the core refuses', async () => {
    const logged: string[] = [];
    const triggers = createDesktopTriggers({
      registrar: registrar(),
      platform: { os: 'linux', wayland: false },
      log: (m) => void logged.push(m),
    });
    const h = host([]);
    h.raw.core.dispatch.mockResolvedValueOnce({
      ok: false,
      error: { code: 'NOT_FOUND', message: 'no skill "x"' },
    } as never);
    triggers.attach(h.running, ['app', '--trigger=x']);
    await settle();
    expect(logged).toContain('trigger x: NOT_FOUND: no skill "x"');
  });
});
