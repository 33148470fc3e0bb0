// selection-hook: reads the selected text through UI Automation, Accessibility or AT-SPI. A native addon,
// loaded on first use; where it cannot load (e.g. its prebuilt binary needs a newer glibc) the selection
// port takes its other routes.
import type { CapturedSelection } from '../../core/platform';

/**
 * The part of selection-hook's SelectionHook instance used here, in passive mode: the selection is read
 * on demand (getCurrentSelection) and no `text-selection` events are emitted.
 */
export interface SelectionHookLike {
  start(config?: { selectionPassiveMode?: boolean; enableClipboard?: boolean; debug?: boolean }): boolean;
  getCurrentSelection(): { text: string; method: number; programName: string } | null;
  cleanup(): void;
}

/** selection-hook's SelectionMethod numbers (index.d.ts). */
const HOOK_METHOD = { UIA: 1, ACCESSIBLE: 3, AXAPI: 11, ATSPI: 21, PRIMARY: 22, CLIPBOARD: 99 } as const;

export function captureMethodOf(hookMethod: number): CapturedSelection['method'] {
  if (hookMethod === HOOK_METHOD.PRIMARY) return 'primary';
  if (hookMethod === HOOK_METHOD.CLIPBOARD) return 'copy';
  return 'accessibility';
}

export async function loadSelectionHook(): Promise<SelectionHookLike | null> {
  try {
    const module = (await import('selection-hook')) as unknown as {
      default: new () => SelectionHookLike;
    };
    const hook = new module.default();
    // Passive mode only stops the `text-selection` events: start() still installs selection-hook's global
    // input monitoring (low-level mouse and keyboard hooks on Windows, listen-only event taps on macOS,
    // XRecord on X11, libevdev on Wayland — its src/*/selection_hook.*), which it also uses to read the
    // selection on demand. The selection itself is read only when a hotkey asks for it.
    return hook.start({ selectionPassiveMode: true, enableClipboard: false, debug: false }) ? hook : null;
  } catch (error) {
    console.warn('[skilldeck] selection-hook is not available here:', error);
    return null;
  }
}
