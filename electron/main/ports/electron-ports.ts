// The core's platform ports (electron/core/platform.ts) in the desktop app, except the card and the
// command bar (windows/card-window.ts, windows/command-bar-window.ts). Which route each port takes is chosen once, by
// chooseDesktopBackend (desktop-backend.ts).

import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import { clipboard, ClipboardItem, dialog, Notification, safeStorage, systemPreferences } from 'electron';
import { englishText, type DesktopText } from '../../core/i18n/desktop-text';
import { writeFileAtomic } from '../../core/fs/atomic-write';
import type {
  CapturedSelection,
  ClipboardPort,
  FocusedWindow,
  FocusPort,
  NotifierPort,
  PlatformPorts,
  SecretStorePort,
  SelectionPort,
  TextInserterPort,
} from '../../core/platform';
import { keyCommand, looksLikeTerminal, type DesktopBackend } from './desktop-backend';

/** What the Linux X11 ports (electron/core/desktop/linux, createX11Ports) provide. */
export type X11Ports = Pick<PlatformPorts, 'focus' | 'selection' | 'inserter'>;

/** The part of selection-hook's SelectionHook instance used here (passive mode: read on demand). */
export interface SelectionHookLike {
  start(config?: { selectionPassiveMode?: boolean; enableClipboard?: boolean; debug?: boolean }): boolean;
  getCurrentSelection(): { text: string; method: number; programName: string } | null;
  cleanup(): void;
}

/** selection-hook's SelectionMethod numbers (index.d.ts). */
const HOOK_METHOD = { UIA: 1, ACCESSIBLE: 3, AXAPI: 11, ATSPI: 21, PRIMARY: 22, CLIPBOARD: 99 } as const;

export function captureMethodOf(hookMethod: number): CapturedSelection['method'] {
  if (hookMethod === HOOK_METHOD.PRIMARY) return 'primary';
  if (hookMethod === HOOK_METHOD.CLIPBOARD) return 'copy';
  return 'accessibility';
}

/** Runs a helper program (osascript, PowerShell); resolves its stdout. */
export type RunCommand = (file: string, args: readonly string[], timeoutMs: number) => Promise<string>;

const runCommand: RunCommand = (file, args, timeoutMs) =>
  new Promise((resolve, reject) => {
    execFile(file, [...args], { timeout: timeoutMs, windowsHide: true }, (error, stdout) => {
      if (error) reject(new Error(`${file} failed: ${error.message}`, { cause: error }));
      else resolve(stdout);
    });
  });

export interface ElectronPortsDeps {
  backend: DesktopBackend;
  /** The app's words in its language (the macOS Accessibility explanation); default English. */
  text?: DesktopText;
  /** app.getPath('userData'): secrets.json lives there. */
  userDataDir: string;
  /** Loads selection-hook (null when it cannot load here, e.g. its prebuilt binary needs a newer glibc). */
  loadSelectionHook?: () => Promise<SelectionHookLike | null>;
  /** Linux X11: createX11Ports of electron/core/desktop/linux (shell.ts passes it). */
  loadX11Ports?: () => Promise<X11Ports>;
  run?: RunCommand;
  /** Wait for the target application to take a paste or copy key (ms, default 250). */
  settleMs?: number;
}

export type ElectronPorts = Omit<PlatformPorts, 'card' | 'commandBar'> & { dispose(): void };

const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export async function loadSelectionHook(): Promise<SelectionHookLike | null> {
  try {
    const module = (await import('selection-hook')) as unknown as {
      default: new () => SelectionHookLike;
    };
    const hook = new module.default();
    // Passive: no global mouse hooks or events, the selection is read when a hotkey asks for it.
    return hook.start({ selectionPassiveMode: true, enableClipboard: false, debug: false }) ? hook : null;
  } catch (error) {
    console.warn('[skilldeck] selection-hook is not available here:', error);
    return null;
  }
}

