import { clipboard } from 'electron';
import type { DesktopText } from '../../core/i18n/desktop-text';
import type { FocusPort, TextInserterPort } from '../../core/platform';
import { restoreClipboard, snapshotClipboard } from './clipboard';
import { keyCommand, type DesktopBackend, type X11Ports } from './desktop-backend';
import type { ReturnFocus } from './focus-return';
import { HelperRefusal } from './windows/helper-client';
import type { WaylandPorts } from '../../core/desktop/wayland/wayland-ports';
import { ensureMacAccessibility } from './mac-accessibility';

/** Why nothing was pasted into an elevated window (Windows). */
export const ADMINISTRATOR_WINDOW =
  'could not insert into an administrator window (Windows lets only apps running as administrator type there) — kept in the card';

const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * TextInserterPort: the X11 ports; elsewhere a paste transaction (snapshot, write, paste key, wait,
 * restore) after checking the focus is still on the target; where no key can be sent, the clipboard.
 */
export function createInserter(options: {
  backend: DesktopBackend;
  focus: FocusPort;
  x11: () => Promise<X11Ports | null>;
  /** Wayland: wl-copy, checked with wl-paste, then wtype / ydotool (wayland-ports.ts). */
  wayland?: WaylandPorts | null;
  keys: (key: 'paste' | 'collapse') => Promise<void>;
  settleMs: number;
  text?: DesktopText;
  /** macOS: gives the focus back to the target first when Skilldeck has it (the command bar, a click). */
  returnFocus?: ReturnFocus | undefined;
}): TextInserterPort {
  const { backend, focus, x11, wayland, keys, settleMs, text: t, returnFocus } = options;
  return {
    async insert(text, insertOptions) {
      const ports = await x11();
      if (ports) return ports.inserter.insert(text, insertOptions);
      if (wayland) return wayland.inserter.insert(text, insertOptions);
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
      const snapshot = await snapshotClipboard();
      await clipboard.writeText(text);
      try {
        // insert after the selection: collapse it to its end first (not in a terminal: its selection is
        // not where its cursor is)
        if (insertOptions?.after && !(target ?? (await focus.current()))?.isTerminal) await keys('collapse');
        await keys('paste');
        await delay(settleMs); // the application reads the clipboard after the key arrives
        return { inserted: true };
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
    },
  };
}
