// macOS gives the keyboard to the active application, and Skilldeck becomes it when its command bar takes
// the keyboard (or the user clicks its dashboard): a paste after that would go to Skilldeck, and the
// focus check refuses it. Before pasting, and when the bar closes, the focus is given back to the window
// the run started from, and the paste waits until macOS says that application is frontmost again.
import type { FocusedWindow, FocusPort } from '../../core/platform';

export interface FocusReturnDeps {
  focus: FocusPort;
  /** Whether a window is one of Skilldeck's own (macOS: the frontmost process is this one). */
  isOurs(window: FocusedWindow): boolean;
  /** Brings the target's application forward; resolves false when it could not. */
  activate(target: FocusedWindow): Promise<boolean>;
  /** Hides Skilldeck (macOS then activates the application used before it): when there is no target. */
  hideApp(): void;
  /** How long to wait for the target to be frontmost (ms, default 1500). */
  timeoutMs?: number;
  /** How often the focus is read meanwhile (ms, default 50). */
  intervalMs?: number;
}

/** Gives the focus back; resolves the window focused at the end (null when none could be read). */
export type ReturnFocus = (target?: FocusedWindow | null) => Promise<FocusedWindow | null>;

const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export function createFocusReturn(deps: FocusReturnDeps): ReturnFocus {
  const timeoutMs = deps.timeoutMs ?? 1500;
  const intervalMs = deps.intervalMs ?? 50;
  return async (target) => {
    let now = await deps.focus.current();
    // Nothing to give back: another application has the focus (the user's, or one they moved to).
    if (!now || !deps.isOurs(now)) return now;
    const wanted = target && !deps.isOurs(target) ? target : null;
    if (!wanted || !(await deps.activate(wanted).catch(() => false))) deps.hideApp();
    const arrived = (w: FocusedWindow | null) =>
      w !== null && (wanted ? w.id === wanted.id : !deps.isOurs(w));
    const deadline = Date.now() + timeoutMs;
    while (!arrived(now) && Date.now() < deadline) {
      await delay(intervalMs);
      now = await deps.focus.current();
    }
    return now;
  };
}

/** AppleScript that brings the application with this process id forward (System Events). */
export function macActivateScript(pid: number): string {
  return `tell application "System Events" to set frontmost of (first application process whose unix id is ${pid}) to true`;
}

/** The process id in a macOS focus id (`pid:123`), else null. */
export function macPidOf(window: FocusedWindow): number | null {
  const match = /^pid:(\d+)$/.exec(window.id);
  return match ? Number(match[1]) : null;
}
