// SelectionPort on X11: the PRIMARY selection first (~4 ms). X11 keeps the last selection in PRIMARY until
// something else is selected — that is what middle-click paste relies on and what X users expect — so text
// selected a while ago (and since deselected in some apps) is still "the selection". Not everything sets
// PRIMARY: a JS `select()` in a browser does not. When PRIMARY is empty and `copyFallback` is on (never for
// a terminal, where Ctrl+C is SIGINT, nor when another window has the focus now): snapshot the clipboard,
// clear it, send Ctrl+C, poll the clipboard up to `copyTimeoutMs`, restore.
// The app's capture rule (apps/app-rules.ts): `copy` tries the copy key before PRIMARY (an app whose
// PRIMARY is stale or wrong); `never`, `primary` and `accessibility` (no accessibility reader on X11)
// never send a key, whatever copyFallback says.

import type { CapturedSelection, FocusedWindow, FocusPort, SelectionPort } from '../../platform';
import type { ClipboardLock } from '../clipboard-lock';
import type { PrimaryWatch } from './x11-primary';
import type { Selections } from './x11-selections';
import { sleep, type X11Runner } from './x11-tools';

export function createX11Capture(
  run: X11Runner,
  sel: Selections,
  focus: FocusPort,
  options: {
    hasDisplay: boolean;
    copyTimeoutMs: number;
    lock: ClipboardLock;
    /** Tells a current PRIMARY from an old one (null: cannot tell, every PRIMARY counts). */
    primaryWatch: Promise<PrimaryWatch | null>;
  },
): SelectionPort {
  return {
    async capture({ focus: focused, copyFallback, rule = 'auto' }): Promise<CapturedSelection> {
      if (!options.hasDisplay) return { text: '', method: 'none' };
      const keysAllowed = copyFallback && (rule === 'auto' || rule === 'copy');
      const readPrimary = async (): Promise<CapturedSelection> => {
        const primary = (await sel.read('primary'))?.toString('utf8') ?? '';
        return primary !== '' && (await isCurrent(focused))
          ? { text: primary, method: 'primary' }
          : { text: '', method: 'none' };
      };
      const copyKeyLocked = () => options.lock.run(() => copyKey(focused));
      if (rule === 'copy' && keysAllowed) {
        const copied = await copyKeyLocked();
        return copied.text !== '' ? copied : readPrimary();
      }
      const primary = await readPrimary();
      if (primary.text !== '' || !keysAllowed) return primary;
      return copyKeyLocked();
    },
  };

  /** An old PRIMARY (selected long ago in another app) is not "the selection" (x11-primary.ts). */
  async function isCurrent(focused: FocusedWindow | null): Promise<boolean> {
    const watch = await options.primaryWatch;
    if (!watch) return true;
    return (await watch.judge(focused?.id ?? null).catch(() => 'current')) === 'current';
  }

  /** Snapshot the clipboard, clear it, send the copy key, poll for what arrives, put everything back. */
  async function copyKey(focused: FocusedWindow | null): Promise<CapturedSelection> {
    if (focused?.isTerminal) return { text: '', method: 'none' };
    // Ctrl+C goes to whatever has the focus now (checked once the clipboard is ours: a paste before may
    // have taken a while): never to a terminal or to a window other than `focused`.
    const now = await focus.current();
    if (!now || now.isTerminal || (focused && now.id !== focused.id)) return { text: '', method: 'none' };
    const snapshot = await sel.snapshot();
    try {
      await sel.clear('clipboard');
      await run('xdotool', ['key', '--clearmodifiers', 'ctrl+c']);
      const deadline = Date.now() + options.copyTimeoutMs;
      for (;;) {
        const copied = (await sel.read('clipboard'))?.toString('utf8') ?? '';
        if (copied !== '') return { text: copied, method: 'copy' };
        if (Date.now() >= deadline) return { text: '', method: 'none' };
        await sleep(15);
      }
    } finally {
      await sel.restore(snapshot);
    }
  }
}
