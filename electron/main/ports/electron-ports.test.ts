import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FocusedWindow } from '../../core/platform';
import type { DesktopBackend, X11Ports } from './desktop-backend';
import { osFormat } from './clipboard-markers';
import { createElectronPorts } from './electron-ports';
import { resetAccessibilityPrompt } from './mac-accessibility';
import type { RunCommand } from './run-command';
import type { SelectionHookLike } from './selection-hook';

const fake = vi.hoisted(() => ({
  /** The system clipboard: one item, MIME type → text. */
  board: {} as Record<string, string>,
  trusted: true,
  dialogs: [] as unknown[],
  trustPrompts: 0,
  notifications: [] as { title: string; body: string }[],
}));

vi.mock('electron', () => {
  class ClipboardItem {
    constructor(readonly formats: Record<string, Blob | string>) {}
    get types() {
      return Object.keys(this.formats);
    }
    getType(type: string) {
      return Promise.resolve(this.formats[type]);
    }
  }
  const clipboard = {
    readText: () => Promise.resolve(fake.board['text/plain'] ?? ''),
    writeText: (text: string) => {
      fake.board = { 'text/plain': text };
      return Promise.resolve();
    },
    clear: () => {
      fake.board = {};
    },
    read: () =>
      Promise.resolve(
        Object.keys(fake.board).length
          ? [
              new ClipboardItem(
                Object.fromEntries(Object.entries(fake.board).map(([t, v]) => [t, new Blob([v])])),
              ),
            ]
          : [],
      ),
    write: async (items: ClipboardItem[]) => {
      fake.board = {};
      for (const item of items)
        for (const type of item.types) {
          const value = (await item.getType(type)) as Blob | string;
          fake.board[type] = typeof value === 'string' ? value : await value.text();
        }
    },
  };
  class Notification {
    static isSupported = () => true;
    constructor(private readonly options: { title: string; body: string }) {}
    show() {
      fake.notifications.push({ title: this.options.title, body: this.options.body });
    }
  }
  return {
    clipboard,
    ClipboardItem,
    Notification,
    dialog: { showMessageBoxSync: (options: unknown) => fake.dialogs.push(options) },
    systemPreferences: {
      isTrustedAccessibilityClient: (prompt: boolean) => {
        if (prompt) fake.trustPrompts++;
        return fake.trusted;
      },
    },
  };
});

let dir: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'skilldeck-ports-'));
  fake.board = {};
  fake.trusted = true;
  fake.dialogs = [];
  fake.trustPrompts = 0;
  fake.notifications = [];
  resetAccessibilityPrompt();
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

const editor: FocusedWindow = { id: 'pid:1', app: 'TextEdit', title: '', isTerminal: false };

function ports(backend: DesktopBackend, extra: Partial<Parameters<typeof createElectronPorts>[0]> = {}) {
  const calls: { file: string; args: readonly string[] }[] = [];
  const run: RunCommand = (file, args) => {
    calls.push({ file, args });
    return Promise.resolve(file === 'osascript' && args[1]?.includes('frontmost') ? '1\tTextEdit\n' : '');
  };
  const created = createElectronPorts({
    backend,
    userDataDir: dir,
    run,
    settleMs: 1,
    loadSelectionHook: () => Promise.resolve(null),
    ...extra,
  });
  return { ports: created, calls };
}

