import { clipboard } from 'electron';
import type { DesktopText } from '../../core/i18n/desktop-text';
import type { CapturedSelection, SelectionPort } from '../../core/platform';
import { restoreClipboard, snapshotClipboard } from './clipboard';
import { keyCommand, type DesktopBackend, type X11Ports } from './desktop-backend';
import { ensureMacAccessibility } from './mac-accessibility';
import type { WaylandPorts } from '../../core/desktop/wayland/wayland-ports';
import { captureMethodOf, type SelectionHookLike } from './selection-hook';

const NOTHING: CapturedSelection = { text: '', method: 'none' };

const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * SelectionPort: selection-hook first; then the X11 ports; else (macOS, Windows) the copy key with the
 * clipboard put back, never for a terminal.
 */
export function createSelectionPort(options: {
  backend: DesktopBackend;
  hook: () => Promise<SelectionHookLike | null>;
  x11: () => Promise<X11Ports | null>;
  /** Wayland: PRIMARY through wl-paste where data-control exists, else the copy key (wayland-ports.ts). */
  wayland?: WaylandPorts | null;
  keys: (key: 'copy') => Promise<void>;
  settleMs: number;
  text?: DesktopText;
}): SelectionPort {
  const { backend, hook, x11, wayland, keys, settleMs, text: t } = options;

  const fromHook = async (): Promise<CapturedSelection | null> => {
    const selection = (await hook())?.getCurrentSelection();
    return selection?.text ? { text: selection.text, method: captureMethodOf(selection.method) } : null;
  };

  /** Snapshot the clipboard, clear it, send the copy key, read what arrived, put everything back. */
  const copyKey = async (): Promise<CapturedSelection> => {
    const snapshot = await snapshotClipboard();
    clipboard.clear();
    try {
      await keys('copy');
      for (let waited = 0; waited < settleMs * 2; waited += 25) {
        const text = await clipboard.readText();
        if (text) return { text, method: 'copy' };
        await delay(25);
      }
      return NOTHING;
    } finally {
      await restoreClipboard(snapshot);
    }
  };

  return {
    async capture({ focus, copyFallback, rule }) {
      if (backend === 'unsupported') return NOTHING;
      if (backend === 'macos' && !ensureMacAccessibility(t)) return NOTHING;
      const keysAllowed = copyFallback && rule !== 'never' && rule !== 'accessibility' && rule !== 'primary';
      // the app's rule asks for the copy key first (an app whose accessibility answer is wrong or empty)
      if (rule === 'copy' && keysAllowed && !focus?.isTerminal && keyCommand(backend, 'copy') !== null) {
        const copied = await copyKey().catch(() => NOTHING);
        if (copied.text) return copied;
      }
      try {
        const direct = await fromHook();
        if (direct) return direct;
      } catch (error) {
        console.warn('[skilldeck] selection-hook failed:', error);
      }
      const ports = await x11();
      if (ports) return ports.selection.capture({ focus, copyFallback, ...(rule ? { rule } : {}) });
      if (wayland) return wayland.selection.capture({ focus, copyFallback: keysAllowed && rule !== 'copy' });
      if (!keysAllowed || rule === 'copy' || focus?.isTerminal || keyCommand(backend, 'copy') === null)
        return NOTHING;
      try {
        return await copyKey();
      } catch (error) {
        console.warn('[skilldeck] the copy-key fallback failed:', error);
        return NOTHING;
      }
    },
  };
}
