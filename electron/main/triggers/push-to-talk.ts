// Press-or-hold for a voice key. A global shortcut reports presses only, never releases, so holding is
// seen through the OS's key repeat: a second press soon after the first (the repeat's delay) and more
// every few tens of ms mean the key is held, and when they stop the key was let go — the recording stops.
// A press after a pause is the user pressing again: that stops it too. Where the OS does not repeat a
// held global shortcut (macOS), holding simply records until the next press.

export interface PushToTalkOptions {
  /** A second press this soon after the start is the key repeating (OS repeat delays are 250–660 ms). */
  firstRepeatMs?: number;
  /** A held key is let go when no repeat came for this long (repeats come every 30–50 ms). */
  releaseAfterMs?: number;
  now?: () => number;
  setTimer?: (fn: () => void, ms: number) => unknown;
  clearTimer?: (timer: unknown) => void;
}

export interface PushToTalk {
  /** The key was pressed (or repeated). */
  press(): void;
  /** The recording ended some other way (Esc, an error, the window closed): back to idle. */
  reset(): void;
  readonly recording: boolean;
  readonly held: boolean;
}

export function createPushToTalk(
  actions: { start(): void; stop(): void },
  options: PushToTalkOptions = {},
): PushToTalk {
  const firstRepeatMs = options.firstRepeatMs ?? 800;
  const releaseAfterMs = options.releaseAfterMs ?? 300;
  const now = options.now ?? Date.now;
  const setTimer = options.setTimer ?? ((fn, ms) => setTimeout(fn, ms));
  const clearTimer = options.clearTimer ?? ((t) => clearTimeout(t as ReturnType<typeof setTimeout>));
  let state: { startedAt: number; held: boolean } | null = null;
  let release: unknown = null;

  const disarm = () => {
    if (release !== null) clearTimer(release);
    release = null;
  };
  const stop = () => {
    disarm();
    state = null;
    actions.stop();
  };

  return {
    press() {
      if (!state) {
        state = { startedAt: now(), held: false };
        actions.start();
        return;
      }
      if (state.held || now() - state.startedAt <= firstRepeatMs) {
        // the key repeating: held down; let go when the repeats stop
        state.held = true;
        disarm();
        release = setTimer(stop, releaseAfterMs);
        return;
      }
      stop();
    },
    reset() {
      disarm();
      state = null;
    },
    get recording() {
      return state !== null;
    },
    get held() {
      return state?.held ?? false;
    },
  };
}
