// The selection toolbar put together over a real core (SQLite, registry, executor, the wire-format model
// server) with recording ports, a stand-in for selection-hook (its events and passive mode) and a
// recording window: what a selection shows, what a button runs, and when selection events are on.
import { EventEmitter } from 'node:events';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ToolbarView } from '../../../shared/ipc/shell';
import { englishText } from '../../core/i18n/desktop-text';
import { createMemoryPorts, type MemoryPorts } from '../../core/memory-ports';
import { adhocProvider } from '../../core/providers/adhoc';
import { memorySecrets } from '../../core/providers/test-support';
import { startLlmServer, type LlmServer } from '../../core/testing/llm-server';
import { createTestCore, skillText, type TestCore } from '../../core/test-support';
import type { Rect } from '../../core/toolbar/toolbar-rules';
import { startSelectionToolbar, type SelectionToolbar } from './selection-toolbar';
import type { ToolbarActions } from './toolbar-window';

class FakeHook extends EventEmitter {
  passive: boolean[] = [];
  setSelectionPassiveMode(passive: boolean) {
    this.passive.push(passive);
    return true;
  }
}

let server: LlmServer;
let t: TestCore | undefined;
let toolbar: SelectionToolbar | undefined;
beforeAll(async () => {
  server = await startLlmServer();
});
afterAll(() => server.close());
afterEach(async () => {
  toolbar?.stop();
  toolbar = undefined;
  await t?.dispose();
  t = undefined;
});

async function setup(options: { hookLoads?: boolean } = {}) {
  const ports: MemoryPorts = createMemoryPorts();
  ports.focused = { id: '0x100', app: 'gedit', title: 'notes.txt', isTerminal: false };
  t = createTestCore({
    watchSkills: false,
    ports,
    gateway: adhocProvider(
      { kind: 'openai-compatible', baseUrl: `${server.url}/v1`, model: 'm' },
      memorySecrets(),
    ),
  });
  for (const id of ['polish', 'translate', 'hidden']) t.writeSkill(id, skillText(id));
  await t.core.skills.ready();
  await t.client.invoke('meta:update', { skillId: 'polish', patch: { emoji: '✨' } });
  const hook = new FakeHook();
  let hookLoads = 0;
  const hookAvailable = options.hookLoads ?? true;
  const shown: { view: ToolbarView; bounds: Rect }[] = [];
  let hides = 0;
  let actions: ToolbarActions | undefined;
  toolbar = startSelectionToolbar({
    core: t.core,
    window: {
      show: (view, bounds) => (shown.push({ view, bounds }), Promise.resolve()),
      hide: () => void hides++,
      bind: (given) => ((actions = given), () => undefined),
    },
    hook: () => (hookLoads++, Promise.resolve(hookAvailable ? hook : null)),
    screen: {
      workAreaAt: () => ({ x: 0, y: 0, width: 1280, height: 800 }),
      cursor: () => ({ x: 640, y: 400 }),
      toLogical: (p) => p,
    },
    text: englishText,
  });
  const client = t.client;
  return {
    ports,
    hook,
    shown,
    hides: () => hides,
    hookLoads: () => hookLoads,
    actions: () => actions!,
    client,
    select: (text: string, app = 'gedit') =>
      hook.emit('text-selection', {
        text,
        programName: app,
        method: 22,
        posLevel: 2,
        mousePosStart: { x: 100, y: 100 },
        mousePosEnd: { x: 300, y: 200 },
      }),
  };
}