export function createElectronPorts(deps: ElectronPortsDeps): ElectronPorts {
  const run = deps.run ?? runCommand;
  const settleMs = deps.settleMs ?? 250;
  const clipboardPort = createClipboardPort();
  const lazy = <T>(load: () => Promise<T>): (() => Promise<T>) => {
    let loaded: Promise<T> | null = null;
    return () => (loaded ??= load());
  };
  const hook = lazy(() => (deps.loadSelectionHook ?? loadSelectionHook)());
  const x11 = lazy(async (): Promise<X11Ports | null> => {
    if (deps.backend !== 'x11' || !deps.loadX11Ports) return null;
    try {
      return await deps.loadX11Ports();
    } catch (error) {
      console.warn('[skilldeck] the X11 desktop ports could not start:', error);
      return null;
    }
  });
  const keys = async (key: 'paste' | 'copy'): Promise<void> => {
    const command = keyCommand(deps.backend, key);
    if (!command) throw new Error(`no way to send the ${key} key on ${deps.backend}`);
    await run(command.file, command.args, 5000);
  };

  const focus = createFocusPort(deps.backend, run, x11);
  return {
    clipboard: clipboardPort,
    secrets: createSecretStore(path.join(deps.userDataDir, 'secrets.json')),
    notifier: createNotifier(),
    focus,
    selection: createSelectionPort({ backend: deps.backend, hook, x11, keys, settleMs, text: deps.text }),
    inserter: createInserter({ backend: deps.backend, focus, x11, keys, settleMs, text: deps.text }),
    dispose() {
      void hook()
        .then((h) => h?.cleanup())
        .catch(() => undefined);
    },
  };
}

export function createClipboardPort(): ClipboardPort {
  return {
    readText: () => clipboard.readText(),
    writeText: (text) => clipboard.writeText(text),
  };
}

/**
 * Everything on the clipboard, every format read out now (items from clipboard.read() may be read
 * lazily, and by then they would hold our text): a paste or copy transaction puts it back afterwards.
 */
async function snapshotClipboard(): Promise<ClipboardItem[]> {
  const items = await clipboard.read();
  return Promise.all(
    items.map(async (item) => {
      const formats: Record<string, Blob> = {};
      for (const type of item.types) {
        try {
          const data = await item.getType(type);
          if (data instanceof Blob) formats[type] = data;
        } catch {
          // a format the owner announced but did not deliver: nothing to put back
        }
      }
      return new ClipboardItem(formats);
    }),
  );
}

async function restoreClipboard(snapshot: ClipboardItem[]): Promise<void> {
  const kept = snapshot.filter((item) => item.types.length > 0);
  if (kept.length === 0) clipboard.clear();
  else await clipboard.write(kept);
}

// ---- focus ----------------------------------------------------------------------------------------

const MAC_FRONT_APP = [
  'tell application "System Events"',
  '  set p to first application process whose frontmost is true',
  '  return (unix id of p as text) & tab & (name of p)',
  'end tell',
].join('\n');
const WINDOWS_FOREGROUND =
  'Add-Type -Namespace Sd -Name W -MemberDefinition \'[DllImport("user32.dll")] public static extern System.IntPtr GetForegroundWindow(); [DllImport("user32.dll")] public static extern int GetWindowThreadProcessId(System.IntPtr h, out int p);\'; ' +
  '$h = [Sd.W]::GetForegroundWindow(); $p = 0; [void][Sd.W]::GetWindowThreadProcessId($h, [ref]$p); ' +
  '$q = Get-Process -Id $p; "$h`t$($q.ProcessName)`t$($q.MainWindowTitle)"';

function createFocusPort(
  backend: DesktopBackend,
  run: RunCommand,
  x11: () => Promise<X11Ports | null>,
): FocusPort {
  return {
    async current(): Promise<FocusedWindow | null> {
      try {
        if (backend === 'x11') return (await (await x11())?.focus.current()) ?? null;
        if (backend === 'macos') {
          const [pid = '', app = ''] = (await run('osascript', ['-e', MAC_FRONT_APP], 3000))
            .trim()
            .split('\t');
          return pid ? { id: `pid:${pid}`, app, title: '', isTerminal: looksLikeTerminal(app) } : null;
        }
        if (backend === 'windows') {
          const out = await run(
            'powershell.exe',
            ['-NoProfile', '-NonInteractive', '-Command', WINDOWS_FOREGROUND],
            5000,
          );
          const [hwnd = '', app = '', title = ''] = out.trim().split('\t');
          return hwnd && hwnd !== '0'
            ? { id: `hwnd:${hwnd}`, app, title, isTerminal: looksLikeTerminal(app) }
            : null;
        }
      } catch (error) {
        console.warn('[skilldeck] could not read the focused window:', error);
      }
      return null; // Wayland: no client may ask which window has the focus
    },
  };
}

