import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AgentTool, AgentToolContext } from '../agent/types';
import { createMcpClients, mcpToolName, type McpClients, type McpServerConfig } from './client';

const fixture = path.join(path.dirname(fileURLToPath(import.meta.url)), 'testdata', 'echo-server.mjs');
const echoConfig: McpServerConfig = {
  name: 'echo',
  kind: 'stdio',
  command: process.execPath,
  args: [fixture],
  env: { GREETING: 'hi' },
};

const ctx = (signal = new AbortController().signal): AgentToolContext => ({
  runId: 'run_test01',
  skillId: 'agent',
  workdir: '/tmp',
  dataDir: '/tmp',
  signal,
  outsideAllowed: () => false,
  privateNetworkAllowed: () => false,
  sandboxGrants: () => ({ network: false, readOnly: [], writable: [] }),
});
const byName = (tools: AgentTool[], name: string) => {
  const tool = tools.find((t) => t.name === name);
  if (!tool) throw new Error(`no tool ${name} in ${tools.map((t) => t.name).join(', ')}`);
  return tool;
};

describe('MCP clients over stdio', () => {
  let clients: McpClients;
  let tools: AgentTool[];
  beforeAll(async () => {
    process.env.SKILLDECK_MCP_TEST_SECRET = 'must not leak';
    clients = createMcpClients([echoConfig]);
    expect(clients.status()).toEqual([{ name: 'echo', state: 'pending', toolCount: 0 }]);
    tools = await clients.tools();
  });
  afterAll(async () => {
    delete process.env.SKILLDECK_MCP_TEST_SECRET;
    await clients.close();
  });

  it('offers each tool as mcp__<server>__<tool> with its JSON schema, effect exec', () => {
    expect(tools.map((t) => t.name).sort()).toEqual([
      'mcp__echo__echo',
      'mcp__echo__env',
      'mcp__echo__fail',
      'mcp__echo__mixed',
      'mcp__echo__say_hello',
      'mcp__echo__sleep',
    ]);
    const echo = byName(tools, 'mcp__echo__echo');
    expect(echo).toMatchObject({ effect: 'exec', description: 'Answers with the text it is given.' });
    expect(echo.jsonSchema).toMatchObject({ type: 'object', properties: { text: { type: 'string' } } });
    expect(echo.input.safeParse({ text: 'x' }).success).toBe(true);
    expect(clients.status()).toEqual([{ name: 'echo', state: 'connected', toolCount: 6 }]);
  });

  it('calls tools: text joined, other parts described, isError passed through', async () => {
    expect(await byName(tools, 'mcp__echo__echo').execute({ text: 'hello' }, ctx())).toEqual({
      output: 'hello',
      summary: 'mcp echo/echo',
    });
    expect(await byName(tools, 'mcp__echo__fail').execute({}, ctx())).toEqual({
      output: 'it failed on purpose',
      summary: 'mcp echo/fail',
      isError: true,
    });
    expect((await byName(tools, 'mcp__echo__mixed').execute({}, ctx())).output).toBe(
      'first\n[image: image/png, 8 bytes]\nsecond',
    );
    expect((await byName(tools, 'mcp__echo__say_hello').execute({}, ctx())).output).toBe('hello');
    // arguments the server refuses come back as an error for the model to correct
    const bad = await byName(tools, 'mcp__echo__echo').execute({ text: 3 }, ctx());
    expect(bad.isError).toBe(true);
  });

  it('gives the server a clean environment plus its configured variables', async () => {
    const env = byName(tools, 'mcp__echo__env');
    expect((await env.execute({ name: 'GREETING' }, ctx())).output).toBe('hi');
    expect((await env.execute({ name: 'SKILLDECK_MCP_TEST_SECRET' }, ctx())).output).toBe('(unset)');
    expect((await env.execute({ name: 'PATH' }, ctx())).output).toBe(process.env.PATH);
  });

  it('cancels a call with the run signal', async () => {
    const controller = new AbortController();
    const started = performance.now();
    const call = byName(tools, 'mcp__echo__sleep').execute({ ms: 10_000 }, ctx(controller.signal));
    setTimeout(() => controller.abort(new Error('stopped')), 50);
    await expect(call).rejects.toThrow();
    expect(performance.now() - started).toBeLessThan(2000);
  });
});

