import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Card } from '../../core/platform';
import { CARD_URL, DEFAULT_CARD_SIZE, FloatingCards, placeNearCursor, readCardSize } from './card-window';
import { CARD_CHANNELS } from '../../../shared/ipc/names';
import type { CardView } from '../../../shared/ipc/shell';
import { LOCKED_DOWN_PREFERENCES } from './locked-down-window';
import { FakeBrowserWindow, fakeScreen, resetFakes, sendFromPage } from './test-electron';
import { fakeCardDeps } from './card-test-support';

vi.mock('electron', () => import('./test-electron').then((m) => m.fakeElectron()));

let dir: string;
let cards: FloatingCards;
let unbind: () => void;
let deps: ReturnType<typeof fakeCardDeps>;

const card = (runId: string, text: string, pending = true): Card => ({
  runId,
  title: `Run ${runId}`,
  text,
  pending,
});
const windows = () => FakeBrowserWindow.created;
const views = (window: FakeBrowserWindow) => window.webContents.received(CARD_CHANNELS.update) as CardView[];
const lastView = (window: FakeBrowserWindow) => views(window).at(-1)!;
const settle = () => new Promise((resolve) => setTimeout(resolve, 5));

beforeEach(() => {
  resetFakes();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'skilldeck-card-'));
  deps = fakeCardDeps(dir);
  cards = new FloatingCards({ ...deps, platform: 'linux' });
  unbind = cards.bind();
});
afterEach(() => {
  unbind();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('placeNearCursor', () => {
  const workArea = { x: 0, y: 0, width: 1000, height: 800 };
  it('puts the card below right of the pointer', () => {
    expect(placeNearCursor({ x: 100, y: 100 }, { width: 400, height: 300 }, workArea)).toEqual({
      x: 116,
      y: 120,
      width: 400,
      height: 300,
    });
  });
  it('flips to the left and above near the right and bottom edges, and stays inside', () => {
    expect(placeNearCursor({ x: 990, y: 790 }, { width: 400, height: 300 }, workArea)).toEqual({
      x: 574,
      y: 470,
      width: 400,
      height: 300,
    });
    const small = { x: 1920, y: 30, width: 300, height: 200 }; // a second display, right of the first
    const placed = placeNearCursor({ x: 2000, y: 100 }, { width: 420, height: 280 }, small);
    expect(placed).toEqual({ x: 1920, y: 30, width: 300, height: 200 });
  });
});

describe('the floating card', () => {
  it('opens locked down, frameless, always on top, near the pointer, on app://skilldeck/card.html', async () => {
    fakeScreen.cursor = { x: 500, y: 400 };
    await cards.show(card('r1', ''));
    expect(windows()).toHaveLength(1);
    const window = windows()[0]!;
    expect(window.options.webPreferences).toMatchObject({
      ...LOCKED_DOWN_PREFERENCES,
      preload: '/out/preload/card.cjs',
    });
    expect(window.options).toMatchObject({ frame: false, alwaysOnTop: true, skipTaskbar: true, show: false });
    expect(window.bounds).toEqual({ x: 516, y: 420, ...DEFAULT_CARD_SIZE });
    expect(window.loadedUrls).toEqual([CARD_URL]);
    expect(CARD_URL).toBe('app://skilldeck/card.html');
  });

  it('on macOS is a panel above full-screen apps, on every Space; elsewhere a floating window', async () => {
    await cards.show(card('r1', ''));
    expect(windows()[0]!.options.type).toBeUndefined();
    expect(windows()[0]!.alwaysOnTop).toEqual([true, 'floating']);
    const mac = new FloatingCards({ ...fakeCardDeps(dir), platform: 'darwin' });
    await mac.show(card('m1', ''));
    const window = windows().at(-1)!;
    expect(window.options.type).toBe('panel');
    expect(window.alwaysOnTop).toEqual([true, 'screen-saver']);
    expect(window.allWorkspaces).toEqual([
      true,
      { visibleOnFullScreen: true, skipTransformProcessType: true },
    ]);
    mac.closeAll();
  });

  it('streams: updates for the same run go to the same window, shown without taking the focus', async () => {
    await cards.show(card('r1', 'Hel'));
    const window = windows()[0]!;
    expect(window.visible).toBe(false);
    window.webContents.load(CARD_URL);
    expect(window.visible).toBe(true);
    expect(window.focused).toBe(false);
    await cards.show(card('r1', 'Hello'));
    await cards.show({ ...card('r1', 'Hello world'), pending: false });
    expect(windows()).toHaveLength(1);
    expect(views(window).map((v) => v.text)).toEqual(['Hel', 'Hello', 'Hello world']);
    expect(lastView(window)).toMatchObject({ pending: false, error: null, pinned: false });
  });

  it('gives two runs streaming at once a card each', async () => {
    await cards.show(card('r1', 'a'));
    await cards.show(card('r2', 'b'));
    await cards.show(card('r1', 'aa'));
    expect(windows()).toHaveLength(2);
  });

  it('does not open two windows for two quick first updates', async () => {
    await Promise.all([cards.show(card('r1', 'a')), cards.show(card('r1', 'ab'))]);
    expect(windows()).toHaveLength(1);
  });

  it('reuses the unpinned card for the next run; a pinned card stays as it is', async () => {
    await cards.show(card('r1', 'one', false));
    const first = windows()[0]!;
    first.webContents.load(CARD_URL);
    await cards.show(card('r2', 'two', false));
    expect(windows()).toHaveLength(1);
    expect(lastView(first)).toMatchObject({ runId: 'r2', text: 'two' });

    sendFromPage(CARD_CHANNELS.action, first.webContents, ['pin']);
    await settle();
    expect(lastView(first).pinned).toBe(true);
    await cards.show(card('r3', 'three'));
    expect(windows()).toHaveLength(2);
    expect(lastView(first).runId).toBe('r2');
  });

  it('Copy writes the card text; Insert pastes it without a target check and closes the card', async () => {
    await cards.show(card('r1', 'result', false));
    const window = windows()[0]!;
    window.webContents.load(CARD_URL);
    sendFromPage(CARD_CHANNELS.action, window.webContents, ['copy']);
    await settle();
    expect(deps.clipboard.writeText).toHaveBeenCalledWith('result');
    expect(lastView(window).notice).toBe('Copied to the clipboard');

    sendFromPage(CARD_CHANNELS.action, window.webContents, ['insert']);
    await settle();
    expect(deps.inserter.insert).toHaveBeenCalledWith('result'); // no { target }: the user chose to paste
    expect(window.destroyed).toBe(true);
  });

  it('keeps the card, with the reason, when Insert could not paste', async () => {
    deps.inserter.insert.mockResolvedValueOnce({ inserted: false, reason: 'no display' } as never);
    await cards.show(card('r1', 'result', false));
    const window = windows()[0]!;
    window.webContents.load(CARD_URL);
    sendFromPage(CARD_CHANNELS.action, window.webContents, ['insert']);
    await settle();
    expect(window.destroyed).toBe(false);
    expect(window.visible).toBe(true);
    expect(lastView(window).notice).toBe('Not inserted: no display');
  });

  it('shows the card again, with the error, when Insert throws after the card hid (§7.10)', async () => {
    deps.inserter.insert.mockRejectedValueOnce(new Error('xdotool exited with code 1') as never);
    await cards.show(card('r1', 'result', false));
    const window = windows()[0]!;
    window.webContents.load(CARD_URL);
    sendFromPage(CARD_CHANNELS.action, window.webContents, ['insert']);
    await vi.waitFor(() => expect(lastView(window).notice).toMatch(/xdotool exited with code 1/));
    expect(window.destroyed).toBe(false);
    expect(window.visible).toBe(true);
  });

  it('ignores actions from another frame, another window or with unknown names', async () => {
    await cards.show(card('r1', 'secret', false));
    const window = windows()[0]!;
    window.webContents.load(CARD_URL);
    sendFromPage(CARD_CHANNELS.action, window.webContents, ['copy'], {
      url: CARD_URL,
      frameTreeNodeId: 999,
      parent: window.webContents.mainFrame,
    });
    sendFromPage(CARD_CHANNELS.action, window.webContents, ['format-disk']);
    window.webContents.mainFrame.url = 'https://evil.example/';
    sendFromPage(CARD_CHANNELS.action, window.webContents, ['copy']);
    await settle();
    expect(deps.clipboard.writeText).not.toHaveBeenCalled();
  });

  it('a closed card stays closed for the rest of its run', async () => {
    await cards.show(card('r1', 'par'));
    windows()[0]!.webContents.load(CARD_URL);
    windows()[0]!.webContents.press('Escape');
    await cards.show(card('r1', 'partial and more'));
    await cards.show({ ...card('r1', 'all'), pending: false });
    expect(windows()).toHaveLength(1);
    await cards.show(card('r2', 'next run'));
    expect(windows()).toHaveLength(2);
  });

  it('closes on Esc and on Close', async () => {
    await cards.show(card('r1', 'x'));
    const window = windows()[0]!;
    window.webContents.load(CARD_URL);
    expect(window.webContents.press('a')).toBe(false);
    expect(window.webContents.press('Escape')).toBe(true);
    expect(window.destroyed).toBe(true);

    await cards.show(card('r2', 'y'));
    const second = windows()[1]!;
    second.webContents.load(CARD_URL);
    sendFromPage(CARD_CHANNELS.action, second.webContents, ['close']);
    await settle();
    expect(second.destroyed).toBe(true);
  });

  it('remembers its size in userData, written atomically, and opens at that size next time', async () => {
    await cards.show(card('r1', 'x'));
    windows()[0]!.resizeTo(600, 350);
    const file = path.join(dir, 'card-window.json');
    // the size is written in the background: wait for it (a loaded machine takes longer than a few ms)
    await vi.waitFor(
      () => expect(JSON.parse(fs.readFileSync(file, 'utf8'))).toEqual({ width: 600, height: 350 }),
      { timeout: 3000, interval: 20 },
    );
    expect(fs.readdirSync(dir).filter((name) => name.endsWith('.tmp'))).toEqual([]);

    const again = new FloatingCards(deps); // a new start: the size is read from the file
    await again.show(card('r2', 'y'));
    expect(windows()[1]!.bounds).toMatchObject({ width: 600, height: 350 });
  });

  it('falls back to the default size when the file is missing or broken', async () => {
    const file = path.join(dir, 'broken.json');
    expect(await readCardSize(file)).toEqual(DEFAULT_CARD_SIZE);
    fs.writeFileSync(file, '{"width":-4,"height":"big"}');
    expect(await readCardSize(file)).toEqual(DEFAULT_CARD_SIZE);
  });
});
