// The dashboard in a real browser (Debian's Chromium through Playwright) against `skilldeck serve`:
// (a) the skills deck with 1,000 skills against 50 — first cards after navigation, search as you type,
// scroll frame times; (b) a run streaming 20,000 tokens at 5,000 tokens/s from the local wire-format
// model server while the user types into another field — input latency, tokens rendered per second,
// long tasks — as is and with Chromium's CPU throttled 4× (a slower machine).
// Needs `npm run build` (the CLI and the dashboard in out/). DASHBOARD_BENCH=deck or =stream runs one
// half; DASHBOARD_BENCH_ROOT=<a built checkout> measures another tree (e.g. a copy of HEAD, before/after).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser } from '@playwright/test';
import { startLlmServer } from '../electron/core/testing/llm-server';
import { hostApi } from '../e2e/helpers/host-api';
import { pageUrl, ROOT, startHost, writeSkills, type Host } from './dashboard/host';
import {
  keyLatencies,
  pressMeasured,
  recordKeyLatency,
  type PageElement,
  type PageGlobals,
} from './dashboard/page-probes';
import { table } from './dashboard/table';

const CHROMIUM = '/usr/bin/chromium';
const LOADS = 5;
const SEARCH_KEYS = 20;
const SCROLL_FRAMES = 240;
const STREAM_TOKENS = 20_000;
const TOKENS_PER_CHUNK = 100;
const CHUNK_DELAY_MS = 20; // 100 tokens every 20 ms: 5,000 tokens/s

interface DeckFigures {
  load: number[];
  search: number[];
  frames: number[];
  rendered: string;
}

async function measureDeck(browser: Browser, host: Host, view: 'grid' | 'list'): Promise<DeckFigures> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await context.addInitScript(
    (v) => (globalThis as unknown as PageGlobals).localStorage.setItem('skilldeck.deckView', v),
    view,
  );
  const page = await context.newPage();
  const load: number[] = [];
  for (let i = 0; i < LOADS; i++) {
    await page.goto('about:blank');
    await page.goto(pageUrl(host, '#/skills'));
    // performance.now() counts from the navigation: the first frame with a card in it
    const at = await page.waitForFunction(
      () =>
        (globalThis as unknown as PageGlobals).document.querySelector('[data-testid^="skill-card-"]') !==
          null && performance.now(),
      null,
      { polling: 'raf', timeout: 60_000 },
    );
    load.push((await at.jsonValue()) as number);
  }
  const rendered = await page.locator('[data-testid^="skill-card-"]').count();
  // the deck's size (generated skills and the built-in ones): aria-setsize, else every card is there
  const total = Number(
    (await page
      .locator('li[aria-setsize]')
      .first()
      .getAttribute('aria-setsize', { timeout: 1000 })
      .catch(() => null)) ?? rendered,
  );

  await recordKeyLatency(page);
  const search = page.getByRole('searchbox', { name: 'Search skills' });
  await search.focus();
  for (const key of [...'number 123'.split('').map((c) => (c === ' ' ? 'Space' : c))]) {
    await pressMeasured(page, key);
  }
  for (let i = 0; i < 10; i++) await pressMeasured(page, 'Backspace');
  const searchTimes = (await keyLatencies(page)).slice(0, SEARCH_KEYS);
  await page.locator('[data-testid^="skill-card-"]').first().waitFor();

  const frames = await page.evaluate(async (count) => {
    const w = globalThis as unknown as PageGlobals;
    const deltas: number[] = [];
    let direction = 1;
    let last = performance.now();
    await new Promise<void>((done) => {
      const step = (now: number) => {
        deltas.push(now - last);
        last = now;
        const max = w.document.documentElement.scrollHeight - w.innerHeight;
        if (w.scrollY >= max - 1) direction = -1;
        else if (w.scrollY <= 0) direction = 1;
        w.scrollBy(0, 120 * direction);
        if (deltas.length < count) w.requestAnimationFrame(step);
        else done();
      };
      w.requestAnimationFrame((now) => {
        last = now;
        w.requestAnimationFrame(step);
      });
    });
    return deltas;
  }, SCROLL_FRAMES);
  await context.close();
  return { load, search: searchTimes, frames, rendered: `${rendered} of ${total}` };
}

const END = 'END-OF-ANSWER';

/** A Markdown answer of `tokens` words: headings, paragraphs, lists, code blocks, as a model writes. */
function answerTokens(tokens: number): string[] {
  const out: string[] = [];
  let n = 0;
  while (out.length < tokens) {
    const block = n++ % 6;
    if (block === 0) out.push('\n\n## ', `Section `, `${n}\n\n`);
    else if (block === 3) {
      for (let i = 0; i < 5; i++) out.push(`\n- item `, `${i} `, 'of ', 'the ', 'list');
      out.push('\n\n');
    } else if (block === 5) {
      out.push('```ts\n');
      for (let i = 0; i < 8; i++) out.push('const ', `x${i} `, '= ', `${i};\n`);
      out.push('```\n\n');
    } else {
      for (let i = 0; i < 60; i++) out.push(i % 9 === 4 ? '**bold** ' : i % 13 === 7 ? '`code` ' : 'word ');
      out.push('\n\n');
    }
  }
  return [...out.slice(0, tokens - 1), ` ${END}`];
}

