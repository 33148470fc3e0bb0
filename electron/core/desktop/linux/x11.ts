// The desktop ports of electron/core/platform.ts on Linux/X11, for Node: the headless host, the CLI and
// Electron's main process on Linux. They drive the X command-line tools (x11-tools.ts): xdotool (focus,
// keys), xclip (selections; xsel when xclip is missing) and xprop (WM_CLASS).
//   apt-get install -y xdotool xclip x11-utils        (x11-utils gives xprop; xsel is the fallback)
// Nothing here works on Wayland without XWayland, and only X11 windows are seen there.
//
// focus.current()      `xdotool getwindowfocus` (not getactivewindow: it needs a window manager, which
//                      Xvfb has not) → the window id; `xprop WM_CLASS` → app (the class, lowercased) and
//                      `xdotool getwindowname` → title. isTerminal: class or instance in `terminalApps`.
//                      null when no window has the focus or there is no display.
// selection.capture()  the PRIMARY selection first (~4 ms). X11 keeps the last selection in PRIMARY until
//                      something else is selected — that is what middle-click paste relies on and what X
//                      users expect — so text selected a while ago (and since deselected in some apps) is
//                      still "the selection". Not everything sets PRIMARY: a JS `select()` in a browser does
//                      not. When PRIMARY is empty and `copyFallback` is on (never for a terminal, where
//                      Ctrl+C is SIGINT, nor when another window has the focus now): snapshot the clipboard,
//                      clear it, send Ctrl+C, poll the clipboard up to `copyTimeoutMs`, restore.
// clipboard            readText/writeText of CLIPBOARD as UTF-8 (UTF8_STRING).
// inserter.insert()    a paste transaction: snapshot the clipboard → own it with the text → refuse when the
//                      focused window is no longer `target` (the clipboard is restored, the text stays in
//                      the card) → the app's paste key (Ctrl+V; Ctrl+Shift+V in terminals; Shift+Insert in
//                      xterm, which pastes PRIMARY, so PRIMARY is set too) with --clearmodifiers, sent by
//                      XTEST to the focused window → wait until the window has read the text → restore.
//                      The text is owned by an `xclip -verbose` we keep, which says when a window asks for
//                      it: the snapshot is put back 30 ms after the last read, so a slow window does not
//                      paste the old clipboard and a fast one does not wait a fixed delay. No read within
//                      `pasteTimeoutMs` (2 s; the window ignored the key): not inserted, kept in the card. When
//                      the reads cannot be watched (xsel only, or a clipboard manager took the selection
//                      over) it waits `pasteDelayMs` instead.
//
// Snapshot/restore limits (snapshotClipboard / restoreClipboard): the text formats are saved (the plain
// text once, text/html, other text/* such as text/uri-list), raw bytes; images and other binary formats
// are not. xclip owns a selection with one target and answers every target with the same bytes, so only
// one format can be restored: the plain text when there was one (every app can paste it; a rich copy comes
// back as its plain text), else the html, else the first other text format. A clipboard that had no owner
// is cleared again (xsel --clear) or, without xsel, owned empty. Electron's clipboard module can restore
// several formats; this Node one cannot.

import { spawn as nodeSpawn, type ChildProcess } from 'node:child_process';
import type {
  CapturedSelection,
  ClipboardPort,
  FocusedWindow,
  FocusPort,
  SelectionPort,
  TextInserterPort,
} from '../../platform';
import { createX11Runner, toolEnv, X11ToolError, type SpawnFn, type X11Runner } from './x11-tools';

export { X11ToolError } from './x11-tools';

/** WM_CLASS class or instance names (lowercased) of terminal emulators. */
export const DEFAULT_TERMINAL_APPS: readonly string[] = [
  'xterm',
  'uxterm',
  'gnome-terminal',
  'gnome-terminal-server',
  'kgx',
  'org.gnome.console',
  'ptyxis',
  'org.gnome.ptyxis',
  'konsole',
  'yakuake',
  'alacritty',
  'kitty',
  'wezterm',
  'org.wezfurlong.wezterm',
  'ghostty',
  'com.mitchellh.ghostty',
  'tilix',
  'terminator',
  'urxvt',
  'rxvt',
  'st',
  'st-256color',
  'foot',
  'footclient',
  'xfce4-terminal',
  'lxterminal',
  'mate-terminal',
  'qterminal',
  'terminology',
  'sakura',
  'guake',
  'tilda',
  'cool-retro-term',
  'contour',
  'rio',
  'tabby',
  'hyper',
];

export interface PasteKey {
  /** An xdotool key sequence, e.g. `ctrl+v`. */
  keys: string;
  /** The selection that key pastes. */
  selection: 'clipboard' | 'primary';
}

