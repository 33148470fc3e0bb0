// The per-app rules through a real core (SQLite, registry, executor, the wire-format model server) with
// recording ports standing in for the desktop: `apps:*`, and the rules applied to what the trigger
// captures, pastes and offers.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { NO_RULE } from './app-rules';
import { createMemoryPorts, type MemoryPorts } from '../memory-ports';
import type { FocusedWindow, InsertOptions, SelectionPort } from '../platform';
import { startLlmServer, type LlmServer } from '../testing/llm-server';
import { createServerTestCore, type TestCore } from '../test-support';

let server: LlmServer;
let t: TestCore | undefined;
beforeAll(async () => {
  server = await startLlmServer();
});
afterAll(() => server.close());
afterEach(async () => {
  await t?.dispose();
  t = undefined;
});

const xterm: FocusedWindow = { id: '0x1', app: 'xterm', title: 'bash', isTerminal: true };
const gedit: FocusedWindow = { id: '0x2', app: 'gedit', title: 'notes.txt', isTerminal: false };

/** Records what the core asked of the capture and the paste. */
function recording(ports: MemoryPorts) {
  const captures: Parameters<SelectionPort['capture']>[0][] = [];
  const inserts: InsertOptions[] = [];
  const capture = ports.selection.capture;
  ports.selection.capture = (options) => (captures.push(options), capture(options));
  const insert = ports.inserter.insert;
  ports.inserter.insert = (text, options) => (inserts.push(options ?? {}), insert(text, options));
  return { captures, inserts };
}

async function setup(ports: MemoryPorts) {
  t = createServerTestCore(server.url, ports);
  t.writeSkill('polish', '---\nname: polish\ndescription: Polishes text.\n---\nPolish the text.\n');
  t.writeSkill('translate', '---\nname: translate\ndescription: Into French.\n---\nTranslate.\n');
  await t.core.skills.ready();
  return t;
}

async function trigger(tc: TestCore, skillId: string) {
  const result = await tc.client.invoke('trigger:run', { skillId });
  if (result.runId) await tc.core.executor.settled(result.runId);
  return result;
}

describe('apps:*', () => {
  it('saves, lists, keeps across a restart and deletes a rule; refuses what it cannot store', async () => {
    const tc = await setup(createMemoryPorts());
    const first = await tc.client.invoke('apps:list', undefined);
    expect(first.seen).toEqual([]);
    expect(first.rules.find((r) => r.app === 'xterm')).toMatchObject({
      origin: 'builtin',
      capture: 'never',
      pasteKey: 'shift+insert',
    });

    const saved = await tc.client.invoke('apps:save', {
      ...NO_RULE,
      app: 'XTerm',
      pasteKey: 'type',
      toolbarExcluded: true,
      defaultSkill: 'polish',
      restoreDelayMs: 700,
    });
    expect(saved).toMatchObject({ app: 'xterm', origin: 'user', overridesBuiltin: true, pasteKey: 'type' });
    expect(tc.core.appRules.isToolbarExcluded('xterm')).toBe(true);
    expect(tc.core.appRules.isToolbarExcluded('gedit')).toBe(false);

    t = tc.reopen();
    const again = await t.client.invoke('apps:list', undefined);
    expect(again.rules.filter((r) => r.app === 'xterm')).toEqual([saved]);

    const unknownSkill = await t.client.request('apps:save', {
      ...NO_RULE,
      app: 'gedit',
      defaultSkill: 'nope',
    });
    expect(unknownSkill).toMatchObject({
      ok: false,
      error: { code: 'NOT_FOUND', words: { key: 'apps.noSuchSkill' } },
    });
    const badKey = await t.client.request('apps:save', {
      ...NO_RULE,
      app: 'gedit',
      pasteKey: 'ctrl+x' as never,
    });
    expect(badKey).toMatchObject({ ok: false, error: { code: 'INVALID_INPUT' } });

    const afterDelete = await t.client.invoke('apps:delete', { app: 'xterm' });
    expect(afterDelete.rules.find((r) => r.app === 'xterm')).toMatchObject({ origin: 'builtin' });
    const twice = await t.client.request('apps:delete', { app: 'xterm' });
    expect(twice).toMatchObject({ ok: false, error: { code: 'NOT_FOUND', words: { key: 'apps.noRule' } } });
  });

  it('"use another paste key" stores the next key after the one that did not work', async () => {
    const tc = await setup(createMemoryPorts());
    const next = await tc.client.invoke('apps:nextPasteKey', { app: 'gedit', tried: 'ctrl+v' });
    expect(next).toMatchObject({ app: 'gedit', origin: 'user', pasteKey: 'ctrl+shift+v', capture: 'auto' });
    const then = await tc.client.invoke('apps:nextPasteKey', { app: 'xterm' });
    expect(then).toMatchObject({ app: 'xterm', pasteKey: 'type', capture: 'never' }); // after Shift+Insert
  });
});