interface StreamFigures {
  idle: number[];
  streaming: number[];
  renderedTokensPerS: number;
  serverTokensPerS: number;
  longTasks: { count: number; totalMs: number; maxMs: number };
  /** From the model server's last byte to the whole answer on screen. */
  lagMs: number;
  /** requestAnimationFrame deltas while the text streams in. */
  frames: number[];
}

/** `slowdown`: Chromium's CPU throttling (4 = a machine four times slower), 1 for none. */
async function measureStream(
  browser: Browser,
  host: Host,
  llm: Awaited<ReturnType<typeof startLlmServer>>,
  slowdown: number,
): Promise<StreamFigures> {
  const tokens = answerTokens(STREAM_TOKENS);
  const chunks: string[] = [];
  for (let i = 0; i < tokens.length; i += TOKENS_PER_CHUNK)
    chunks.push(tokens.slice(i, i + TOKENS_PER_CHUNK).join(''));
  llm.setResponder(() => ({ chunks, chunkDelayMs: CHUNK_DELAY_MS }));

  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  if (slowdown > 1)
    await (await context.newCDPSession(page)).send('Emulation.setCPUThrottlingRate', { rate: slowdown });
  await page.goto(pageUrl(host, '#/runs'));
  const launcher = page.getByRole('form', { name: 'Start a run' });
  await launcher.getByRole('option', { name: /\bstreamer\b/ }).waitFor({ state: 'attached' });
  await launcher.getByLabel('Skill').selectOption('streamer');
  await launcher.getByLabel('Input').fill('Write a long answer.');
  await recordKeyLatency(page);
  const field = launcher.getByLabel('Selection');
  await field.focus();
  for (let i = 0; i < 40; i++) await pressMeasured(page, 'a');
  const idle = await keyLatencies(page);
  await field.fill('');

  // long tasks, frame times, and when the first and the last token show (the answer's last block
  // only is read, each frame: cheap)
  await page.evaluate((end) => {
    const w = globalThis as unknown as PageGlobals;
    w.longTasks = [];
    w.frameDeltas = [];
    w.firstAt = 0;
    w.lastAt = 0;
    let previous = 0;
    let md: PageElement | null = null;
    new w.PerformanceObserver((list) => {
      for (const e of list.getEntries()) w.longTasks.push({ start: e.startTime, duration: e.duration });
    }).observe({ type: 'longtask' });
    const sample = (now: number) => {
      if (w.firstAt && previous) w.frameDeltas.push(now - previous);
      previous = now;
      if (!md?.isConnected) md = w.document.querySelector('[data-testid="run-panel"] .step-body .md');
      const block = md?.lastElementChild;
      if (block && !w.firstAt) w.firstAt = performance.now();
      if (block?.textContent?.includes(end)) w.lastAt = performance.now();
      else w.requestAnimationFrame(sample);
    };
    w.requestAnimationFrame(sample);
  }, END);

  await recordKeyLatency(page);
  const clickedAt = { page: (await page.evaluate(() => performance.now())) as number, node: Date.now() };
  await launcher.getByRole('button', { name: 'Run' }).click();
  await page.getByTestId('run-status').waitFor();
  await field.focus();
  const typedDuring: number[] = [];
  const startedAt = Date.now();
  // type while the run streams (and until it is done)
  while (
    !(await page.evaluate(() => (globalThis as unknown as PageGlobals).lastAt)) &&
    Date.now() - startedAt < 60_000
  ) {
    await page.keyboard.press('b');
    await page.waitForTimeout(20);
  }
  await page.waitForTimeout(300);
  typedDuring.push(...(await keyLatencies(page)));

  const { longTasks, firstAt, lastAt, frames } = await page.evaluate(() => {
    const w = globalThis as unknown as PageGlobals;
    return { longTasks: w.longTasks, firstAt: w.firstAt, lastAt: w.lastAt, frames: w.frameDeltas };
  });
  if (!lastAt) throw new Error('the end of the answer never showed in the run panel');
  const request = llm.requests.at(-1)!;
  const serverMs = (request.finishedAt ?? Date.now()) - request.receivedAt;
  // from the click to the whole answer on screen, against the server's own sending time
  const shownMs = lastAt - clickedAt.page;
  const sentMs = (request.finishedAt ?? Date.now()) - clickedAt.node;
  const during = longTasks.filter((l) => l.start >= firstAt - 50 && l.start <= lastAt + 50);
  await context.close();
  return {
    idle,
    streaming: typedDuring,
    // both from the moment the model server got the request
    renderedTokensPerS: STREAM_TOKENS / ((shownMs - (request.receivedAt - clickedAt.node)) / 1000),
    lagMs: shownMs - sentMs,
    serverTokensPerS: STREAM_TOKENS / (serverMs / 1000),
    longTasks: {
      count: during.length,
      totalMs: during.reduce((sum, l) => sum + l.duration, 0),
      maxMs: Math.max(0, ...during.map((l) => l.duration)),
    },
    frames,
  };
}