describe('the selection toolbar in the desktop app', () => {
  it('off by default: selection-hook is not even loaded; turned on, a selection shows the pinned skills in order', async () => {
    const s = await setup();
    await new Promise((resolve) => setImmediate(resolve));
    expect(s.hookLoads()).toBe(0);
    expect(s.hook.listenerCount('text-selection')).toBe(0);

    await s.client.invoke('toolbar:update', { mode: 'selection', pinned: ['translate', 'polish'] });
    await vi.waitFor(() => expect(s.hook.listenerCount('text-selection')).toBe(1));
    expect(s.hook.passive).toEqual([false]);
    await vi.waitFor(() => {
      s.select('teh selected text');
      expect(s.shown.at(-1)?.view.skills.map((k) => k.id)).toEqual(['translate', 'polish']);
    });
    const { view, bounds } = s.shown.at(-1)!;
    expect(view.skills[1]).toEqual({
      id: 'polish',
      name: 'polish',
      emoji: '✨',
      hint: 'Run polish on the selection',
    });
    expect(bounds).toMatchObject({ x: 288, y: 214, height: 40 });
  });

  it('a pinned skill runs on the selection it was shown for, into the focused window; the toolbar hides first', async () => {
    const s = await setup();
    await s.client.invoke('toolbar:update', { mode: 'selection', pinned: ['polish'] });
    await vi.waitFor(() => expect(s.hook.listenerCount('text-selection')).toBe(1));
    s.ports.selected = { text: 'not this', method: 'copy' };
    server.script({ text: 'The selected text.' });
    await vi.waitFor(() => {
      s.select('teh selected text');
      expect(s.shown.at(-1)?.view.skills).toHaveLength(1);
    });

    s.actions().run('hidden'); // not on the toolbar: ignored
    expect(s.hides()).toBe(0);
    s.actions().run('polish');
    expect(s.hides()).toBe(1);
    await vi.waitFor(() => expect(s.ports.inserted).toEqual(['The selected text.']));
    const body = JSON.stringify(server.requests.at(-1)!.body);
    expect(body).toContain('teh selected text');
    expect(body).not.toContain('not this');
    // used once: a second click has no selection to act on
    s.actions().run('polish');
    expect(server.requests).toHaveLength(1);
  });

  it('Copy copies the selection; "…" opens the launcher on it', async () => {
    const s = await setup();
    await s.client.invoke('toolbar:update', { mode: 'selection', pinned: ['polish'] });
    await vi.waitFor(() => expect(s.hook.listenerCount('text-selection')).toBe(1));
    s.select('copy me');
    s.actions().copy();
    await vi.waitFor(() => expect(s.ports.clipboardText).toBe('copy me'));

    // the launcher opens on the selection the toolbar was shown for, not one read again
    s.ports.selected = { text: 'not this', method: 'copy' };
    s.ports.launcherAnswer = () => ({ skillId: 'translate' });
    server.script({ text: 'Launched.' });
    s.select('launch on me');
    s.actions().more();
    await vi.waitFor(() => expect(s.ports.inserted).toEqual(['Launched.']));
    expect(s.ports.launcherShown).toHaveLength(1);
    const body = JSON.stringify(server.requests.at(-1)!.body);
    expect(body).toContain('launch on me');
    expect(body).not.toContain('not this');
  });

  it('an excluded app shows nothing; a click elsewhere or a keystroke hides it', async () => {
    const s = await setup();
    await s.client.invoke('apps:toolbar', { app: 'KeePassXC', excluded: true });
    await s.client.invoke('toolbar:update', { mode: 'selection' });
    await vi.waitFor(() => expect(s.hook.listenerCount('text-selection')).toBe(1));
    s.select('secret', 'keepassxc');
    expect(s.shown).toHaveLength(0);

    s.select('text');
    expect(s.shown).toHaveLength(1);
    s.hook.emit('mouse-down', { x: 300, y: 220, button: 0 }); // on the toolbar
    expect(s.hides()).toBe(0);
    s.hook.emit('mouse-down', { x: 10, y: 10, button: 0 });
    expect(s.hides()).toBe(1);
    s.select('text');
    s.hook.emit('key-down', { uniKey: 'Shift', vkCode: 42, sys: false, flags: 1 });
    expect(s.hides()).toBe(1);
    s.hook.emit('key-down', { uniKey: 'a', vkCode: 30, sys: false, flags: 0 });
    expect(s.hides()).toBe(2);
  });

  it('the launcher-key mode: no selection events, the key shows it at the pointer; off again lets go of the hook', async () => {
    const s = await setup();
    expect(await toolbar!.launcherKey()).toBe(false); // off: the launcher opens
    await s.client.invoke('toolbar:update', { mode: 'hotkey', pinned: ['polish'] });
    await vi.waitFor(() => expect(s.hook.listenerCount('key-down')).toBe(1));
    expect(s.hook.passive).toEqual([true]);
    s.select('ignored in this mode');
    expect(s.shown).toHaveLength(0);

    s.ports.selected = { text: '', method: 'none' };
    expect(await toolbar!.launcherKey()).toBe(false);
    s.ports.selected = { text: 'chosen by key', method: 'primary' };
    expect(await toolbar!.launcherKey()).toBe(true);
    expect(s.shown.at(-1)?.bounds).toMatchObject({ x: 628, y: 414 });

    await s.client.invoke('toolbar:update', { mode: 'off' });
    await vi.waitFor(() => expect(s.hook.listenerCount('key-down')).toBe(0));
    expect(s.hook.passive).toEqual([true, true]);
    expect(s.hides()).toBe(1);
  });

  it('where selection-hook cannot load, the launcher key opens the launcher (nothing could hide the toolbar)', async () => {
    const s = await setup({ hookLoads: false });
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    await s.client.invoke('toolbar:update', { mode: 'hotkey' });
    await vi.waitFor(() => expect(s.hookLoads()).toBe(1));
    s.ports.selected = { text: 'chosen by key', method: 'primary' };
    expect(await toolbar!.launcherKey()).toBe(false);
    expect(s.shown).toHaveLength(0);
  });
});