// ---- selection --------------------------------------------------------------------------------------

let accessibilityAsked = false;

/**
 * macOS reads selections (and sends keys) through the Accessibility API, which needs the user's consent
 * in System Settings. Explains why once per session, then lets macOS show its own prompt.
 */
export function ensureMacAccessibility(t: DesktopText = englishText): boolean {
  if (systemPreferences.isTrustedAccessibilityClient(false)) return true;
  if (!accessibilityAsked) {
    accessibilityAsked = true;
    dialog.showMessageBoxSync({
      type: 'info',
      title: t('accessibility.title'),
      message: t('accessibility.message'),
      detail: t('accessibility.detail'),
      buttons: [t('accessibility.open')],
    });
    systemPreferences.isTrustedAccessibilityClient(true);
  }
  return false;
}

/** Test hook: the explanation is shown again. */
export function resetAccessibilityPrompt(): void {
  accessibilityAsked = false;
}

const NOTHING: CapturedSelection = { text: '', method: 'none' };

function createSelectionPort(options: {
  backend: DesktopBackend;
  hook: () => Promise<SelectionHookLike | null>;
  x11: () => Promise<X11Ports | null>;
  keys: (key: 'copy') => Promise<void>;
  settleMs: number;
  text?: DesktopText;
}): SelectionPort {
  const { backend, hook, x11, keys, settleMs, text: t } = options;

  const fromHook = async (): Promise<CapturedSelection | null> => {
    const selection = (await hook())?.getCurrentSelection();
    return selection?.text ? { text: selection.text, method: captureMethodOf(selection.method) } : null;
  };

  /** Snapshot the clipboard, clear it, send the copy key, read what arrived, put everything back. */
  const copyKey = async (): Promise<CapturedSelection> => {
    const snapshot = await snapshotClipboard();
    clipboard.clear();
    try {
      await keys('copy');
      for (let waited = 0; waited < settleMs * 2; waited += 25) {
        const text = await clipboard.readText();
        if (text) return { text, method: 'copy' };
        await delay(25);
      }
      return NOTHING;
    } finally {
      await restoreClipboard(snapshot);
    }
  };

  return {
    async capture({ focus, copyFallback }) {
      if (backend === 'unsupported') return NOTHING;
      if (backend === 'macos' && !ensureMacAccessibility(t)) return NOTHING;
      try {
        const direct = await fromHook();
        if (direct) return direct;
      } catch (error) {
        console.warn('[skilldeck] selection-hook failed:', error);
      }
      const ports = await x11();
      if (ports) return ports.selection.capture({ focus, copyFallback });
      if (!copyFallback || focus?.isTerminal || keyCommand(backend, 'copy') === null) return NOTHING;
      try {
        return await copyKey();
      } catch (error) {
        console.warn('[skilldeck] the copy-key fallback failed:', error);
        return NOTHING;
      }
    },
  };
}

// ---- inserter -------------------------------------------------------------------------------------

function createInserter(options: {
  backend: DesktopBackend;
  focus: FocusPort;
  x11: () => Promise<X11Ports | null>;
  keys: (key: 'paste') => Promise<void>;
  settleMs: number;
  text?: DesktopText;
}): TextInserterPort {
  const { backend, focus, x11, keys, settleMs, text: t } = options;
  return {
    async insert(text, insertOptions) {
      const ports = await x11();
      if (ports) return ports.inserter.insert(text, insertOptions);
      if (keyCommand(backend, 'paste') === null) {
        await clipboard.writeText(text);
        return {
          inserted: false,
          reason:
            backend === 'wayland'
              ? 'pasting needs wtype or ydotool on Wayland (install one); the text is on the clipboard'
              : `pasting into other applications is not possible here (${backend}); the text is on the clipboard`,
        };
      }
      const target = insertOptions?.target;
      if (target) {
        const now = await focus.current();
        if (now && now.id !== target.id)
          return {
            inserted: false,
            keepInCard: true,
            reason: `the focus moved from ${target.app || 'the window'} to ${now.app || 'another window'} — kept in the card`,
          };
      }
      if (backend === 'macos' && !ensureMacAccessibility(t))
        return { inserted: false, reason: 'Skilldeck is not allowed to send keys (Accessibility)' };
      const snapshot = await snapshotClipboard();
      await clipboard.writeText(text);
      try {
        await keys('paste');
        await delay(settleMs); // the application reads the clipboard after the key arrives
        return { inserted: true };
      } catch (error) {
        return { inserted: false, reason: error instanceof Error ? error.message : String(error) };
      } finally {
        // Only put the old content back if nothing else wrote the clipboard meanwhile.
        if ((await clipboard.readText()) === text) await restoreClipboard(snapshot);
      }
    },
  };
}

