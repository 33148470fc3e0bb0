// `skilldeck serve` for the tests of a spec file, set up and ended by the hooks these register: one host
// for the whole file with the local wire-format model server as its provider (serveWithModel), or a new
// host on an empty data folder for each test (serveEachTest). Its output is attached to a test that fails.
// And the dashboard opened at a page, in a language (openDashboard).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test, type Page, type TestInfo } from '@playwright/test';
import { startLlmServer, type LlmServer } from '../../electron/core/testing/llm-server';
import { hostApi } from './host-api';
import { startSkilldeckHost, type RunningHost } from './skilldeck-host';

/** A SKILL.md: `frontmatter` is more lines, each ending in a newline ('' for none). */
export const skillFile = (name: string, frontmatter: string, body: string) =>
  `---\nname: ${name}\ndescription: The ${name} test skill.\n${frontmatter}---\n${body}\n`;

/** The parts, once the hooks have started them (read them in hooks and tests, not at the top level). */
export interface Served {
  readonly host: RunningHost;
  /** The contract over the host's HTTP endpoint (./host-api). */
  readonly api: ReturnType<typeof hostApi>;
}
export interface ServedWithModel extends Served {
  readonly llm: LlmServer;
  /** The temp folder: `skills/` (the files given), `data/` (the host's); removed after the file. */
  readonly root: string;
}

const started = <T>(part: T | null, name: string): T => {
  if (part === null) throw new Error(`${name} is not started: read it in a hook or a test`);
  return part;
};

async function attachOutputIfFailed(host: RunningHost | null, testInfo: TestInfo) {
  if (host && testInfo.status !== testInfo.expectedStatus)
    await testInfo.attach('skilldeck serve output', { body: host.output() });
}

/**
 * Before the file's tests: the model server, then `skilldeck serve` on `<root>/data` with `skills`
 * (`{ 'name/SKILL.md': text }`) written to `<root>/skills` and `skillsDirs` as more skill folders, and
 * the model server saved as its default provider `local` (model `m`). After them, all of it ends.
 */
export function serveWithModel(
  prefix: string,
  skills: Record<string, string>,
  options: { skillsDirs?: readonly string[] } = {},
): ServedWithModel {
  let llm: LlmServer | null = null;
  let host: RunningHost | null = null;
  let root: string | null = null;
  const served: ServedWithModel = {
    get llm() {
      return started(llm, 'the model server');
    },
    get host() {
      return started(host, 'skilldeck serve');
    },
    get root() {
      return started(root, 'the temp folder');
    },
    api: hostApi(() => served.host.url),
  };
  test.beforeAll(async () => {
    llm = await startLlmServer();
    root = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
    const dir = path.join(root, 'skills');
    for (const [file, text] of Object.entries(skills)) {
      fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
      fs.writeFileSync(path.join(dir, file), text);
    }
    host = await startSkilldeckHost(path.join(root, 'data'), {
      skillsDirs: [dir, ...(options.skillsDirs ?? [])],
    });
    await served.api.useLocalModel(llm.url);
  });
  test.afterAll(async () => {
    await host?.stop();
    await llm?.close();
    if (root) fs.rmSync(root, { recursive: true, force: true });
    host = llm = root = null;
  });
  // eslint-disable-next-line no-empty-pattern
  test.afterEach(async ({}, testInfo) => attachOutputIfFailed(host, testInfo));
  return served;
}

/** Before each test, `skilldeck serve` on a new empty data folder (`dataDir`); after it, both go. */
export function serveEachTest(prefix: string): Served & { readonly dataDir: string } {
  let host: RunningHost | null = null;
  let dataDir: string | null = null;
  const served: Served & { readonly dataDir: string } = {
    get host() {
      return started(host, 'skilldeck serve');
    },
    get dataDir() {
      return started(dataDir, 'the data folder');
    },
    api: hostApi(() => served.host.url),
  };
  test.beforeEach(async () => {
    dataDir = await fs.promises.mkdtemp(path.join(os.tmpdir(), prefix));
    host = await startSkilldeckHost(dataDir);
  });
  // eslint-disable-next-line no-empty-pattern
  test.afterEach(async ({}, testInfo) => {
    await attachOutputIfFailed(host, testInfo);
    await host?.stop();
    if (dataDir) await fs.promises.rm(dataDir, { recursive: true, force: true });
    host = dataDir = null;
  });
  return served;
}

/** The dashboard at `hash` ('#/runs'; '' for the first page), in `language` as if chosen in Settings. */
export async function openDashboard(
  page: Page,
  host: RunningHost,
  hash = '',
  language?: 'en' | 'zh-CN',
): Promise<void> {
  if (language) await page.addInitScript(`localStorage.setItem('skilldeck.language', '${language}')`);
  const url = new URL(host.url);
  url.hash = hash;
  await page.goto(url.toString());
}
