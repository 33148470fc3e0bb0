import { describe, expect, it } from 'vitest';
import { floatAbove, floatingWindowOptions } from './float-above';

function fakeWindow() {
  const calls: [string, ...unknown[]][] = [];
  return {
    calls,
    setAlwaysOnTop: (...args: unknown[]) => void calls.push(['setAlwaysOnTop', ...args]),
    setVisibleOnAllWorkspaces: (...args: unknown[]) =>
      void calls.push(['setVisibleOnAllWorkspaces', ...args]),
  };
}

describe('floating above the user’s application', () => {
  it('macOS: a panel at the screen-saver level, on every Space including full-screen ones, keeping the Dock icon', () => {
    expect(floatingWindowOptions('darwin')).toEqual({ type: 'panel' });
    const window = fakeWindow();
    floatAbove(window, 'darwin', 'floating');
    expect(window.calls).toEqual([
      ['setAlwaysOnTop', true, 'screen-saver'],
      // without skipTransformProcessType Electron hides the Dock icon and deactivates the app each time
      ['setVisibleOnAllWorkspaces', true, { visibleOnFullScreen: true, skipTransformProcessType: true }],
    ]);
  });

  it.each(['linux', 'win32'] as const)('%s: the level asked for, nothing else', (platform) => {
    expect(floatingWindowOptions(platform)).toEqual({});
    const window = fakeWindow();
    floatAbove(window, platform, 'pop-up-menu');
    expect(window.calls).toEqual([['setAlwaysOnTop', true, 'pop-up-menu']]);
  });
});
