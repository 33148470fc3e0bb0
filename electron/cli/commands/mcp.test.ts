// `skilldeck mcp` as another agent starts it: the built bin over real stdio, spoken to by the SDK's client.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { packageRoot } from '../paths';

const bundle = path.join(packageRoot, 'out/cli/main.js');
const bin = path.join(packageRoot, 'electron/cli/skilldeck.mjs');

let dataDir: string;
let skillsDir: string;
let client: Client;
let transport: StdioClientTransport;
let stderr = '';

beforeAll(async () => {
  // npm test builds first; run alone (or before a rebuild) the bundle may be missing or predate `mcp`.
  // (each command is a chunk of its own beside main.js)
  const built = fs.existsSync(bundle) ? fs.readdirSync(path.dirname(bundle)) : [];
  const servesMcp = built.some(
    (file) =>
      file.endsWith('.js') &&
      fs.readFileSync(path.join(path.dirname(bundle), file), 'utf8').includes('list_skills'),
  );
  if (!servesMcp) {
    execFileSync(
      process.execPath,
      [path.join(packageRoot, 'node_modules/vite/bin/vite.js'), 'build', '--config', 'vite.cli.config.mts'],
      {
        cwd: packageRoot,
        stdio: 'ignore',
      },
    );
  }
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'skilldeck-mcp-data-'));
  skillsDir = fs.mkdtempSync(path.join(os.tmpdir(), 'skilldeck-mcp-skills-'));
  fs.mkdirSync(path.join(skillsDir, 'notes', 'references'), { recursive: true });
  fs.writeFileSync(
    path.join(skillsDir, 'notes', 'SKILL.md'),
    '---\nname: notes\ndescription: Takes notes.\n---\nWrite tidy notes.\n',
  );
  fs.writeFileSync(path.join(skillsDir, 'notes', 'references', 'style.md'), 'Be brief.');
  transport = new StdioClientTransport({
    command: process.execPath,
    args: [bin, 'mcp', '--skills-dir', skillsDir, '--data-dir', dataDir],
    stderr: 'pipe',
  });
  transport.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  client = new Client({ name: 'mcp-test', version: '0' });
  await client.connect(transport);
}, 60_000);

afterAll(async () => {
  await client?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.rmSync(skillsDir, { recursive: true, force: true });
});

const call = async (name: string, args: Record<string, unknown> = {}) =>
  (await client.callTool({ name, arguments: args })) as CallToolResult;
const textOf = (r: CallToolResult) => r.content.map((c) => (c.type === 'text' ? c.text : '')).join('');

describe('skilldeck mcp (the built bin over stdio)', () => {
  it('list_skills answers the folder skills and the built-ins', async () => {
    const result = await call('list_skills');
    const { skills } = result.structuredContent as { skills: { id: string; mode: string }[] };
    expect(skills.map((s) => s.id)).toEqual(expect.arrayContaining(['notes', 'translate', 'memo']));
    expect(skills.find((s) => s.id === 'notes')).toEqual({
      id: 'notes',
      name: 'notes',
      description: 'Takes notes.',
      mode: 'prompt',
    });
  });

  it('load_skill answers the body and the resource files', async () => {
    const result = await call('load_skill', { name: 'notes' });
    expect(result.isError).toBeFalsy();
    expect(textOf(result)).toContain('Write tidy notes.');
    expect(textOf(result)).toContain('- references/style.md (9 bytes)');
  });

  it('run_skill runs a skill that needs no model; logs stay on stderr', async () => {
    const result = await call('run_skill', { name: 'memo', selection: 'from another agent' });
    expect(result.isError, textOf(result)).toBeFalsy();
    expect(textOf(result)).toBe('from another agent');
    expect(stderr).toMatch(/serving \d+ skills over MCP on stdio/);
  });

  it('exits by itself when the client closes its stdin', async () => {
    const started = performance.now();
    await client.close();
    // the SDK sends SIGTERM only after 2 s without an exit
    expect(performance.now() - started).toBeLessThan(1500);
  });
});
