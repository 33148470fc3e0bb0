import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { BrowserWindow } from 'electron';
import { createPackSaver } from './pack-save-dialog';

const calls = vi.hoisted(() => ({
  shown: [] as unknown[][],
  answer: { canceled: false, filePath: '/home/ada/tidy.skillpack' } as {
    canceled: boolean;
    filePath?: string;
  },
}));
vi.mock('electron', () => ({
  dialog: {
    showSaveDialog: async (...args: unknown[]) => {
      calls.shown.push(args);
      return calls.answer;
    },
  },
}));

beforeEach(() => {
  calls.shown = [];
  calls.answer = { canceled: false, filePath: '/home/ada/tidy.skillpack' };
});

describe('pack save dialog', () => {
  it('suggests the pack name, filters .skillpack, attached to the dashboard when it is open', async () => {
    const window = { id: 1 } as unknown as BrowserWindow;
    let open: BrowserWindow | null = window;
    const save = createPackSaver(() => open);
    expect(await save('tidy.skillpack')).toBe('/home/ada/tidy.skillpack');
    expect(calls.shown[0]).toEqual([
      window,
      {
        title: 'Export the skill pack',
        buttonLabel: 'Save',
        defaultPath: 'tidy.skillpack',
        filters: [{ name: 'Skill packs', extensions: ['skillpack'] }],
        properties: ['showOverwriteConfirmation', 'createDirectory'],
      },
    ]);
    open = null;
    await save('x.skillpack');
    expect(calls.shown[1]).toEqual([expect.objectContaining({ defaultPath: 'x.skillpack' })]);
  });

  it('answers null when the dialog is cancelled', async () => {
    calls.answer = { canceled: true };
    expect(await createPackSaver(() => null)('tidy.skillpack')).toBeNull();
  });
});
