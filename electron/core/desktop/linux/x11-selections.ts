// Reading, writing, clearing, saving and restoring the X selections (CLIPBOARD, PRIMARY) with xclip, or
// xsel when xclip is missing. The ports in x11-capture.ts, x11-clipboard.ts and x11-paste.ts use it.
//
// Snapshot/restore limits (snapshot / restore): the text formats are saved (the plain text once,
// text/html, other text/* such as text/uri-list), raw bytes; images and other binary formats are not.
// xclip owns a selection with one target and answers every target with the same bytes, so only one format
// can be restored: the plain text when there was one (every app can paste it; a rich copy comes back as
// its plain text), else the html, else the first other text format. A clipboard that had no owner is
// cleared again (xsel --clear) or, without xsel, owned empty. Electron's clipboard module can restore
// several formats; this Node one cannot.

import { spawn as nodeSpawn } from 'node:child_process';
import { ownWatched, type WatchedOwner } from './x11-owner';
import { sleep, toolEnv, X11ToolError, type SpawnFn, type X11Runner } from './x11-tools';

export type Selection = 'clipboard' | 'primary';

export interface ClipboardSnapshot {
  /** The targets the owner offered: [] when the clipboard had no owner, null when unknown (xsel). */
  targets: string[] | null;
  /** The text formats, raw bytes; the plain text (if any) first. */
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
  /** Owns `selection` with `data` through an `xclip -verbose` that reports reads; null without xclip. */
  ownWatched(selection: Selection, data: Buffer): Promise<WatchedOwner | null>;
}

/** Plain-text targets, best first: one of them is read. */
const PLAIN_TARGETS = ['UTF8_STRING', 'text/plain;charset=utf-8', 'text/plain', 'STRING', 'TEXT'];

export function createSelections(run: X11Runner, options: SelectionsOptions): Selections {
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

  const watched = (selection: Selection, data: Buffer): Promise<WatchedOwner | null> => {
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
