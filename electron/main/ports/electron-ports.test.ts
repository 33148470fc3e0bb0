import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FocusedWindow } from '../../core/platform';
import type { DesktopBackend, X11Ports } from './desktop-backend';
import { createWaylandPorts } from '../../core/desktop/wayland/wayland-ports';
import type { WaylandRunner } from '../../core/desktop/wayland/wl-tools';
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
  /** Dismisses the open message box (showMessageBox stays pending until then). */
  answerDialog: null as (() => void) | null,
  trustPrompts: 0,
  notifications: [] as { title: string; body: string }[],
}));

vi.mock('electron', async () => {
  const { clipboard, ClipboardItem } = (await import('./fake-clipboard')).fakeElectronClipboard(fake);
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
    dialog: {
      showMessageBox: (options: unknown) => {
        fake.dialogs.push(options);
        return new Promise((resolve) => (fake.answerDialog = () => resolve({ response: 0 })));
      },
      showMessageBoxSync: () => {
        throw new Error('showMessageBoxSync freezes the main process until the user answers');
      },
    },
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
  fake.answerDialog = null;
  fake.trustPrompts = 0;
  fake.notifications = [];
  resetAccessibilityPrompt();
});
afterEach(() => {
  vi.unstubAllEnvs();
  fs.rmSync(dir, { recursive: true, force: true });
});

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
    const requests: string[] = [];
    const { ports: p, calls } = ports('windows', {
      run: (file, args) => {
        calls.push({ file, args });
        return Promise.resolve(args.at(-1)?.includes('ModifierKeys') ? 'None\r\n' : '');
      },
      windowsHelper: {
        request: (command: string, argument?: string) => {
          requests.push(`${command} ${argument ?? ''}`);
          fake.board = { 'text/plain': 'copied selection' }; // the app answers the copy key
          return Promise.resolve({ ok: true as const });
        },
        dispose: () => undefined,
      },
    });
    expect(await p.selection.capture({ focus: editor, copyFallback: true })).toEqual({
      text: 'copied selection',
      method: 'copy',
    });
    // first the wait for the hotkey's modifiers (one PowerShell script), then the key by virtual key
    // through the helper
    expect(calls.map((c) => c.args.at(-1))).toEqual([expect.stringContaining('ModifierKeys')]);
    expect(requests).toEqual(['keys ctrl+c']);
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
    // the capture answers while the explanation is still open: the main process does not wait for it
    expect(await p.selection.capture({ focus: editor, copyFallback: true })).toEqual({
      text: '',
      method: 'none',
    });
    await p.selection.capture({ focus: editor, copyFallback: true });
    expect(fake.dialogs).toHaveLength(1);
    expect(JSON.stringify(fake.dialogs[0])).toMatch(/Accessibility/);
    expect(fake.trustPrompts).toBe(0); // macOS's own prompt comes once the explanation is read
    fake.answerDialog!();
    await vi.waitFor(() => expect(fake.trustPrompts).toBe(1));
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
      'AppleCurrentKeyboardLayoutInputSourceID', // which layout is in use now
      'tell application "System Events" to key code 9 using command down',
    ]);
    expect(fake.board).toEqual({ 'text/plain': 'old' });
  });

  it('macOS: ⌘V by key code on Russian, by character on Dvorak (where that key is K)', async () => {
    const pasteOn = async (layout: string) => {
      const { ports: p, calls } = ports('macos', {
        run: (file, args) => {
          calls.push({ file, args });
          if (file === 'defaults') return Promise.resolve(`${layout}\n`);
          return Promise.resolve(args[1]?.includes('frontmost') ? '1\tTextEdit\n' : '');
        },
      });
      expect(await p.inserter.insert('x', { target: editor })).toEqual({ inserted: true, confirmed: false });
      return calls.at(-1)!.args.at(-1);
    };
    expect(await pasteOn('com.apple.keylayout.Russian')).toBe(
      'tell application "System Events" to key code 9 using command down',
    );
    expect(await pasteOn('com.apple.keylayout.Dvorak')).toBe(
      'tell application "System Events" to keystroke "v" using command down',
    );
  });

  it('macOS: when Skilldeck has the keyboard (its command bar took it), gives it back to the target, then pastes', async () => {
    fake.board = { 'text/plain': 'old' };
    let front = '100\tSkilldeck';
    const calls: string[] = [];
    const { ports: p } = ports('macos', {
      ownPid: 100,
      focusReturn: { intervalMs: 1 },
      run: (_file, args) => {
        const script = args.at(-1)!;
        calls.push(script);
        if (script.includes('set frontmost')) front = '1\tTextEdit';
        return Promise.resolve(script.includes('return (unix id') ? `${front}\n` : '');
      },
    });
    expect(await p.inserter.insert('new text', { target: editor })).toEqual({
      inserted: true,
      confirmed: false,
    });
    expect(calls.filter((c) => !c.includes('return (unix id') && !c.includes('KeyboardLayout'))).toEqual([
      'tell application "System Events" to set frontmost of (first application process whose unix id is 1) to true',
      'tell application "System Events" to key code 9 using command down',
    ]);
    expect(fake.board).toEqual({ 'text/plain': 'old' });
  });

  it('macOS: a paste without a target (from a card) still steps Skilldeck aside first when it has the keyboard', async () => {
    let front = '100\tSkilldeck';
    const hideApp = vi.fn(() => (front = '1\tTextEdit'));
    const { ports: p, calls } = ports('macos', {
      ownPid: 100,
      hideApp,
      focusReturn: { intervalMs: 1 },
      run: (file, args) => {
        calls.push({ file, args });
        return Promise.resolve(args.at(-1)!.includes('return (unix id') ? `${front}\n` : '');
      },
    });
    expect(await p.inserter.insert('from the card')).toEqual({ inserted: true, confirmed: false });
    expect(hideApp).toHaveBeenCalledTimes(1);
    expect(calls.at(-1)!.args.at(-1)).toBe(
      'tell application "System Events" to key code 9 using command down',
    );
  });

  it('macOS: when the target never comes back, nothing is pasted and the card keeps the text', async () => {
    const hideApp = vi.fn();
    const { ports: p, calls } = ports('macos', {
      ownPid: 100,
      hideApp,
      focusReturn: { intervalMs: 1, timeoutMs: 20 },
      run: (file, args) => {
        calls.push({ file, args });
        return Promise.resolve(args.at(-1)!.includes('return (unix id') ? '100\tSkilldeck\n' : '');
      },
    });
    expect(await p.inserter.insert('x', { target: { ...editor, id: 'hwnd:1' } })).toEqual({
      inserted: false,
      keepInCard: true,
      reason: 'the focus moved from TextEdit to Skilldeck — kept in the card',
    });
    expect(hideApp).toHaveBeenCalledTimes(1); // no process id to activate: Skilldeck steps aside
    expect(calls.filter((c) => c.args.at(-1)?.includes('key code'))).toEqual([]);
  });

  it('refuses when the focus moved away from the target window', async () => {
    const { ports: p, calls } = ports('macos');
    const other = { ...editor, id: 'pid:2', app: 'Mail' };
    expect(await p.inserter.insert('x', { target: other })).toEqual({
      inserted: false,
      keepInCard: true,
      reason: 'the focus moved from Mail to TextEdit — kept in the card',
    });
    expect(calls.filter((c) => c.args.at(-1)?.includes('key code'))).toEqual([]);
  });

  it('an app rule’s paste key is sent instead of the platform’s; type-out leaves the clipboard alone', async () => {
    fake.board = { 'text/plain': 'old' };
    const { ports: p, calls } = ports('macos');
    expect(await p.inserter.insert('new', { target: editor, pasteKey: 'ctrl+shift+v' })).toEqual({
      inserted: true,
      confirmed: false,
    });
    expect(calls.at(-1)?.args.at(-1)).toBe(
      'tell application "System Events" to key code 9 using {command down, shift down}',
    );
    expect(fake.board).toEqual({ 'text/plain': 'old' });

    const windows = ports('windows');
    expect(await windows.ports.inserter.insert('typed', { target: null, pasteKey: 'type' })).toEqual({
      inserted: true,
    });
    expect(windows.calls.at(-1)?.args.at(-1)).toContain(Buffer.from('typed').toString('base64'));
    expect(fake.board).toEqual({ 'text/plain': 'old' }); // never written
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
        if (/key code 9|keystroke "v"/.test(args.at(-1) ?? '')) during = { ...fake.board };
        return Promise.resolve(file === 'osascript' && args[1]?.includes('frontmost') ? '1\tTextEdit\n' : '');
      },
      windowsHelper: {
        request: (command: string) => {
          if (command === 'keys') during = { ...fake.board };
          return Promise.resolve({ ok: true as const });
        },
        dispose: () => undefined,
      },
    });
    const target = backend === 'windows' ? undefined : editor;
    expect(await p.inserter.insert('secret-ish', { target })).toMatchObject({ inserted: true });
    expect(during).toEqual({ 'text/plain': 'secret-ish', ...marks });
    expect(fake.board).toEqual({ 'text/plain': 'old' });
  });

  it('Wayland goes through wl-clipboard: where keys cannot be sent, the text is left on the clipboard', async () => {
    let board = '';
    const commands: string[] = [];
    const run: WaylandRunner = ({ file, args }, options) => {
      commands.push(`${file} ${args.join(' ')}`);
      if (file === 'wl-copy') board = String(options?.input ?? '');
      return Promise.resolve(Buffer.from(file === 'wl-paste' ? board : ''));
    };
    const { ports: p } = ports('wayland', {
      loadWaylandPorts: () =>
        createWaylandPorts({ compositor: 'gnome', run, has: (x) => x.startsWith('wl-') }),
    });
    const result = await p.inserter.insert('for you');
    expect(result.inserted).toBe(false);
    expect(result.reason).toMatch(/wtype or ydotool.*on the clipboard/);
    expect(board).toBe('for you');
    expect(fake.board).toEqual({}); // not Electron's clipboard (its cache may be stale on Wayland)
    expect(await p.clipboard.readText()).toBe('for you');
    expect(commands).toEqual([
      'wl-copy --type text/plain;charset=utf-8',
      'wl-paste --no-newline --type text',
    ]);
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
