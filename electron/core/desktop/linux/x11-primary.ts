// Whether the X11 PRIMARY selection is the user's selection now, or text selected long ago elsewhere that
// X keeps until something else is selected (issue 15 §7.12). PRIMARY is used when its owner is the
// focused window's own X client (window ids of one client share the bits outside the server's
// resource-id mask: the app the user is in selected it), or when it changed within `freshMs` (XFixes
// tells our connection every change of owner, so "recently" is measured, not guessed). A change before
// the watch started is not known: until the watch is `freshMs` old such a PRIMARY still counts, as before.

import type { XFixes } from 'x11';
import type { X11Connection } from './x11-connection';

export type PrimaryVerdict = 'current' | 'stale';

export interface PrimaryWatch {
  /** Whether PRIMARY belongs to the selection of `focusedId` (an X window id, decimal). */
  judge(focusedId: string | null): Promise<PrimaryVerdict>;
}

export async function watchPrimary(
  conn: X11Connection,
  options: { freshMs: number; now?: () => number },
): Promise<PrimaryWatch> {
  const now = options.now ?? Date.now;
  const primary = await conn.atom('PRIMARY');
  const fixes = await new Promise<XFixes>((resolve, reject) =>
    conn.client.require('fixes', (error, ext) => (error ? reject(error) : resolve(ext))),
  );
  const started = now();
  let changedAt: number | null = null;
  conn.onEvent((event) => {
    // XFixes' SelectionNotify (not the core one: that has no subtype)
    if (event.subtype !== undefined && event.selection === primary && event.selectionTimestamp !== undefined)
      changedAt = now();
  });
  const mask = fixes.SelectionEventMask;
  fixes.SelectSelectionInput(
    conn.window,
    primary,
    mask.SetSelectionOwner | mask.SelectionWindowDestroy | mask.SelectionClientClose,
  );
  await conn.client.sync();
  const clientOf = (id: number) => id & ~conn.resourceMask;
  return {
    async judge(focusedId) {
      const owner = await new Promise<number>((resolve, reject) =>
        conn.client.GetSelectionOwner(primary, (error, id) => (error ? reject(error) : resolve(id))),
      );
      if (owner === 0) return 'stale';
      const focused = focusedId !== null && /^\d+$/.test(focusedId) ? Number(focusedId) : null;
      if (focused !== null && clientOf(owner) === clientOf(focused)) return 'current';
      const t = now();
      if (changedAt !== null) return t - changedAt <= options.freshMs ? 'current' : 'stale';
      return t - started <= options.freshMs ? 'current' : 'stale';
    },
  };
}