describe('selection', () => {
  const hook = (text: string, method: number): SelectionHookLike => ({
    start: () => true,
    getCurrentSelection: () => ({ text, method, programName: 'app' }),
    cleanup: () => undefined,
  });

  it('reads the selection through selection-hook first', async () => {
    const { ports: p } = ports('windows', { loadSelectionHook: () => Promise.resolve(hook('hello', 1)) });
    expect(await p.selection.capture({ focus: editor, copyFallback: true })).toEqual({
      text: 'hello',
      method: 'accessibility',
    });
  });

  it('on X11 falls back to the X11 ports when selection-hook cannot load', async () => {
    const x11: X11Ports = {
      focus: { current: () => Promise.resolve(editor) },
      selection: {
        capture: vi.fn(() => Promise.resolve({ text: 'primary text', method: 'primary' as const })),
      },
      inserter: { insert: vi.fn(() => Promise.resolve({ inserted: true })) },
    };
    const { ports: p } = ports('x11', { loadX11Ports: () => Promise.resolve(x11) });
    expect(await p.selection.capture({ focus: editor, copyFallback: false })).toEqual({
      text: 'primary text',
      method: 'primary',
    });
    expect(x11.selection.capture).toHaveBeenCalledWith({ focus: editor, copyFallback: false });
    expect(await p.focus.current()).toBe(editor);
    await p.inserter.insert('out', { target: editor });
    expect(x11.inserter.insert).toHaveBeenCalledWith('out', { target: editor });
  });

  it('copy-key fallback: sends the copy key, reads the text, and puts the clipboard back', async () => {
    fake.board = { 'text/plain': 'before', 'text/html': '<b>before</b>' };
    const { ports: p, calls } = ports('windows', {
      run: (file, args) => {
        calls.push({ file, args });
        if (args.at(-1)?.includes('ModifierKeys')) return Promise.resolve('None\r\n');
        fake.board = { 'text/plain': 'copied selection' }; // the app answers the copy key
        return Promise.resolve('');
      },
    });
    expect(await p.selection.capture({ focus: editor, copyFallback: true })).toEqual({
      text: 'copied selection',
      method: 'copy',
    });
    // first the wait for the hotkey's modifiers, then the key
    expect(calls[0]!.args.at(-1)).toContain('ModifierKeys');
    expect(calls[1]!.args.at(-1)).toContain("SendWait('^c')");
    expect(fake.board).toEqual({ 'text/plain': 'before', 'text/html': '<b>before</b>' });
  });

  it('sends no copy key while a hotkey modifier is still held after the wait (⌘⇧C would be another shortcut)', async () => {
    fake.board = { 'text/plain': 'before' };
    const { ports: p, calls } = ports('macos', {
      run: (file, args) => {
        calls.push({ file, args });
        if (args[1] === 'JavaScript') return Promise.resolve(String(1 << 17)); // ⇧ still down
        return Promise.resolve(file === 'osascript' && args[1]?.includes('frontmost') ? '1\tTextEdit\n' : '');
      },
    });
    expect(await p.selection.capture({ focus: editor, copyFallback: true })).toEqual({
      text: '',
      method: 'none',
    });
    expect(calls.map((c) => c.args.at(-1)).filter((a) => a?.includes('keystroke'))).toEqual([]);
    expect(fake.board).toEqual({ 'text/plain': 'before' });
  });

  it('never sends the copy key to a terminal, nor when the fallback is off', async () => {
    const { ports: p, calls } = ports('windows');
    const terminal = { ...editor, app: 'WindowsTerminal', isTerminal: true };
    expect(await p.selection.capture({ focus: terminal, copyFallback: true })).toEqual({
      text: '',
      method: 'none',
    });
    expect(await p.selection.capture({ focus: editor, copyFallback: false })).toEqual({
      text: '',
      method: 'none',
    });
    expect(calls).toEqual([]);
  });

  it('on macOS without Accessibility explains once, asks macOS to prompt, and captures nothing', async () => {
    fake.trusted = false;
    const load = vi.fn(() => Promise.resolve(hook('x', 11)));
    const { ports: p } = ports('macos', { loadSelectionHook: load });
    expect(await p.selection.capture({ focus: editor, copyFallback: true })).toEqual({
      text: '',
      method: 'none',
    });
    await p.selection.capture({ focus: editor, copyFallback: true });
    expect(fake.dialogs).toHaveLength(1);
    expect(JSON.stringify(fake.dialogs[0])).toMatch(/Accessibility/);
    expect(fake.trustPrompts).toBe(1);
    expect(load).not.toHaveBeenCalled();
  });
});

describe('inserting text', () => {
  it('macOS: pastes with ⌘V through System Events and restores the clipboard', async () => {
    fake.board = { 'text/plain': 'old' };
    const { ports: p, calls } = ports('macos');
    expect(await p.inserter.insert('new text', { target: editor })).toEqual({
      inserted: true,
      confirmed: false,
    });
    expect(calls.map((c) => c.args.at(-1))).toEqual([
      expect.stringContaining('frontmost'),
      'tell application "System Events" to keystroke "v" using command down',
    ]);
    expect(fake.board).toEqual({ 'text/plain': 'old' });
  });

  it('refuses when the focus moved away from the target window', async () => {
    const { ports: p, calls } = ports('macos');
    const other = { ...editor, id: 'pid:2', app: 'Mail' };
    expect(await p.inserter.insert('x', { target: other })).toEqual({
      inserted: false,
      keepInCard: true,
      reason: 'the focus moved from Mail to TextEdit — kept in the card',
    });
    expect(calls.filter((c) => c.args.at(-1)?.includes('keystroke'))).toEqual([]);
  });

  it.each([
    [
      'macos' as const,
      {
        [osFormat('org.nspasteboard.TransientType')]: '',
        [osFormat('org.nspasteboard.ConcealedType')]: '',
        [osFormat('org.nspasteboard.AutoGeneratedType')]: '',
      },
    ],
    [
      'windows' as const,
      {
        [osFormat('ExcludeClipboardContentFromMonitorProcessing')]: '\0\0\0\0',
        [osFormat('CanIncludeInClipboardHistory')]: '\0\0\0\0',
        [osFormat('CanUploadToCloudClipboard')]: '\0\0\0\0',
      },
    ],
  ])('%s: the paste is marked for clipboard managers and history while it lasts', async (backend, marks) => {
    fake.board = { 'text/plain': 'old' };
    let during: Record<string, string> = {};
    const { ports: p } = ports(backend, {
      run: (file, args) => {
        if (/keystroke "v"|\^v/.test(args.at(-1) ?? '')) during = { ...fake.board };
        return Promise.resolve(file === 'osascript' && args[1]?.includes('frontmost') ? '1\tTextEdit\n' : '');
      },
    });
    const target = backend === 'windows' ? undefined : editor;
    expect(await p.inserter.insert('secret-ish', { target })).toMatchObject({ inserted: true });
    expect(during).toEqual({ 'text/plain': 'secret-ish', ...marks });
    expect(fake.board).toEqual({ 'text/plain': 'old' });
  });

  it('where keys cannot be sent (Wayland), leaves the text on the clipboard and says so', async () => {
    const { ports: p } = ports('wayland');
    const result = await p.inserter.insert('for you');
    expect(result.inserted).toBe(false);
    expect(result.reason).toMatch(/on the clipboard/);
    expect(fake.board['text/plain']).toBe('for you');
  });
});

describe('clipboard and notifications', () => {
  it('go through Electron', async () => {
    const { ports: p } = ports('x11');
    await p.clipboard.writeText('abc');
    expect(await p.clipboard.readText()).toBe('abc');
    await p.notifier.notify('Done', 'translate finished');
    expect(fake.notifications).toEqual([{ title: 'Done', body: 'translate finished' }]);
  });
});
