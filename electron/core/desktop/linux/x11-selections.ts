// Reading, writing, clearing, saving and restoring the X selections (CLIPBOARD, PRIMARY): reads with xclip
// (xsel when xclip is missing), plain writes with xclip/xsel, and the selections Skilldeck owns for a
// transaction on its own X connection (x11-targets-owner.ts), which serves several targets at once.
//
// Snapshot/restore: every target the owner offers is read (TARGETS, then each target's bytes — text,
// text/html, image/png, text/uri-list, an app's private formats), except the protocol's own (TARGETS,
// TIMESTAMP, MULTIPLE…), and restore offers them all again byte for byte from our connection. A clipboard
// that had no owner is cleared again (xsel --clear, else owned empty). When our connection cannot open
// (no `x11` package, an X server refusing it), xclip puts back one format: the plain text, else the html.

import { spawn as nodeSpawn } from 'node:child_process';
import { x11Connection } from './x11-connection';
import { ownWatched, type WatchedOwner } from './x11-owner';
import { ownTargets, type SelectionOffer } from './x11-targets-owner';
import { sleep, toolEnv, X11ToolError, type SpawnFn, type X11Runner } from './x11-tools';

export type Selection = 'clipboard' | 'primary';

export interface ClipboardSnapshot {
  /** The targets the owner offered: [] when the clipboard had no owner, null when unknown (xsel). */
  targets: string[] | null;
  /** Every format, raw bytes; the plain text (if any) first. */
  saved: { target: string; data: Buffer }[];
}

export interface SelectionsOptions {
  /** The X display (`:99`); default the process's DISPLAY. */
  display?: string;
  spawn?: SpawnFn;
  /** Give up on one command after this long (ms, default 3000). */
  timeoutMs?: number;
}

export interface Selections {
  read(selection: Selection, target?: string): Promise<Buffer | null>;
  write(selection: Selection, data: Buffer, target?: string): Promise<void>;
  clear(selection: Selection): Promise<void>;
  snapshot(): Promise<ClipboardSnapshot>;
  restore(snapshot: ClipboardSnapshot): Promise<void>;
  /**
   * Owns `selection` with `offers` (the first is the main text) and reports the reads: our X connection,
   * else an `xclip -verbose` with the first offer only; null when neither can watch.
   */
  ownWatched(selection: Selection, offers: readonly SelectionOffer[]): Promise<WatchedOwner | null>;
}

/** Plain-text targets, best first. */
const PLAIN_TARGETS = ['UTF8_STRING', 'text/plain;charset=utf-8', 'text/plain', 'STRING', 'TEXT'];

/** The selection protocol's own targets: answered by every owner, never content. */
const PROTOCOL_TARGETS = new Set([
  'TARGETS',
  'TIMESTAMP',
  'MULTIPLE',
  'SAVE_TARGETS',
  'DELETE',
  'INSERT_SELECTION',
  'INSERT_PROPERTY',
  'LENGTH',
]);

/** The most a snapshot keeps (all formats together); past it the larger formats are left out. */
const SNAPSHOT_LIMIT = 64 * 1024 * 1024;

export function createSelections(run: X11Runner, options: SelectionsOptions): Selections {
  let xclipMissing = false;
  let xselMissing = false;
  const env = toolEnv(options.display);
  const spawn = options.spawn ?? nodeSpawn;
  // our own X connection, unless the caller spawns the tools itself (tests of the xclip route)
  const connection = async () => {
    if (options.spawn || !env.DISPLAY) return null;
    try {
      const conn = await x11Connection(env.DISPLAY);
      return conn.closed ? null : conn;
    } catch {
      return null;
    }
  };

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
    const content = [...new Set(targets.filter((t) => !PROTOCOL_TARGETS.has(t)))];
    const plain = PLAIN_TARGETS.filter((t) => content.includes(t));
    const wanted = [...plain, ...content.filter((t) => !PLAIN_TARGETS.includes(t))];
    // An owner that does not answer TARGETS (old apps) may still have text.
    if (targets.length === 0) wanted.push('UTF8_STRING');
    const saved: { target: string; data: Buffer }[] = [];
    let total = 0;
    // one at a time: an owner (a big image) is not asked for every format at once
    for (const target of wanted) {
      const data = await read('clipboard', target).catch(() => null);
      if (data === null || data.length === 0 || total + data.length > SNAPSHOT_LIMIT) continue;
      total += data.length;
      saved.push({ target, data });
    }
    return { targets, saved };
  };

  const xselSnapshot = async (): Promise<ClipboardSnapshot> => {
    const data = await read('clipboard');
    return { targets: null, saved: data?.length ? [{ target: 'UTF8_STRING', data }] : [] };
  };

  const restore = async (snap: ClipboardSnapshot) => {
    if (snap.saved.length > 0) {
      const conn = await connection();
      if (conn) {
        await ownTargets(conn, 'clipboard', snap.saved);
        return;
      }
    }
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

  const watched = async (
    selection: Selection,
    offers: readonly SelectionOffer[],
  ): Promise<WatchedOwner | null> => {
    const conn = await connection();
    if (conn) return ownTargets(conn, selection, offers);
    const data = offers[0]?.data ?? Buffer.alloc(0);
    if (xclipMissing) return write(selection, data).then(() => null);
    return ownWatched({
      spawn,
      env,
      selection,
      data,
      timeoutMs: options.timeoutMs ?? 3000,
      whenNotInstalled: () => {
        xclipMissing = true;
        return write(selection, data).then(() => null);
      },
    });
  };

  return { read, write, clear, snapshot, restore, ownWatched: watched };
}

/** A read of a selection nobody owns (or without that target) exits 1: that is "empty", not an error. */
function emptyWhenUnowned(error: unknown): null {
  if (error instanceof X11ToolError && error.code === 'failed') return null;
  throw error;
}
