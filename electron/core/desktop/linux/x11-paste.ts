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
// (xsel only, or a clipboard manager took the selection over) it waits `pasteDelayMs` instead — or the
// app rule's restore delay (apps/restore-plan.ts decides). An app rule's paste key (`options.pasteKey`)
// replaces the choice above: Shift+Insert offers the text as PRIMARY and CLIPBOARD, both watched (xterm,
// urxvt, kitty read PRIMARY; GTK and Qt apps CLIPBOARD); `type` types it out with `xdotool type` and
// leaves the clipboard alone (nothing to restore, and no read to see: typed is inserted).

import type { FocusedWindow, InsertResult, PasteKeyName, TextInserterPort } from '../../platform';
import { restorePlan } from '../../apps/restore-plan';
import { typedLinesRefused } from '../typed-lines';
import type { ClipboardLock } from '../clipboard-lock';
import type { X11Focus } from './x11-focus';
import type { WatchedOwner } from './x11-owner';
import type { Selections } from './x11-selections';
import { PASSWORD_MANAGER_HINT, type SelectionOffer } from './x11-targets-owner';
import { sleep, type X11Runner } from './x11-tools';

export interface PasteKey {
  /** An xdotool key sequence, e.g. `ctrl+v`. */
  keys: string;
  /** The selection that key pastes (Shift+Insert: PRIMARY in xterm-like apps, CLIPBOARD elsewhere). */
  selection: 'clipboard' | 'primary';
  /** The rule's name of this key (absent: the port's own choice). */
  name?: PasteKeyName;
}

/** A rule's paste key as xdotool sends it (`type` is not a key: see typeOut). */
export function pasteKeyOf(name: Exclude<PasteKeyName, 'type'>): PasteKey {
  if (name === 'shift+insert') return { keys: 'shift+Insert', selection: 'primary', name };
  return { keys: name, selection: 'clipboard', name };
}

/** The name of the key the port chose itself. */
function nameOf(paste: PasteKey): PasteKeyName {
  return paste.name ?? (paste.keys === 'shift+Insert' ? 'shift+insert' : (paste.keys as PasteKeyName));
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

  /** Types the text out (no clipboard): `xdotool type` reads it from stdin, so any text is safe. */
  const typeOut = async (text: string): Promise<InsertResult> => {
    await run('xdotool', ['type', '--clearmodifiers', '--delay', '4', '--file', '-'], {
      input: text,
      timeoutMs: 10_000 + text.length * 20,
    });
    return { inserted: true };
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
      if (insertOptions.pasteKey === 'type') {
        // each typed line break is Return: in a terminal, every line but the last would run
        if (window.isTerminal && /[\r\n]/.test(text)) return typedLinesRefused(window);
        if (target) {
          const now = await focus.port.current();
          if (!now || now.id !== target.id) return focusMoved(now);
        }
        if (insertOptions.after && !window.isTerminal)
          await run('xdotool', ['key', '--clearmodifiers', 'Right']);
        return typeOut(text);
      }
      const paste = insertOptions.pasteKey
        ? pasteKeyOf(insertOptions.pasteKey)
        : pasteKeyFor(window, focus.instanceOf(window.id));
      const offers = pasteOffers(text);
      const snapshot = await sel.snapshot();
      const primaryBefore = paste.selection === 'primary' ? await sel.read('primary') : null;
      let owner: WatchedOwner | null = null;
      let alsoClipboard: WatchedOwner | null = null;
      try {
        owner = await sel.ownWatched(paste.selection, offers);
        // Shift+Insert: xterm-like apps read PRIMARY, GTK and Qt apps CLIPBOARD — both offered, both watched
        if (paste.selection === 'primary') alsoClipboard = await sel.ownWatched('clipboard', offers);
        if (target) {
          const now = await focus.port.current();
          if (!now || now.id !== target.id) return focusMoved(now);
        }
        // the apps that follow the clipboard have read its new TARGETS (Chromium pastes from that list)
        await owner?.quiet?.(QUIET_MS, 300);
        const readsBefore = owner?.reads ?? 0;
        const clipboardReadsBefore = alsoClipboard?.reads ?? 0;
        // insert after the selection: Right collapses it to its end, where the paste then goes (not in a
        // terminal, whose selection is not where its cursor is)
        if (insertOptions.after && !window.isTerminal)
          await run('xdotool', ['key', '--clearmodifiers', 'Right']);
        await run('xdotool', ['key', '--clearmodifiers', paste.keys]);
        const plan = (readsReported: boolean) =>
          restorePlan({
            platform: 'x11',
            readsReported,
            ruleDelayMs: insertOptions.restoreDelayMs,
            defaults: { delayMs: pasteDelayMs, timeoutMs: pasteTimeoutMs },
          });
        const blind = plan(false);
        if (!owner || owner.lost) {
          if (blind.kind === 'after-delay') await sleep(blind.delayMs);
          return { inserted: true, confirmed: false }; // nothing tells whether the window read it
        }
        const watch = plan(true);
        const timeoutMs = watch.kind === 'after-read' ? watch.timeoutMs : pasteTimeoutMs;
        const outcome = await firstRead(
          [[owner, readsBefore], ...(alsoClipboard ? [[alsoClipboard, clipboardReadsBefore] as const] : [])],
          timeoutMs,
        );
        if (outcome === 'lost' && blind.kind === 'after-delay') await sleep(blind.delayMs);
        if (outcome === 'timeout') {
          return {
            inserted: false,
            keepInCard: true,
            reason: `"${window.title || window.app}" did not take the text (${paste.keys}) — kept in the card`,
            notTaken: { app: window.app, pasteKey: nameOf(paste) },
          };
        }
        return { inserted: true, confirmed: outcome === 'read' };
      } finally {
        await sel.restore(snapshot);
        if (paste.selection === 'primary') {
          if (primaryBefore?.length) await sel.write('primary', primaryBefore);
          else await sel.clear('primary');
        }
        owner?.stop();
        alsoClipboard?.stop();
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

function focusMoved(now: FocusedWindow | null): InsertResult {
  return {
    inserted: false,
    keepInCard: true,
    reason: now
      ? `the focused window changed (now "${now.title || now.app}") — kept in the card`
      : 'no window has the keyboard focus any more — kept in the card',
  };
}

/** The first watched selection read (then quiet for SETTLE_MS); else lost when any was lost; else timeout. */
function firstRead(
  watched: readonly (readonly [WatchedOwner, number])[],
  timeoutMs: number,
): Promise<'read' | 'lost' | 'timeout'> {
  return new Promise((resolve) => {
    let pending = watched.length;
    let lost = false;
    for (const [owner, since] of watched) {
      void owner.waitForReads(since, timeoutMs, SETTLE_MS).then((outcome) => {
        if (outcome === 'read') resolve('read');
        lost ||= outcome === 'lost';
        if (--pending === 0) resolve(lost ? 'lost' : 'timeout');
      });
    }
  });
}
