import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createMetaTools, memoryDir } from './meta-tools';
import type { AgentTool, AgentToolContext } from './types';

let top: string;
let dataDir: string;
let memory: AgentTool;
let ctx: AgentToolContext;
beforeEach(() => {
  top = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'skilldeck-meta-')));
  dataDir = path.join(top, 'data');
  memory = createMetaTools({
    skillId: 'notes',
    dataDir,
    todos: () => [],
    setTodos: () => undefined,
    ask: async () => null,
    activateSkill: async () => ({ ok: false, error: 'not offered in this test' }),
    runSubagent: null,
  }).find((t) => t.name === 'Memory')!;
  ctx = {
    runId: 'run-1',
    skillId: 'notes',
    workdir: path.join(top, 'work'),
    dataDir,
    signal: new AbortController().signal,
    outsideAllowed: () => false,
    privateNetworkAllowed: () => false,
    sandboxGrants: () => ({ network: false, readOnly: [], writable: [] }),
  };
});
afterEach(() => fs.rmSync(top, { recursive: true, force: true }));

const call = (input: unknown) => memory.execute(memory.input.parse(input), ctx);

describe('Memory', () => {
  it('keeps notes per key in the skill’s memory folder', async () => {
    expect(await call({ action: 'write', key: 'prefs', content: 'tabs' })).toMatchObject({
      output: 'saved "prefs" (4 characters)',
    });
    expect(fs.readFileSync(path.join(memoryDir(dataDir, 'notes'), 'prefs.md'), 'utf8')).toBe('tabs');
    expect(await call({ action: 'read', key: 'prefs' })).toMatchObject({ output: 'tabs' });
  });

  it('neither reads nor writes through a link that leads out of its folder', async () => {
    const dir = memoryDir(dataDir, 'notes');
    fs.mkdirSync(dir, { recursive: true });
    const secret = path.join(top, 'secret.txt');
    fs.writeFileSync(secret, 'SECRET');
    fs.symlinkSync(secret, path.join(dir, 'pw.md'));
    const read = await call({ action: 'read', key: 'pw' });
    expect(read).toMatchObject({
      isError: true,
      output: 'memory "pw" is a link leading outside the memory folder',
    });
    const write = await call({ action: 'write', key: 'pw', content: 'overwritten' });
    expect(write.isError).toBe(true);
    expect(fs.readFileSync(secret, 'utf8')).toBe('SECRET');
  });
});
