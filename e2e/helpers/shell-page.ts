// The card's, the command bar's and the selection toolbar's pages (electron/main/windows/pages) opened in Chromium under their own
// CSP, with a stand-in for the preload bridge that records each call: `deliver` is what the main process
// sends (the card, the command bar's context), `send` the other main → page messages (the Retry with…
// models, the launcher's list).
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Page } from '@playwright/test';

const PAGES = path.resolve(import.meta.dirname, '..', '..', 'electron', 'main', 'windows', 'pages');
const ORIGIN = 'http://skilldeck.test';

export async function openShellPage(page: Page, name: 'card' | 'command-bar' | 'toolbar') {
  await page.route(`${ORIGIN}/**`, async (route) => {
    const file = path.join(PAGES, new URL(route.request().url()).pathname.slice(1));
    const type = file.endsWith('.html')
      ? 'text/html'
      : file.endsWith('.css')
        ? 'text/css'
        : file.endsWith('.svg')
          ? 'image/svg+xml'
          : 'text/javascript';
    await route.fulfill({ body: await fs.readFile(file), contentType: type });
  });
  await page.addInitScript(() => {
    const w = globalThis as unknown as Record<string, unknown> & {
      calls: unknown[];
      deliver?: (v: unknown) => void;
      other?: (v: unknown) => void;
      dictated?: (v: unknown) => void;
    };
    w.calls = [];
    const record =
      (name: string) =>
      (...args: unknown[]) =>
        void w.calls.push(args.length === 0 ? name : [name, ...args]);
    w.skilldeckCard = {
      onCard: (callback: (v: unknown) => void) => void (w.deliver = callback),
      onModels: (callback: (v: unknown) => void) => void (w.other = callback),
      copy: record('copy'),
      insert: record('insert'),
      pin: record('pin'),
      close: record('close'),
      memo: record('memo'),
      retry: record('retry'),
      otherPasteKey: record('otherPasteKey'),
      models: record('models'),
      retryWith: record('retryWith'),
      continue: record('continue'),
      dictate: record('dictate'),
      onDictated: (callback: (v: unknown) => void) => void (w.dictated = callback),
    };
    w.skilldeckCommandBar = {
      onContext: (callback: (v: unknown) => void) => void (w.deliver = callback),
      onSkills: (callback: (v: unknown) => void) => void (w.other = callback),
      submit: record('submit'),
      cancel: record('cancel'),
      query: record('query'),
      choose: record('choose'),
      compact: record('compact'),
      dictate: record('dictate'),
      onDictated: (callback: (v: unknown) => void) => void (w.dictated = callback),
    };
    w.skilldeckToolbar = {
      onView: (callback: (v: unknown) => void) => void (w.deliver = callback),
      run: record('run'),
      more: record('more'),
      copy: record('copy'),
      fit: record('fit'),
    };
  });
  await page.goto(`${ORIGIN}/${name}.html`);
  type W = {
    deliver: (v: unknown) => void;
    other: (v: unknown) => void;
    dictated: (v: unknown) => void;
    calls: unknown[];
  };
  return {
    deliver: (value: unknown) => page.evaluate((v) => (globalThis as unknown as W).deliver(v), value),
    send: (value: unknown) => page.evaluate((v) => (globalThis as unknown as W).other(v), value),
    /** The command bar's mic: the recording's state from the main process. */
    dictated: (value: unknown) => page.evaluate((v) => (globalThis as unknown as W).dictated(v), value),
    calls: () => page.evaluate(() => (globalThis as unknown as W).calls),
    clear: () => page.evaluate(() => void ((globalThis as unknown as W).calls = [])),
  };
}