/** Per app (lowercased class or instance); others: Ctrl+V, terminals Ctrl+Shift+V. */
export const DEFAULT_PASTE_KEYS: Readonly<Record<string, PasteKey>> = {
  xterm: { keys: 'shift+Insert', selection: 'primary' },
  uxterm: { keys: 'shift+Insert', selection: 'primary' },
};

export interface X11PortsOptions {
  /** The X display (`:99`); default the process's DISPLAY. */
  display?: string;
  spawn?: SpawnFn;
  /** Wait this long after the paste key when the window's read of the text cannot be watched (ms, 150). */
  pasteDelayMs?: number;
  /** The longest wait for the window to read the pasted text (ms, default 1000). */
  pasteTimeoutMs?: number;
  /** The copy-key fallback polls the clipboard this long (ms, default 300). */
  copyTimeoutMs?: number;
  /** Lowercased WM_CLASS names of terminals (default DEFAULT_TERMINAL_APPS). */
  terminalApps?: readonly string[];
  /** Paste keys per app, merged over DEFAULT_PASTE_KEYS. */
  pasteKeys?: Readonly<Record<string, PasteKey>>;
  /** Give up on one command after this long (ms, default 3000). */
  timeoutMs?: number;
}

export interface X11Ports {
  focus: FocusPort;
  selection: SelectionPort;
  clipboard: ClipboardPort;
  inserter: TextInserterPort;
}

export interface ClipboardSnapshot {
  /** The targets the owner offered: [] when the clipboard had no owner, null when unknown (xsel). */
  targets: string[] | null;
  /** The text formats, raw bytes; the plain text (if any) first. */
  saved: { target: string; data: Buffer }[];
}

type Selection = 'clipboard' | 'primary';

/** Plain-text targets, best first: one of them is read. */
const PLAIN_TARGETS = ['UTF8_STRING', 'text/plain;charset=utf-8', 'text/plain', 'STRING', 'TEXT'];
const SETTLE_MS = 30;

