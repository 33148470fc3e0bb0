import { describe, expect, it, vi } from 'vitest';
import type { FocusedWindow } from '../../core/platform';
import { createFocusReturn, macActivateScript, macPidOf } from './focus-return';

const skilldeck: FocusedWindow = { id: 'pid:100', app: 'Skilldeck', title: '', isTerminal: false };
const editor: FocusedWindow = { id: 'pid:7', app: 'TextEdit', title: 'notes', isTerminal: false };
const mail: FocusedWindow = { id: 'pid:8', app: 'Mail', title: '', isTerminal: false };

/** A desktop whose frontmost window is `front`; activating or hiding changes it after `lag` reads. */
function desktop(front: FocusedWindow | null, lag = 2) {
  const state = { front, reads: 0, next: null as FocusedWindow | null, after: 0 };
  const becomes = (window: FocusedWindow) => {
    state.next = window;
    state.after = state.reads + lag;
  };
  return {
    state,
    focus: {
      current: () => {
        state.reads++;
        if (state.next && state.reads > state.after) state.front = state.next;
        return Promise.resolve(state.front);
      },
    },
    isOurs: (window: FocusedWindow) => window.id === skilldeck.id,
    activate: vi.fn((target: FocusedWindow) => {
      becomes(target);
      return Promise.resolve(true);
    }),
    hideApp: vi.fn(() => becomes(editor)), // macOS activates the application used before
    intervalMs: 1,
    becomes,
  };
}

describe('giving the keyboard back (macOS)', () => {
  it('does nothing when another application already has it', async () => {
    const d = desktop(mail);
    expect(await createFocusReturn(d)(editor)).toBe(mail);
    expect(d.activate).not.toHaveBeenCalled();
    expect(d.hideApp).not.toHaveBeenCalled();
    expect(d.state.reads).toBe(1);
  });

  it('when Skilldeck has it, brings the target forward and waits until macOS says it is frontmost', async () => {
    const d = desktop(skilldeck, 3);
    expect(await createFocusReturn(d)(editor)).toBe(editor);
    expect(d.activate).toHaveBeenCalledWith(editor);
    expect(d.hideApp).not.toHaveBeenCalled(); // pinned cards and the dashboard stay where they are
    expect(d.state.reads).toBeGreaterThan(3);
  });

  it('hides Skilldeck when the target cannot be activated, or there is none', async () => {
    const failing = desktop(skilldeck);
    failing.activate.mockImplementation(() => Promise.reject(new Error('osascript failed')));
    expect(await createFocusReturn(failing)(editor)).toBe(editor);
    expect(failing.hideApp).toHaveBeenCalledTimes(1);

    const none = desktop(skilldeck);
    expect(await createFocusReturn(none)(null)).toBe(editor); // whoever comes forward, not Skilldeck
    expect(none.activate).not.toHaveBeenCalled();
    expect(none.hideApp).toHaveBeenCalledTimes(1);
  });

  it('gives up after the timeout and answers who has the focus then (the paste is then refused)', async () => {
    const d = desktop(skilldeck);
    d.activate.mockImplementation(() => Promise.resolve(true)); // macOS ignored it
    const started = Date.now();
    expect(await createFocusReturn({ ...d, timeoutMs: 30 })(editor)).toBe(skilldeck);
    expect(Date.now() - started).toBeGreaterThanOrEqual(30);
  });

  it('names the process to activate by its id', () => {
    expect(macPidOf(editor)).toBe(7);
    expect(macPidOf({ ...editor, id: 'hwnd:7' })).toBeNull();
    expect(macActivateScript(7)).toBe(
      'tell application "System Events" to set frontmost of (first application process whose unix id is 7) to true',
    );
  });
});