describe('MCP clients that cannot connect', () => {
  it('reports each bad server in status with why, and still offers the good one', async () => {
    const clients = createMcpClients(
      [
        { name: 'missing', kind: 'stdio', command: 'skilldeck-no-such-command', args: [], env: {} },
        {
          name: 'crash',
          kind: 'stdio',
          command: process.execPath,
          args: ['-e', 'console.error("boom: TOKEN is not set"); process.exit(3)'],
          env: {},
        },
        {
          name: 'mute',
          kind: 'stdio',
          command: process.execPath,
          // reads requests and never answers; leaves when its stdin ends
          args: ['-e', 'process.stdin.resume().on("end", () => process.exit(0))'],
          env: {},
        },
        { name: 'nohttp', kind: 'http', url: 'http://127.0.0.1:9/mcp' },
        echoConfig,
      ],
      // long enough for the good server's node to start on a loaded 2-core machine
      { connectTimeoutMs: 1500 },
    );
    try {
      const started = performance.now();
      const tools = await clients.tools();
      // the mute one is given up at the timeout: not waited for longer
      expect(performance.now() - started).toBeLessThan(4000);
      expect(tools.length).toBe(6);
      const status = clients.status();
      expect(status.map((s) => [s.name, s.state, s.toolCount])).toEqual([
        ['missing', 'failed', 0],
        ['crash', 'failed', 0],
        ['mute', 'failed', 0],
        ['nohttp', 'failed', 0],
        ['echo', 'connected', 6],
      ]);
      expect(status[0]!.error).toBe('could not start "skilldeck-no-such-command": not found on PATH');
      expect(status[1]!.error).toMatch(/boom: TOKEN is not set/);
      expect(status[2]!.error).toMatch(/did not answer within 1500 ms/);
      expect(status[3]!.error).toMatch(/^http:\/\/127\.0\.0\.1:9\/mcp: /);
      // the second call does not connect again
      expect(await clients.tools()).toHaveLength(6);
    } finally {
      await clients.close();
    }
  });
});

describe('MCP clients over Streamable HTTP', () => {
  let child: ChildProcess;
  let url: string;
  beforeAll(async () => {
    child = spawn(process.execPath, [fixture, '--http'], { stdio: ['ignore', 'pipe', 'inherit'] });
    url = await new Promise<string>((resolve, reject) => {
      child.stdout!.setEncoding('utf8').once('data', (line: string) => resolve(line.trim()));
      child.once('exit', (code) => reject(new Error(`the HTTP fixture exited with ${code}`)));
    });
  });
  afterAll(() => {
    child.kill();
  });

  it('lists and calls the tools of an HTTP server', async () => {
    const clients = createMcpClients([{ name: 'web', kind: 'http', url }]);
    try {
      const tools = await clients.tools();
      expect(clients.status()).toEqual([{ name: 'web', state: 'connected', toolCount: 6 }]);
      expect((await byName(tools, 'mcp__web__echo').execute({ text: 'over http' }, ctx())).output).toBe(
        'over http',
      );
      expect((await byName(tools, 'mcp__web__fail').execute({}, ctx())).isError).toBe(true);
    } finally {
      await clients.close();
    }
  });
});

describe('mcpToolName', () => {
  it('keeps [A-Za-z0-9_-] and at most 64 characters, long names kept distinct', () => {
    expect(mcpToolName('my-server', 'read.file')).toBe('mcp__my-server__read_file');
    const a = mcpToolName('server', `${'x'.repeat(70)}a`);
    const b = mcpToolName('server', `${'x'.repeat(70)}b`);
    expect(a).toHaveLength(64);
    expect(a).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(a).not.toBe(b);
  });
});