// ---- notifier, secrets ----------------------------------------------------------------------------

export function createNotifier(): NotifierPort {
  return {
    notify(title, body) {
      if (Notification.isSupported()) new Notification({ title, body, silent: true }).show();
      else console.info(`[skilldeck] ${title}: ${body}`);
      return Promise.resolve();
    },
  };
}

interface SecretsFile {
  version: 1;
  /** name → safeStorage ciphertext, base64. */
  secrets: Record<string, string>;
}

/**
 * Secrets encrypted with safeStorage (Keychain, DPAPI, libsecret/kwallet) in `<userData>/secrets.json`,
 * written atomically, readable by the user only. Never stored when the OS offers no real encryption.
 */
export function createSecretStore(file: string): SecretStorePort {
  let cache: Record<string, string> | null = null;
  let writes: Promise<void> = Promise.resolve();

  const load = async (): Promise<Record<string, string>> => {
    if (cache) return cache;
    try {
      const parsed = JSON.parse(await fs.readFile(file, 'utf8')) as Partial<SecretsFile>;
      cache = parsed.secrets && typeof parsed.secrets === 'object' ? { ...parsed.secrets } : {};
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT')
        throw new Error(`${file} is unreadable: ${(error as Error).message}`, { cause: error });
      cache = {};
    }
    return cache;
  };

  /** One change at a time, each written whole: two quick saves must not lose one. */
  const change = (apply: (secrets: Record<string, string>) => Record<string, string>): Promise<void> => {
    const next = writes.then(async () => {
      const secrets = apply({ ...(await load()) });
      await fs.mkdir(path.dirname(file), { recursive: true });
      const body: SecretsFile = { version: 1, secrets };
      await writeFileAtomic(file, `${JSON.stringify(body, null, 2)}\n`);
      await fs.chmod(file, 0o600).catch(() => undefined);
      cache = secrets;
    });
    writes = next.catch(() => undefined);
    return next;
  };

  return {
    kind: 'system',
    async get(name) {
      const stored = (await load())[name];
      if (stored === undefined) return null;
      try {
        return safeStorage.decryptString(Buffer.from(stored, 'base64'));
      } catch (error) {
        throw new Error(
          `the secret "${name}" cannot be decrypted (was it saved under another user or keyring?); save it again`,
          { cause: error },
        );
      }
    },
    async set(name, value) {
      refuseWithoutEncryption();
      const encrypted = safeStorage.encryptString(value).toString('base64');
      await change((secrets) => ({ ...secrets, [name]: encrypted }));
    },
    async delete(name) {
      if (!((await load())[name] !== undefined)) return;
      await change((secrets) => Object.fromEntries(Object.entries(secrets).filter(([key]) => key !== name)));
    },
  };
}

function refuseWithoutEncryption(): void {
  if (!safeStorage.isEncryptionAvailable())
    throw new Error(
      'cannot store the secret: the operating system offers no encryption (safeStorage is unavailable), ' +
        'and Skilldeck never stores secrets in clear',
    );
  // Linux without a keyring: Chromium "encrypts" with a fixed, public key, which is clear text in disguise.
  if (process.platform === 'linux' && safeStorage.getSelectedStorageBackend() === 'basic_text')
    throw new Error(
      'cannot store the secret: no keyring is running (install and unlock GNOME Keyring or KWallet), ' +
        'and Skilldeck never stores secrets in clear',
    );
}