export function createX11Ports(options: X11PortsOptions = {}): X11Ports {
  const run = createX11Runner(options);
  const sel = createSelections(run, options);
  const terminals = new Set(
    (options.terminalApps ?? DEFAULT_TERMINAL_APPS).map((name) => name.toLowerCase()),
  );
  const pasteKeys: Record<string, PasteKey> = { ...DEFAULT_PASTE_KEYS, ...options.pasteKeys };
  const pasteDelayMs = options.pasteDelayMs ?? 150;
  const pasteTimeoutMs = options.pasteTimeoutMs ?? 2000;
  const copyTimeoutMs = options.copyTimeoutMs ?? 300;
  const hasDisplay = Boolean(toolEnv(options.display).DISPLAY);

  const pasteKeyFor = (window: FocusedWindow | null, instance?: string): PasteKey => {
    if (window) {
      const own = pasteKeys[window.app] ?? (instance ? pasteKeys[instance] : undefined);
      if (own) return own;
      if (window.isTerminal) return { keys: 'ctrl+shift+v', selection: 'clipboard' };
    }
    return { keys: 'ctrl+v', selection: 'clipboard' };
  };

  const instances = new Map<string, string>(); // window id → WM_CLASS instance, for paste keys

  const focus: FocusPort = {
    async current() {
      if (!hasDisplay) return null;
      let id: string;
      try {
        id = (await run('xdotool', ['getwindowfocus'])).toString('utf8').trim();
      } catch (error) {
        // no display, or the focus is PointerRoot/None ("XGetInputFocus returned the focused window of 1")
        if (error instanceof X11ToolError && (error.code === 'no-display' || error.code === 'failed'))
          return null;
        throw error;
      }
      if (!/^\d+$/.test(id)) return null;
      const [classText, title] = await Promise.all([
        run('xprop', ['-id', id, 'WM_CLASS']).then(
          (out) => out.toString('utf8'),
          (error: unknown) => rethrowMissing(error, ''),
        ),
        run('xdotool', ['getwindowname', id]).then(
          (out) => out.toString('utf8').replace(/\n$/, ''),
          (error: unknown) => rethrowMissing(error, ''),
        ),
      ]);
      const [instance = '', cls = ''] = parseWmClass(classText).map((name) => name.toLowerCase());
      instances.set(id, instance);
      if (instances.size > 64) instances.delete(instances.keys().next().value!);
      return {
        id,
        app: cls || instance,
        title,
        isTerminal: terminals.has(cls) || terminals.has(instance),
      };
    },
  };

  const selection: SelectionPort = {
    async capture({ focus: focused, copyFallback }): Promise<CapturedSelection> {
      if (!hasDisplay) return { text: '', method: 'none' };
      const primary = (await sel.read('primary'))?.toString('utf8') ?? '';
      if (primary !== '') return { text: primary, method: 'primary' };
      if (!copyFallback || focused?.isTerminal) return { text: '', method: 'none' };
      // Ctrl+C goes to whatever has the focus now: never to a terminal or to a window other than `focus`.
      const now = await focus.current();
      if (!now || now.isTerminal || (focused && now.id !== focused.id)) return { text: '', method: 'none' };
      const snapshot = await sel.snapshot();
      try {
        await sel.clear('clipboard');
        await run('xdotool', ['key', '--clearmodifiers', 'ctrl+c']);
        const deadline = Date.now() + copyTimeoutMs;
        for (;;) {
          const copied = (await sel.read('clipboard'))?.toString('utf8') ?? '';
          if (copied !== '') return { text: copied, method: 'copy' };
          if (Date.now() >= deadline) return { text: '', method: 'none' };
          await sleep(15);
        }
      } finally {
        await sel.restore(snapshot);
      }
    },
  };

  const clipboard: ClipboardPort = {
    async readText() {
      if (!hasDisplay) return '';
      return (await sel.read('clipboard'))?.toString('utf8') ?? '';
    },
    async writeText(text) {
      await sel.write('clipboard', Buffer.from(text, 'utf8'));
    },
  };

  const inserter: TextInserterPort = {
    async insert(text, insertOptions = {}) {
      const target = insertOptions.target ?? null;
      const window = target ?? (await focus.current());
      if (!window) {
        return {
          inserted: false,
          keepInCard: true,
          reason: 'no window has the keyboard focus — kept in the card',
        };
      }
      const paste = pasteKeyFor(window, instances.get(window.id));
      const data = Buffer.from(text, 'utf8');
      const snapshot = await sel.snapshot();
      const primaryBefore = paste.selection === 'primary' ? await sel.read('primary') : null;
      let owner: WatchedOwner | null = null;
      try {
        owner = await sel.ownWatched(paste.selection, data);
        if (paste.selection === 'primary') await sel.write('clipboard', data);
        if (target) {
          const now = await focus.current();
          if (!now || now.id !== target.id) {
            return {
              inserted: false,
              keepInCard: true,
              reason: now
                ? `the focused window changed (now "${now.title || now.app}") — kept in the card`
                : 'no window has the keyboard focus any more — kept in the card',
            };
          }
        }
        const readsBefore = owner?.reads ?? 0;
        await run('xdotool', ['key', '--clearmodifiers', paste.keys]);
        if (!owner || owner.lost) {
          await sleep(pasteDelayMs);
          return { inserted: true };
        }
        const outcome = await owner.waitForReads(readsBefore, pasteTimeoutMs, SETTLE_MS);
        if (outcome === 'lost') await sleep(pasteDelayMs);
        if (outcome === 'timeout') {
          return {
            inserted: false,
            keepInCard: true,
            reason: `"${window.title || window.app}" did not take the text (${paste.keys}) — kept in the card`,
          };
        }
        return { inserted: true };
      } finally {
        await sel.restore(snapshot);
        if (paste.selection === 'primary') {
          if (primaryBefore?.length) await sel.write('primary', primaryBefore);
          else await sel.clear('primary');
        }
        owner?.stop();
      }
    },
  };

  return { focus, selection, clipboard, inserter };
}

/** The clipboard's text formats (see the header for what is saved). */
export function snapshotClipboard(options: X11PortsOptions = {}): Promise<ClipboardSnapshot> {
  return createSelections(createX11Runner(options), options).snapshot();
}

/** Owns the clipboard again with the snapshot's main text format (or clears it when it had no owner). */
export function restoreClipboard(snapshot: ClipboardSnapshot, options: X11PortsOptions = {}): Promise<void> {
  return createSelections(createX11Runner(options), options).restore(snapshot);
}

/** `WM_CLASS(STRING) = "instance", "Class"` → ['instance', 'Class']; [] when not set. */
export function parseWmClass(xpropOutput: string): string[] {
  const eq = xpropOutput.indexOf('=');
  if (eq < 0) return [];
  return [...xpropOutput.slice(eq + 1).matchAll(/"((?:[^"\\]|\\.)*)"/g)].map((m) =>
    m[1]!.replace(/\\(.)/g, '$1'),
  );
}

