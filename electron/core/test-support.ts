import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createClient, type Client } from '../../shared/ipc/client';
import { createCore, type Core, type CoreOptions } from './core';
import { createMemoryTransport } from './ipc/memory';

export interface TestCore {
  core: Core;
  client: Client;
  dataDir: string;
  skillsDir: string;
  /** Writes `<skillsDir>/<id>/SKILL.md`. */
  writeSkill(id: string, text: string): void;
  reopen(): TestCore;
  dispose(): void;
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
    dispose() {
      core.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
      fs.rmSync(skillsDir, { recursive: true, force: true });
    },
  };
  return self;
}

export const skillText = (name: string, description = `Does ${name} things.`) =>
  `---\nname: ${name}\ndescription: ${description}\n---\nYou do ${name}.\n`;
