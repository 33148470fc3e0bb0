// In the page: the browser globals the bench's code reads, and keydown-to-frame latency.
import type { Page } from '@playwright/test';

export interface PageElement {
  textContent: string | null;
  isConnected: boolean;
  lastElementChild: PageElement | null;
}

/** The browser globals the in-page code uses (this program compiles without the DOM lib). */
export interface PageGlobals {
  document: {
    addEventListener(
      type: 'keydown',
      listener: (event: { timeStamp: number }) => void,
      capture: boolean,
    ): void;
    querySelector(selector: string): PageElement | null;
    documentElement: { scrollHeight: number };
  };
  localStorage: { setItem(key: string, value: string): void };
  requestAnimationFrame(callback: (now: number) => void): number;
  innerHeight: number;
  scrollY: number;
  scrollBy(x: number, y: number): void;
  PerformanceObserver: new (
    callback: (list: { getEntries(): { startTime: number; duration: number }[] }) => void,
  ) => { observe(options: { type: string }): void };
  keyLatency: number[];
  longTasks: { start: number; duration: number }[];
  firstAt: number;
  lastAt: number;
  frameDeltas: number[];
}

/**
 * In the page: for every keydown, the time from the event (its timestamp, so queueing counts) to the
 * first frame after it was handled (rAF, then a task: the frame has been produced). Called again, it
 * starts a new series.
 */
export async function recordKeyLatency(page: Page) {
  await page.evaluate(() => {
    const w = globalThis as unknown as PageGlobals;
    const installed = Array.isArray(w.keyLatency);
    w.keyLatency = [];
    if (installed) return;
    w.document.addEventListener(
      'keydown',
      (event) => {
        const t0 = event.timeStamp;
        w.requestAnimationFrame(() => setTimeout(() => w.keyLatency.push(performance.now() - t0)));
      },
      true,
    );
  });
}

export const keyLatencies = (page: Page) =>
  page.evaluate(() => (globalThis as unknown as PageGlobals).keyLatency);

export async function pressMeasured(page: Page, key: string) {
  const before = (await keyLatencies(page)).length;
  await page.keyboard.press(key);
  await page.waitForFunction((n) => (globalThis as unknown as PageGlobals).keyLatency.length > n, before);
}