interface WatchedOwner {
  /** Selection requests answered so far (TARGETS included). */
  readonly reads: number;
  /** Another client owns the selection now (xclip exited). */
  readonly lost: boolean;
  /** Resolves once a read after `since` is followed by `settleMs` of quiet, the selection is lost, or timeout. */
  waitForReads(since: number, timeoutMs: number, settleMs: number): Promise<'read' | 'lost' | 'timeout'>;
  stop(): void;
}

interface Selections {
  read(selection: Selection, target?: string): Promise<Buffer | null>;
  write(selection: Selection, data: Buffer, target?: string): Promise<void>;
  clear(selection: Selection): Promise<void>;
  snapshot(): Promise<ClipboardSnapshot>;
  restore(snapshot: ClipboardSnapshot): Promise<void>;
  /** Owns `selection` with `data` through an `xclip -verbose` that reports reads; null without xclip. */
  ownWatched(selection: Selection, data: Buffer): Promise<WatchedOwner | null>;
}

function createSelections(run: X11Runner, options: X11PortsOptions): Selections {
  let xclipMissing = false;
  let xselMissing = false;
  const env = toolEnv(options.display);
  const spawn = options.spawn ?? nodeSpawn;

  /** xclip, else xsel; both missing: the error names xclip. */
  const withTool = async <T>(viaXclip: () => Promise<T>, viaXsel: () => Promise<T>): Promise<T> => {
    if (!xclipMissing) {
      try {
        return await viaXclip();
      } catch (error) {
        if (!(error instanceof X11ToolError && error.code === 'not-installed')) throw error;
        xclipMissing = true;
      }
    }
    try {
      return await viaXsel();
    } catch (error) {
      if (error instanceof X11ToolError && error.code === 'not-installed') {
        throw new X11ToolError(
          'not-installed',
          'xclip',
          'xclip is not installed — apt-get install xclip (or xsel)',
        );
      }
      throw error;
    }
  };

  const read = (selection: Selection, target?: string) =>
    withTool(
      () =>
        run('xclip', ['-o', '-selection', selection, ...(target ? ['-t', target] : [])]).catch(
          emptyWhenUnowned,
        ),
      () => run('xsel', [`--${selection}`, '--output']).catch(emptyWhenUnowned),
    );

  // xclip/xsel -i exit before their forked child owns the selection (a read right after can still get
  // the old owner's text): read back until the new text is there, so a paste or a restore that follows
  // never races it.
  const owned = async (selection: Selection, data: Buffer, target?: string) => {
    const deadline = Date.now() + 1000;
    while (Date.now() < deadline) {
      if (((await read(selection, target)) ?? Buffer.alloc(0)).equals(data)) return;
      await sleep(2);
    }
  };

  const write = async (selection: Selection, data: Buffer, target?: string) => {
    await withTool(
      () => run('xclip', ['-selection', selection, ...(target ? ['-t', target] : []), '-i'], { input: data }),
      () => run('xsel', [`--${selection}`, '--input'], { input: data }),
    );
    await owned(selection, data, target);
  };

  const clear = async (selection: Selection) => {
    if (!xselMissing) {
      try {
        await run('xsel', [`--${selection}`, '--clear']);
        return;
      } catch (error) {
        if (!(error instanceof X11ToolError && error.code === 'not-installed')) throw error;
        xselMissing = true;
      }
    }
    await write(selection, Buffer.alloc(0));
  };

  const snapshot = async (): Promise<ClipboardSnapshot> => {
    if (xclipMissing) return xselSnapshot();
    let targets: string[] | null;
    try {
      const out = await run('xclip', ['-o', '-selection', 'clipboard', '-t', 'TARGETS']).catch(
        emptyWhenUnowned,
      );
      targets = out === null ? [] : out.toString('utf8').split('\n').filter(Boolean);
    } catch (error) {
      if (error instanceof X11ToolError && error.code === 'not-installed') {
        xclipMissing = true;
        return xselSnapshot();
      }
      throw error;
    }
    const plain = PLAIN_TARGETS.find((t) => targets.includes(t));
    const wanted = [
      ...(plain ? [plain] : []),
      ...targets.filter((t) => t.startsWith('text/') && !PLAIN_TARGETS.includes(t)),
    ];
    // An owner that does not answer TARGETS (old apps) may still have text.
    if (targets.length === 0) wanted.push('UTF8_STRING');
    const saved = await Promise.all(
      wanted.map(async (target) => ({ target, data: await read('clipboard', target) })),
    );
    return {
      targets,
      saved: saved.filter((s): s is { target: string; data: Buffer } => s.data !== null && s.data.length > 0),
    };
  };

  const xselSnapshot = async (): Promise<ClipboardSnapshot> => {
    const data = await read('clipboard');
    return { targets: null, saved: data?.length ? [{ target: 'UTF8_STRING', data }] : [] };
  };

  const restore = async (snap: ClipboardSnapshot) => {
    const main =
      snap.saved.find((s) => PLAIN_TARGETS.includes(s.target)) ??
      snap.saved.find((s) => s.target === 'text/html') ??
      snap.saved[0];
    if (!main) {
      await clear('clipboard');
      return;
    }
    if (PLAIN_TARGETS.includes(main.target)) {
      // Put plain text back as UTF8_STRING, what every app asks for first (STRING is Latin-1).
      const data = main.target === 'STRING' ? Buffer.from(main.data.toString('latin1'), 'utf8') : main.data;
      await write('clipboard', data);
    } else {
      await write('clipboard', main.data, main.target);
    }
  };

  const ownWatched = (selection: Selection, data: Buffer): Promise<WatchedOwner | null> => {
    if (xclipMissing) return write(selection, data).then(() => null);
    return new Promise((resolve, reject) => {
      let child: ChildProcess;
      try {
        child = spawn('xclip', ['-verbose', '-selection', selection, '-i'], {
          env,
          stdio: ['pipe', 'ignore', 'pipe'],
        });
      } catch (error) {
        reject(error as Error);
        return;
      }
      let reads = 0;
      let lost = false;
      let ready = false;
      let buffered = '';
      let stderr = '';
      const listeners = new Set<() => void>();
      const notify = () => listeners.forEach((listener) => listener());
      const timer = setTimeout(() => {
        child.kill('SIGKILL');
        reject(new X11ToolError('timeout', 'xclip', `xclip -verbose did not own the ${selection} in time`));
      }, options.timeoutMs ?? 3000);
      const owner: WatchedOwner = {
        get reads() {
          return reads;
        },
        get lost() {
          return lost;
        },
        waitForReads(since, timeoutMs, settleMs) {
          return new Promise((done) => {
            let settle: NodeJS.Timeout | undefined;
            const finish = (outcome: 'read' | 'lost' | 'timeout') => {
              clearTimeout(settle);
              clearTimeout(limit);
              listeners.delete(check);
              done(outcome);
            };
            const check = () => {
              if (reads > since) {
                clearTimeout(settle);
                settle = setTimeout(() => finish('read'), settleMs);
              } else if (lost) finish('lost');
            };
            const limit = setTimeout(() => finish(reads > since ? 'read' : 'timeout'), timeoutMs);
            listeners.add(check);
            check();
          });
        },
        stop() {
          if (!lost) child.kill();
        },
      };
      child.stderr!.setEncoding('utf8').on('data', (chunk: string) => {
        buffered += chunk;
        stderr += chunk;
        let nl: number;
        while ((nl = buffered.indexOf('\n')) >= 0) {
          const line = buffered.slice(0, nl);
          buffered = buffered.slice(nl + 1);
          const request = /selection request number (\d+)/.exec(line);
          if (request) reads = Math.max(reads, Number(request[1]) - 1);
          if (!ready && (request || /Waiting for selection requests/.test(line))) {
            ready = true;
            clearTimeout(timer);
            resolve(owner);
          }
        }
        notify();
      });
      child.on('error', (error: NodeJS.ErrnoException) => {
        clearTimeout(timer);
        if (error.code === 'ENOENT') {
          xclipMissing = true;
          write(selection, data).then(() => resolve(null), reject);
        } else reject(new X11ToolError('failed', 'xclip', `xclip -verbose failed: ${error.message}`));
      });
      child.on('exit', (code) => {
        lost = true;
        notify();
        if (!ready) {
          clearTimeout(timer);
          const noDisplay = /open display/i.test(stderr);
          reject(
            new X11ToolError(
              noDisplay ? 'no-display' : 'failed',
              'xclip',
              noDisplay
                ? `xclip cannot open the X display ${JSON.stringify(env.DISPLAY ?? '')}`
                : `xclip -verbose exited with code ${String(code)}`,
              stderr.trim(),
            ),
          );
        }
      });
      child.stdin!.on('error', () => undefined);
      child.stdin!.end(data);
    });
  };

  return { read, write, clear, snapshot, restore, ownWatched };
}

/** A read of a selection nobody owns (or without that target) exits 1: that is "empty", not an error. */
function emptyWhenUnowned(error: unknown): null {
  if (error instanceof X11ToolError && error.code === 'failed') return null;
  throw error;
}

function rethrowMissing<T>(error: unknown, fallback: T): T {
  if (error instanceof X11ToolError && error.code === 'not-installed') throw error;
  return fallback;
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