describe('the rules applied', () => {
  it('a terminal: no copy key at capture, its paste key at insert; the app is remembered as seen', async () => {
    const ports = createMemoryPorts();
    ports.focused = xterm;
    ports.selected = { text: 'ls -la', method: 'primary' };
    const seen = recording(ports);
    const tc = await setup(ports);
    server.script({ text: 'ls -l' });
    await trigger(tc, 'polish');
    expect(seen.captures).toEqual([{ focus: xterm, copyFallback: false, rule: 'never' }]);
    expect(seen.inserts).toEqual([{ target: xterm, pasteKey: 'shift+insert' }]);
    expect((await tc.client.invoke('apps:list', undefined)).seen).toEqual(['xterm']);
  });

  it('a user rule: the copy key first, type-out, its restore delay; an app without a rule is left alone', async () => {
    const ports = createMemoryPorts();
    ports.focused = gedit;
    ports.selected = { text: 'teh', method: 'copy' };
    const seen = recording(ports);
    const tc = await setup(ports);
    server.script({ text: 'the' });
    await trigger(tc, 'polish');
    expect(seen.captures.at(-1)).toEqual({ focus: gedit, copyFallback: true });
    expect(seen.inserts.at(-1)).toEqual({ target: gedit });

    tc.core.settings.set('selection.copyFallback', false);
    await tc.client.invoke('apps:save', {
      ...NO_RULE,
      app: 'gedit',
      capture: 'copy',
      pasteKey: 'type',
      restoreDelayMs: 900,
    });
    server.script({ text: 'the' });
    await trigger(tc, 'polish');
    // the user chose the copy key for this app: it is sent even with the fallback turned off
    expect(seen.captures.at(-1)).toEqual({ focus: gedit, copyFallback: true, rule: 'copy' });
    expect(seen.inserts.at(-1)).toEqual({ target: gedit, pasteKey: 'type', restoreDelayMs: 900 });
    expect((await tc.client.invoke('apps:list', undefined)).seen).toEqual(['gedit']);
  });

  it('a paste the app did not take: the card keeps the result and names the app and the key', async () => {
    const ports = createMemoryPorts();
    ports.focused = gedit;
    ports.selected = { text: 'teh', method: 'primary' };
    ports.inserter.insert = () =>
      Promise.resolve({
        inserted: false,
        keepInCard: true,
        reason: '"notes.txt" did not take the text (ctrl+v) — kept in the card',
        notTaken: { app: 'gedit', pasteKey: 'ctrl+v' as const },
      });
    const tc = await setup(ports);
    server.script({ text: 'the' });
    const { runId } = await trigger(tc, 'polish');
    const card = ports.cards.filter((c) => c.runId === runId).at(-1)!;
    expect(card).toMatchObject({ text: 'the', notTaken: { app: 'gedit', pasteKey: 'ctrl+v' } });
    expect(ports.clipboardText).toBe(''); // kept in the card, not pasted elsewhere

    // Insert again from the card (runs:deliver): the refusal carries the app and key for the card
    ports.focused = gedit;
    const again = await tc.client.request('runs:deliver', { runId: runId!, action: 'insert' });
    expect(again).toMatchObject({
      ok: false,
      error: { words: { key: 'runs.deliver.notInserted', values: { app: 'gedit', pasteKey: 'ctrl+v' } } },
    });
  });

  it('the launcher lists the app’s default skill first until the user types', async () => {
    const ports = createMemoryPorts();
    ports.focused = gedit;
    let offered: string[] = [];
    let typed: string[] = [];
    ports.launcherAnswer = (skills, filter) => {
      offered = skills.map((s) => s.id);
      typed = filter('pol').map((s) => s.id);
      return null;
    };
    const tc = await setup(ports);
    await tc.client.invoke('trigger:launcher', {});
    const before = offered;
    await tc.client.invoke('apps:save', { ...NO_RULE, app: 'gedit', defaultSkill: before.at(-1)! });
    await tc.client.invoke('trigger:launcher', {});
    expect(offered[0]).toBe(before.at(-1));
    expect(offered).toHaveLength(before.length);
    expect(typed[0]).toBe('polish');
  });
});
