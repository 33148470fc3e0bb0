import { clipboard } from 'electron';
import type { DesktopText } from '../../core/i18n/desktop-text';
import type { FocusPort, InsertOptions, InsertResult, TextInserterPort } from '../../core/platform';
import { clipboardLock } from '../../core/desktop/clipboard-lock';
import { restoreClipboard, snapshotClipboard, writeTransientText } from './clipboard';
import { keyCommand, type DesktopBackend, type X11Ports } from './desktop-backend';
import type { ReturnFocus } from './focus-return';
import { HelperRefusal } from './windows/helper-client';
import type { WaylandPorts } from '../../core/desktop/wayland/wayland-ports';
import { ensureMacAccessibility } from './mac-accessibility';
import { restorePlan } from '../../core/apps/restore-plan';
import { pasteKeyCommand } from './paste-keys';
import { typedLinesRefused } from '../../core/desktop/typed-lines';
import type { RunCommand } from './run-command';

/** Why nothing was pasted into an elevated window (Windows). */
export const ADMINISTRATOR_WINDOW =
  'could not insert into an administrator window (Windows lets only apps running as administrator type there) — kept in the card';

const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * TextInserterPort: the X11 ports; elsewhere a paste transaction (snapshot, write, paste key, wait,
 * restore) after checking the focus is still on the target; where no key can be sent, the clipboard.
 * The app rule's paste key (`pasteKey`) is sent instead of the platform's; `type` types the text out.
 */
export function createInserter(options: {
  backend: DesktopBackend;
  focus: FocusPort;
  x11: () => Promise<X11Ports | null>;
  /** Wayland: wl-copy, checked with wl-paste, then wtype / ydotool (wayland-ports.ts). */
  wayland?: WaylandPorts | null;
  keys: (key: 'paste' | 'collapse') => Promise<void>;
  /** Sends an app rule's paste key (paste-keys.ts). */
  run: RunCommand;
  /** The wait before restoring when no app rule says (ms; default: restore-plan.ts's per platform). */
  restoreDelayMs?: number;
  text?: DesktopText;
  /** macOS: gives the focus back to the target first when Skilldeck has it (the command bar, a click). */
  returnFocus?: ReturnFocus | undefined;
}): TextInserterPort {
  const { backend, focus, x11, wayland, keys, text: t, returnFocus } = options;
  /** The app rule's paste key, or the platform's paste key. */
  const paste = async (text: string, pasteKey: Parameters<typeof pasteKeyCommand>[1] | undefined) => {
    const command = pasteKey && pasteKeyCommand(backend, pasteKey, text);
    if (command) await options.run(command.file, command.args, 10_000 + text.length * 20);
    else await keys('paste');
  };
  return {
    async insert(text, insertOptions) {
      const ports = await x11();
      if (ports) return ports.inserter.insert(text, insertOptions);
      if (wayland) return clipboardLock.run(() => wayland.inserter.insert(text, insertOptions));
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
      return clipboardLock.run(() => transaction(text, insertOptions));
    },
  };

  /**
   * Alone in the process (the clipboard lock): the focus check (after any wait for the lock) → snapshot
   * → the text, marked transient → the paste key → wait → restore.
   */
  async function transaction(text: string, insertOptions: InsertOptions | undefined): Promise<InsertResult> {
    const target = insertOptions?.target;
    // without a target (the user pasted from a card) the focus still goes back if Skilldeck has it
    const now = returnFocus ? await returnFocus(target) : target ? await focus.current() : null;
    if (target) {
      if (now && now.id !== target.id)
        return {
          inserted: false,
          keepInCard: true,
          reason: `the focus moved from ${target.app || 'the window'} to ${now.app || 'another window'} — kept in the card`,
        };
    }
    if (backend === 'macos' && !ensureMacAccessibility(t))
      return { inserted: false, reason: 'Skilldeck is not allowed to send keys (Accessibility)' };
    const after = insertOptions?.after && !(target ?? (await focus.current()))?.isTerminal;
    if (insertOptions?.pasteKey === 'type') {
      // typed out: the clipboard is not touched; never several lines into a terminal (each would run)
      const window = target ?? (await focus.current());
      if (window?.isTerminal && /[\r\n]/.test(text)) return typedLinesRefused(window);
      try {
        if (after) await keys('collapse');
        await paste(text, 'type');
        return { inserted: true };
      } catch (error) {
        return { inserted: false, reason: error instanceof Error ? error.message : String(error) };
      }
    }
    // Electron cannot see the target read the clipboard (no lazy data providers): wait the app
    // rule's delay, else the platform's default (restore-plan.ts)
    const plan = restorePlan({
      platform: backend === 'macos' || backend === 'windows' ? backend : 'wayland',
      readsReported: false,
      ruleDelayMs: insertOptions?.restoreDelayMs ?? options.restoreDelayMs,
    });
    const snapshot = await snapshotClipboard();
    await writeTransientText(text, backend);
    try {
      // insert after the selection: collapse it to its end first (not in a terminal: its selection is
      // not where its cursor is)
      if (after) await keys('collapse');
      await paste(text, insertOptions?.pasteKey);
      if (plan.kind === 'after-delay') await delay(plan.delayMs); // the app reads after the key arrives
      return { inserted: true, confirmed: false }; // the OS does not say whether it did
    } catch (error) {
      // Windows drops keys sent to a window of higher integrity (UIPI) without a word: the helper
      // checks first, and the result stays in the card instead of being reported as inserted
      if (error instanceof HelperRefusal && error.code === 'elevated')
        return { inserted: false, keepInCard: true, reason: ADMINISTRATOR_WINDOW };
      return { inserted: false, reason: error instanceof Error ? error.message : String(error) };
    } finally {
      // Only put the old content back if nothing else wrote the clipboard meanwhile.
      if ((await clipboard.readText()) === text) await restoreClipboard(snapshot);
    }
  }
}
