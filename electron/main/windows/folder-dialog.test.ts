import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { BrowserWindow } from 'electron';
import { createFolderPicker } from './folder-dialog';

const calls = vi.hoisted(() => ({
  shown: [] as unknown[][],
  answer: { canceled: false, filePaths: ['/home/ada/skills'] } as { canceled: boolean; filePaths: string[] },
}));
vi.mock('electron', () => ({
  dialog: {
    showOpenDialog: async (...args: unknown[]) => {
      calls.shown.push(args);
      return calls.answer;
    },
  },
}));

beforeEach(() => {
  calls.shown = [];
  calls.answer = { canceled: false, filePaths: ['/home/ada/skills'] };
});

describe('folder picker', () => {
  it('asks for one folder, hidden ones shown, attached to the dashboard when it is open', async () => {
    const window = { id: 1 } as unknown as BrowserWindow;
    let open: BrowserWindow | null = window;
    const pick = createFolderPicker(() => open);
    expect(await pick('Add a skill folder')).toBe('/home/ada/skills');
    expect(calls.shown[0]).toEqual([
      window,
      {
        title: 'Add a skill folder',
        buttonLabel: 'Add folder',
        properties: ['openDirectory', 'showHiddenFiles', 'createDirectory'],
      },
    ]);
    open = null;
    await pick();
    expect(calls.shown[1]).toEqual([expect.objectContaining({ title: 'Choose a folder of skills' })]);
  });

  it('answers null when the dialog is cancelled', async () => {
    calls.answer = { canceled: true, filePaths: [] };
    expect(await createFolderPicker(() => null)()).toBeNull();
  });
});
