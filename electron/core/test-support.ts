import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createClient, type Client } from '../../shared/ipc/client';
import { createCore, type Core, type CoreOptions } from './core';
import { createMemoryTransport } from './ipc/memory';
import { createMemoryPorts, type MemoryPorts } from './memory-ports';
import type { PlatformPorts } from './platform';
import { adhocProvider } from './providers/adhoc';
import { memorySecrets } from './providers/test-support';

export interface TestCore {
  core: Core;
  client: Client;
  dataDir: string;
  skillsDir: string;
  /** Writes `<skillsDir>/<id>/SKILL.md`. */
  writeSkill(id: string, text: string): void;
  reopen(): TestCore;
  /** Closes the core (and waits for its watchers to stop), then removes the temp folders. */
  dispose(): Promise<void>;
}

/** A real core on a temp data dir and a temp skill folder, reached through the in-memory transport. */
export function createTestCore(
  overrides: Partial<CoreOptions> = {},
  existing?: { dataDir: string; skillsDir: string },
): TestCore {
  const dataDir = existing?.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'skilldeck-data-'));
  const skillsDir = existing?.skillsDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'skilldeck-skills-'));
  const core = createCore({
    dataDir,
    skillDirs: [{ dir: skillsDir, source: 'builtin' }],
    runtime: 'node',
    version: '0.0.0-test',
    ...overrides,
  });
  const client = createClient(createMemoryTransport(core.dispatch, core.events));
  const self: TestCore = {
    core,
    client,
    dataDir,
    skillsDir,
    writeSkill(id, text) {
      fs.mkdirSync(path.join(skillsDir, id), { recursive: true });
      fs.writeFileSync(path.join(skillsDir, id, 'SKILL.md'), text);
    },
    reopen() {
      core.close();
      return createTestCore(overrides, { dataDir, skillsDir });
    },
    async dispose() {
      core.close();
      await core.skills.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
      fs.rmSync(skillsDir, { recursive: true, force: true });
    },
  };
  return self;
}

/**
 * A test core whose runs reach only the wire-format model servers a test configures as providers
 * (electron/core/testing/llm-server.ts): the given in-memory platform ports, no skill watcher, no Ollama,
 * one attempt per request (a scripted failure is not retried).
 */
export function createModelTestCore(ports: MemoryPorts = createMemoryPorts()): TestCore {
  return createTestCore({
    watchSkills: false,
    ports,
    modelGateway: { ollama: { baseUrl: null }, maxAttempts: 1 },
  });
}

/** A core with no watcher whose every run goes to the wire-format model server at `serverUrl` (model `m`). */
export function createServerTestCore(
  serverUrl: string,
  ports: Partial<PlatformPorts> = createMemoryPorts(),
): TestCore {
  return createTestCore({
    watchSkills: false,
    ports,
    gateway: adhocProvider(
      { kind: 'openai-compatible', baseUrl: `${serverUrl}/v1`, model: 'm' },
      memorySecrets(),
    ),
  });
}

/** A wire-format model server (its URL) saved as the OpenAI-compatible provider `name`, `model` its default. */
export function saveModelServer(t: TestCore, name: string, serverUrl: string, model: string) {
  return t.client.invoke('providers:save', {
    kind: 'openai-compatible',
    name,
    baseUrl: `${serverUrl}/v1`,
    defaultModel: model,
  });
}

export const skillText = (name: string, description = `Does ${name} things.`) =>
  `---\nname: ${name}\ndescription: ${description}\n---\nYou do ${name}.\n`;

/** A temp folder, removed by the returned cleanup. Real files: the registry is tested on a real disk. */
export function tempFolder(prefix = 'skilldeck-test-'): { dir: string; remove(): void } {
  const dir = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), prefix)));
  return { dir, remove: () => fs.rmSync(dir, { recursive: true, force: true }) };
}

/** Writes `{ 'a/SKILL.md': text, ... }` under `root`, creating folders. */
export function writeTree(root: string, files: Record<string, string>): void {
  for (const [rel, text] of Object.entries(files)) {
    const file = path.join(root, ...rel.split('/'));
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, text);
  }
}
