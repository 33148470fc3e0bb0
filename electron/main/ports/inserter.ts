import { clipboard } from 'electron';
import type { DesktopText } from '../../core/i18n/desktop-text';
import type { FocusPort, TextInserterPort } from '../../core/platform';
import { clipboardLock } from '../../core/desktop/clipboard-lock';
import { restoreClipboard, snapshotClipboard, writeTransientText } from './clipboard';
import { keyCommand, type DesktopBackend, type X11Ports } from './desktop-backend';
import { ensureMacAccessibility } from './mac-accessibility';

const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * TextInserterPort: the X11 ports; elsewhere a paste transaction (snapshot, write, paste key, wait,
 * restore) after checking the focus is still on the target; where no key can be sent, the clipboard.
 */
export function createInserter(options: {
  backend: DesktopBackend;
  focus: FocusPort;
  x11: () => Promise<X11Ports | null>;
  keys: (key: 'paste' | 'collapse') => Promise<void>;
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
      return clipboardLock.run(() => paste(text, insertOptions));
    },
  };

  /**
   * Alone in the process (the clipboard lock): the focus check (after any wait for the lock) → snapshot
   * → the text, marked transient → the paste key → wait → restore.
   */
  async function paste(
    text: string,
    insertOptions: Parameters<TextInserterPort['insert']>[1],
  ): ReturnType<TextInserterPort['insert']> {
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
    await writeTransientText(text, backend);
    try {
      // insert after the selection: collapse it to its end first (not in a terminal: its selection is
      // not where its cursor is)
      if (insertOptions?.after && !(target ?? (await focus.current()))?.isTerminal) await keys('collapse');
      await keys('paste');
      await delay(settleMs); // the application reads the clipboard after the key arrives
      return { inserted: true, confirmed: false }; // the OS does not say whether it did
    } catch (error) {
      return { inserted: false, reason: error instanceof Error ? error.message : String(error) };
    } finally {
      // Only put the old content back if nothing else wrote the clipboard meanwhile.
      if ((await clipboard.readText()) === text) await restoreClipboard(snapshot);
    }
  }
}
