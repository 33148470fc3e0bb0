// selection-hook: reads the selected text through UI Automation, Accessibility or AT-SPI. A native addon,
// loaded on first use; where it cannot load (e.g. its prebuilt binary needs a newer glibc) the selection
// port takes its other routes.
import type { CapturedSelection } from '../../core/platform';

/** The part of selection-hook's SelectionHook instance used here (passive mode: read on demand). */
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
    // Passive: no global mouse hooks or events, the selection is read when a hotkey asks for it.
    return hook.start({ selectionPassiveMode: true, enableClipboard: false, debug: false }) ? hook : null;
  } catch (error) {
    console.warn('[skilldeck] selection-hook is not available here:', error);
    return null;
  }
}