export default async function run() {
  for (const built of ['out/cli/main.js', 'out/renderer/index.html']) {
    if (!fs.existsSync(path.join(ROOT, built))) {
      console.log(`\nDashboard bench skipped: ${built} is missing — run \`npm run build\` first.`);
      return;
    }
  }
  if (!fs.existsSync(CHROMIUM)) {
    console.log(`\nDashboard bench skipped: no Chromium at ${CHROMIUM}.`);
    return;
  }
  const part = process.env.DASHBOARD_BENCH ?? 'all';
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'skilldeck-bench-dashboard-'));
  const hosts: Host[] = [];
  const llm = await startLlmServer();
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
  });
  try {
    const deckHost = async (count: number) => {
      const dir = path.join(root, `skills-${count}`);
      writeSkills(dir, count);
      const host = await startHost(path.join(root, `data-${count}`), dir);
      hosts.push(host);
      return host;
    };
    if (part !== 'stream') {
      const small = await deckHost(50);
      const large = await deckHost(1000);
      const s = await measureDeck(browser, small, 'grid');
      const l = await measureDeck(browser, large, 'grid');
      const list = await measureDeck(browser, large, 'list');

      table(`Skills deck, 50 vs 1,000 skills (Chromium ${browser.version()}, 1280×900)`, [
        { name: 'first cards after navigation, 50', values: s.load },
        { name: 'first cards after navigation, 1000', values: l.load },
        { name: 'first cards after navigation, 1000 list', values: list.load },
      ]);
      table('Search as you type (keydown → next frame), 20 keys', [
        { name: 'search, 50', values: s.search },
        { name: 'search, 1000', values: l.search },
        { name: 'search, 1000 list', values: list.search },
      ]);
      table(`Scrolling the deck (requestAnimationFrame deltas, ${SCROLL_FRAMES} frames)`, [
        { name: 'frame, 50', values: s.frames },
        { name: 'frame, 1000', values: l.frames },
        { name: 'frame, 1000 list', values: list.frames },
      ]);
      console.log(
        `  cards in the DOM after load (the built-in skills are in the deck too): ${s.rendered} (50), ${l.rendered} (1000 grid), ${list.rendered} (1000 list)`,
      );
    }
    if (part !== 'deck') {
      const streamDir = path.join(root, 'skills-stream');
      fs.mkdirSync(path.join(streamDir, 'streamer'), { recursive: true });
      fs.writeFileSync(
        path.join(streamDir, 'streamer', 'SKILL.md'),
        '---\nname: streamer\ndescription: Streams a long answer.\n---\nAnswer in Markdown.\n',
      );
      const streamHost = await startHost(path.join(root, 'data-stream'), streamDir);
      hosts.push(streamHost);
      await hostApi(() => streamHost.url).useLocalModel(llm.url);
      const runs: [string, StreamFigures][] = [];
      for (const slowdown of [1, 4]) {
        runs.push([
          slowdown === 1 ? '' : `, CPU ${slowdown}× slower`,
          await measureStream(browser, streamHost, llm, slowdown),
        ]);
      }
      table(
        `Typing while a run streams ${STREAM_TOKENS.toLocaleString('en')} tokens at ${(TOKENS_PER_CHUNK / CHUNK_DELAY_MS) * 1000} tokens/s (keydown → next frame)`,
        runs.flatMap(([label, st]) => [
          { name: `keypress, idle${label}`, values: st.idle },
          { name: `keypress, streaming${label}`, values: st.streaming },
        ]),
      );
      table(
        'Frames while the text streams in (requestAnimationFrame deltas)',
        runs.map(([label, st]) => ({ name: `frame, streaming${label}`, values: st.frames })),
      );
      for (const [label, st] of runs) {
        console.log(
          `  ${label ? label.slice(2) : 'CPU as is'}: model server sent ${Math.round(st.serverTokensPerS)} tokens/s; rendered ${Math.round(st.renderedTokensPerS)} tokens/s (whole answer on screen ${st.lagMs.toFixed(0)} ms after the last byte); long tasks ${st.longTasks.count}, ${st.longTasks.totalMs.toFixed(0)} ms in all, longest ${st.longTasks.maxMs.toFixed(0)} ms`,
        );
      }
    }
  } finally {
    await browser.close();
    for (const host of hosts) await host.stop();
    await llm.close();
    fs.rmSync(root, { recursive: true, force: true });
  }
}
