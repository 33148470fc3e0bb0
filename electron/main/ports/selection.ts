import { clipboard } from 'electron';
import type { DesktopText } from '../../core/i18n/desktop-text';
import type { CapturedSelection, SelectionPort } from '../../core/platform';
import { clipboardLock } from '../../core/desktop/clipboard-lock';
import {
  copyKeyAllowed,
  macModifiers,
  modifierWaitCommand,
  MODIFIER_WAIT_MS,
  windowsModifiers,
  type Modifier,
} from '../../core/desktop/modifiers';
import { restoreClipboard, snapshotClipboard } from './clipboard';
import type { RunCommand } from './run-command';
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
  /** Runs the modifier wait's script (macOS, Windows). */
  run: RunCommand;
  settleMs: number;
  text?: DesktopText;
}): SelectionPort {
  const { backend, hook, x11, wayland, keys, settleMs, text: t } = options;

  /** Waits until the hotkey's modifiers are up (or the limit); what is still held, null if unknown. */
  const heldAfterWait = async (): Promise<Modifier[] | null> => {
    if (backend !== 'macos' && backend !== 'windows') return null;
    const command = modifierWaitCommand(backend);
    try {
      const out = await options.run(command.file, command.args, MODIFIER_WAIT_MS + 4000);
      return backend === 'macos' ? macModifiers(out) : windowsModifiers(out);
    } catch (error) {
      console.warn('[skilldeck] could not read the modifier keys:', error);
      return null;
    }
  };

  const fromHook = async (): Promise<CapturedSelection | null> => {
    const selection = (await hook())?.getCurrentSelection();
    return selection?.text ? { text: selection.text, method: captureMethodOf(selection.method) } : null;
  };

  /** Snapshot the clipboard, clear it, send the copy key, read what arrived, put everything back. */
  const copyKey = async (): Promise<CapturedSelection> => {
    // ⌘C / Ctrl+C under a still-held hotkey modifier is another shortcut: send nothing then
    if (!copyKeyAllowed(await heldAfterWait())) return NOTHING;
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
        return await clipboardLock.run(copyKey);
      } catch (error) {
        console.warn('[skilldeck] the copy-key fallback failed:', error);
        return NOTHING;
      }
    },
  };
}
