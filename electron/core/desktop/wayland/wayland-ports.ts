// The desktop ports on Wayland, for Node (the headless host with --desktop) and Electron's main process:
//   selection.capture()  PRIMARY through `wl-paste --primary` where the compositor has data-control
//                        (wlroots, KDE); else the copy key with the clipboard put back (GNOME)
//   clipboard            wl-copy / wl-paste
//   inserter.insert()    snapshot → wl-copy → verify with wl-paste (a compositor drops writes from an
//                        unfocused client while Chromium's readText answers from its cache, issue 15
//                        §7.11) → the paste key (wtype / ydotool) → wait → restore
// No client may ask which window has the focus on Wayland: there is no focus port, and no focus check
// before a paste (the desktop check says so).
import type { CompositorFamily } from '../../../../shared/types/desktop-check';
import type { CapturedSelection, ClipboardPort, SelectionPort, TextInserterPort } from '../../platform';
import {
  TEXT_TYPE,
  typeToKeep,
  waylandCapture,
  waylandKeyCommand,
  waylandPasteCommand,
  wlClear,
  wlCopy,
  wlListTypes,
  wlPasteText,
  wlPasteType,
  type WaylandKey,
} from './wayland-plan';
import { typedLinesRefused } from '../typed-lines';
import { isEmptySelection, type WaylandRunner } from './wl-tools';

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export interface WaylandPortsOptions {
  compositor: CompositorFamily | null;
  run: WaylandRunner;
  has: (program: string) => boolean;
  /** After the paste key, before the clipboard is put back (ms, default 300: no read can be watched). */
  pasteDelayMs?: number;
  /** The copy-key fallback polls the clipboard this long (ms, default 400). */
  copyTimeoutMs?: number;
}

export interface WaylandPorts {
  selection: SelectionPort;
  clipboard: ClipboardPort;
  inserter: TextInserterPort;
  /** Sends a key to the focused window; throws when no key tool is installed. */
  key(key: WaylandKey): Promise<void>;
}

export interface WaylandSnapshot {
  type: string;
  data: Buffer;
}

export function createWaylandPorts(options: WaylandPortsOptions): WaylandPorts {
  const { run, has } = options;
  const pasteDelayMs = options.pasteDelayMs ?? 300;
  const copyTimeoutMs = options.copyTimeoutMs ?? 400;

  const read = async (command = wlPasteText): Promise<Buffer | null> => {
    try {
      return await run(command);
    } catch (error) {
      if (isEmptySelection(error)) return null;
      throw error;
    }
  };
  const readText = async () => (await read())?.toString('utf8') ?? '';

  const snapshot = async (): Promise<WaylandSnapshot | null> => {
    const types = (await read(wlListTypes))?.toString('utf8').split('\n').filter(Boolean) ?? [];
    const type = typeToKeep(types);
    if (type === null) return null;
    const data = await read(wlPasteType(type));
    return data === null ? null : { type, data };
  };
  const restore = async (saved: WaylandSnapshot | null) => {
    if (saved) await run(wlCopy(saved.type), { input: saved.data });
    else await run(wlClear);
  };

  /** wl-copy, then read it back: the compositor may have dropped the write. Three tries. */
  const writeVerified = async (text: string): Promise<boolean> => {
    for (let attempt = 0; attempt < 3; attempt += 1) {
      await run(wlCopy(TEXT_TYPE), { input: text });
      if ((await readText()) === text) return true;
      await sleep(30 * (attempt + 1));
    }
    return false;
  };

  const key = async (which: WaylandKey) => {
    const command = waylandKeyCommand(which, has);
    if (!command) throw new Error('sending keys on Wayland needs wtype or ydotool (install one)');
    await run(command, { timeoutMs: 5000 });
  };

  const copyKey = async (): Promise<CapturedSelection> => {
    const saved = await snapshot();
    await run(wlClear);
    try {
      await key('copy');
      for (let waited = 0; ; waited += 25) {
        const text = await readText();
        if (text) return { text, method: 'copy' };
        if (waited >= copyTimeoutMs) return { text: '', method: 'none' };
        await sleep(25);
      }
    } finally {
      await restore(saved);
    }
  };

  return {
    key,
    clipboard: { readText, writeText: async (text) => void (await run(wlCopy(TEXT_TYPE), { input: text })) },
    selection: {
      async capture({ focus, copyFallback }) {
        const plan = waylandCapture(options.compositor, has);
        if (plan.method === 'primary') {
          const primary = (await read(plan.command))?.toString('utf8') ?? '';
          if (primary !== '') return { text: primary, method: 'primary' };
        }
        if (!copyFallback || focus?.isTerminal || waylandKeyCommand('copy', has) === null)
          return { text: '', method: 'none' };
        if (plan.method === 'copy' && plan.why === 'no-wl-clipboard') return { text: '', method: 'none' };
        return copyKey();
      },
    },
    inserter: {
      async insert(text, insertOptions = {}) {
        if (waylandKeyCommand('paste', has) === null) {
          await run(wlCopy(TEXT_TYPE), { input: text });
          return {
            inserted: false,
            reason: 'pasting needs wtype or ydotool on Wayland (install one); the text is on the clipboard',
          };
        }
        const rule = insertOptions.pasteKey;
        if (rule === 'type') {
          // typed out: the clipboard is not touched; never several lines into a terminal (each would run)
          if (insertOptions.target?.isTerminal && /[\r\n]/.test(text))
            return typedLinesRefused(insertOptions.target);
          const command = waylandPasteCommand('type', has)!;
          try {
            if (insertOptions.after && !insertOptions.target?.isTerminal) await key('collapse');
            await run(command, { input: text, timeoutMs: 10_000 + text.length * 20 });
            return { inserted: true };
          } catch (error) {
            return { inserted: false, reason: error instanceof Error ? error.message : String(error) };
          }
        }
        const saved = await snapshot();
        try {
          if (!(await writeVerified(text)))
            return {
              inserted: false,
              keepInCard: true,
              reason:
                'the compositor did not take the clipboard write (checked with wl-paste) — kept in the card',
            };
          if (insertOptions.after && !insertOptions.target?.isTerminal) await key('collapse');
          const ruleKey = rule && rule !== 'ctrl+v' ? waylandPasteCommand(rule, has) : null;
          if (ruleKey) await run(ruleKey, { timeoutMs: 5000 });
          else await key('paste');
          // the application reads the clipboard after the key arrives; nothing says when
          await sleep(insertOptions.restoreDelayMs ?? pasteDelayMs);
          return { inserted: true, confirmed: false };
        } catch (error) {
          return {
            inserted: false,
            keepInCard: true,
            reason: error instanceof Error ? error.message : String(error),
          };
        } finally {
          // Put the old content back only if nothing else wrote the clipboard meanwhile.
          if ((await readText().catch(() => '')) === text) await restore(saved).catch(() => undefined);
        }
      },
    },
  };
}
