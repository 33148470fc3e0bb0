// TextInserterPort on X11, a paste transaction: snapshot the clipboard → own it with the text → refuse when
// the focused window is no longer `target` (the clipboard is restored, the text stays in the card) → for
// an insert after the selection, Right (the selection collapses to its end) → the
// app's paste key (Ctrl+V; Ctrl+Shift+V in terminals; Shift+Insert in xterm, which pastes PRIMARY, so
// PRIMARY is set too) with --clearmodifiers, sent by XTEST to the focused window → wait until the window
// has read the text → restore. The text is owned from our X connection (x11-targets-owner.ts) with the
// `x-kde-passwordManagerHint` = `secret` target beside it, so clipboard managers do not keep it; it counts
// the window's requests: the snapshot is put back 150 ms after the last read of the text
// (Chromium's first paste reads it twice, 40 ms apart), so a slow window does not
// paste the old clipboard and a fast one does not wait a fixed delay. No read within `pasteTimeoutMs`
// (2 s; the window ignored the key): not inserted, kept in the card. When the reads cannot be watched
// (xsel only, or a clipboard manager took the selection over) it waits `pasteDelayMs` instead.

import type { FocusedWindow, TextInserterPort } from '../../platform';
import type { ClipboardLock } from '../clipboard-lock';
import type { X11Focus } from './x11-focus';
import type { WatchedOwner } from './x11-owner';
import type { Selections } from './x11-selections';
import { PASSWORD_MANAGER_HINT, type SelectionOffer } from './x11-targets-owner';
import { sleep, type X11Runner } from './x11-tools';

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

/** Quiet after the window's last read of the text before the clipboard is put back (ms). */
const SETTLE_MS = 150;

/** Quiet after owning the clipboard before the paste key: no app is still asking what it holds (ms). */
const QUIET_MS = 25;

export interface X11PasteOptions {
  /** Paste keys per app (DEFAULT_PASTE_KEYS with the caller's over them). */
  pasteKeys: Readonly<Record<string, PasteKey>>;
  pasteDelayMs: number;
  pasteTimeoutMs: number;
  /** One clipboard transaction at a time (the process's lock). */
  lock: ClipboardLock;
}

export function createX11Inserter(
  run: X11Runner,
  sel: Selections,
  focus: X11Focus,
  options: X11PasteOptions,
): TextInserterPort {
  const { pasteKeys, pasteDelayMs, pasteTimeoutMs } = options;

  const pasteKeyFor = (window: FocusedWindow | null, instance?: string): PasteKey => {
    if (window) {
      const own = pasteKeys[window.app] ?? (instance ? pasteKeys[instance] : undefined);
      if (own) return own;
      if (window.isTerminal) return { keys: 'ctrl+shift+v', selection: 'clipboard' };
    }
    return { keys: 'ctrl+v', selection: 'clipboard' };
  };

  const port: TextInserterPort = {
    async insert(text, insertOptions = {}) {
      const target = insertOptions.target ?? null;
      const window = target ?? (await focus.port.current());
      if (!window) {
        return {
          inserted: false,
          keepInCard: true,
          reason: 'no window has the keyboard focus — kept in the card',
        };
      }
      const paste = pasteKeyFor(window, focus.instanceOf(window.id));
      const offers = pasteOffers(text);
      const snapshot = await sel.snapshot();
      const primaryBefore = paste.selection === 'primary' ? await sel.read('primary') : null;
      let owner: WatchedOwner | null = null;
      let clipboardOwner: WatchedOwner | null = null;
      try {
        owner = await sel.ownWatched(paste.selection, offers);
        if (paste.selection === 'primary') clipboardOwner = await sel.ownWatched('clipboard', offers);
        if (target) {
          const now = await focus.port.current();
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
        // the apps that follow the clipboard have read its new TARGETS (Chromium pastes from that list)
        await owner?.quiet?.(QUIET_MS, 300);
        const readsBefore = owner?.reads ?? 0;
        // insert after the selection: Right collapses it to its end, where the paste then goes (not in a
        // terminal, whose selection is not where its cursor is)
        if (insertOptions.after && !window.isTerminal)
          await run('xdotool', ['key', '--clearmodifiers', 'Right']);
        await run('xdotool', ['key', '--clearmodifiers', paste.keys]);
        if (!owner || owner.lost) {
          await sleep(pasteDelayMs);
          return { inserted: true, confirmed: false }; // nothing tells whether the window read it
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
        return { inserted: true, confirmed: outcome === 'read' };
      } finally {
        await sel.restore(snapshot);
        clipboardOwner?.stop();
        if (paste.selection === 'primary') {
          if (primaryBefore?.length) await sel.write('primary', primaryBefore);
          else await sel.clear('primary');
        }
        owner?.stop();
      }
    },
  };
  return { insert: (text, insertOptions) => options.lock.run(() => port.insert(text, insertOptions)) };
}

/**
 * The text as a paste offers it: UTF-8 under the names apps ask for, Latin-1 STRING when it fits, and the
 * hint that makes clipboard managers skip it.
 */
export function pasteOffers(text: string): SelectionOffer[] {
  const utf8 = Buffer.from(text, 'utf8');
  const latin1 = [...text].every((c) => c.charCodeAt(0) <= 0xff)
    ? [{ target: 'STRING', data: Buffer.from(text, 'latin1') }]
    : [];
  return [
    { target: 'UTF8_STRING', data: utf8 },
    { target: 'text/plain;charset=utf-8', data: utf8 },
    { target: 'text/plain', data: utf8 },
    { target: 'TEXT', data: utf8 },
    ...latin1,
    PASSWORD_MANAGER_HINT,
  ];
}
