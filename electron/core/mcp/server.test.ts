import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adhocProvider } from '../providers/adhoc';
import { memorySecrets } from '../providers/test-support';
import { createTestCore, type TestCore } from '../test-support';
import { startLlmServer, type LlmServer } from '../testing/llm-server';
import { createSkillsMcpServer } from './server';

let llm: LlmServer;
let t: TestCore;
let client: Client;

beforeAll(async () => {
  llm = await startLlmServer();
  const gateway = adhocProvider(
    { kind: 'openai-compatible', baseUrl: `${llm.url}/v1`, model: 'm1' },
    memorySecrets(),
  );
  t = createTestCore({ watchSkills: false, gateway });
  t.writeSkill(
    'keep',
    '---\nname: keep\ndescription: Keeps the selection as a memo.\nallowed-tools: save_memo\n---\n',
  );
  t.writeSkill(
    'shout',
    '---\nname: shout\ndescription: Says it louder.\narguments: [tone]\n---\nRewrite in a $tone tone.\n',
  );
  t.writeSkill('broken', '---\nname: Not Valid!\n---\nbody\n');
  t.writeSkill('refs', '---\nname: refs\ndescription: Has references.\n---\nRead references/a.md first.\n');
  const fs = await import('node:fs');
  fs.mkdirSync(`${t.skillsDir}/refs/references`);
  fs.writeFileSync(`${t.skillsDir}/refs/references/a.md`, 'hello');

  const server = createSkillsMcpServer(t.core, { version: '1.2.3' });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  client = new Client({ name: 'test', version: '0' });
  await Promise.all([server.connect(serverSide), client.connect(clientSide)]);
});

afterAll(async () => {
  await client.close();
  await t.dispose();
  await llm.close();
});

const call = async (name: string, args: Record<string, unknown> = {}) =>
  (await client.callTool({ name, arguments: args })) as CallToolResult;
const textOf = (r: CallToolResult) => r.content.map((c) => (c.type === 'text' ? c.text : '')).join('');

describe('the skills MCP server', () => {
  it('offers list_skills, load_skill and run_skill', async () => {
    expect(client.getServerVersion()).toMatchObject({ name: 'skilldeck', version: '1.2.3' });
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name).sort()).toEqual(['list_skills', 'load_skill', 'run_skill']);
    const run = tools.find((tool) => tool.name === 'run_skill')!;
    expect(run.inputSchema.required).toEqual(['name']);
  });

  it('list_skills lists the runnable skills only, with id, name, description and mode', async () => {
    const result = await call('list_skills');
    const { skills } = result.structuredContent as { skills: { id: string; mode: string }[] };
    expect(skills.map((s) => s.id).sort()).toEqual(['keep', 'refs', 'shout']);
    expect(skills.find((s) => s.id === 'shout')).toEqual({
      id: 'shout',
      name: 'shout',
      description: 'Says it louder.',
      mode: 'prompt',
    });
    expect(JSON.parse(textOf(result))).toEqual(skills);
  });

  it('load_skill answers the body and the resource files; an unknown name is an error', async () => {
    const result = await call('load_skill', { name: 'refs' });
    expect(result.isError).toBeFalsy();
    expect(textOf(result)).toContain('Read references/a.md first.');
    expect(textOf(result)).toContain('- references/a.md (5 bytes)');
    expect(result.structuredContent).toMatchObject({
      id: 'refs',
      body: 'Read references/a.md first.\n',
      resources: [{ path: 'references/a.md', size: 5 }],
    });
    const missing = await call('load_skill', { name: 'nope' });
    expect(missing.isError).toBe(true);
    expect(textOf(missing)).toMatch(/no runnable skill named "nope"/);
  });

  it('run_skill runs a skill that needs no model and answers its output', async () => {
    const before = llm.requests.length;
    const result = await call('run_skill', { name: 'keep', selection: 'remember me' });
    expect(result.isError, textOf(result)).toBeFalsy();
    expect(textOf(result)).toBe('remember me');
    expect(llm.requests.length).toBe(before);
    expect(t.core.memos.list({ limit: 10, offset: 0 }).items.map((m) => m.text)).toContain('remember me');
  });

  it('run_skill runs a prompt skill against a model, with input and arguments', async () => {
    llm.script({ text: 'HELLO THERE' });
    const before = llm.requests.length;
    const result = await call('run_skill', { name: 'shout', input: 'hello there', arguments: 'loud' });
    expect(result.isError, textOf(result)).toBeFalsy();
    expect(textOf(result)).toBe('HELLO THERE');
    const body = llm.requests[before]!.body as { messages: { role: string; content: string }[] };
    expect(body.messages[0]!.content).toContain('Rewrite in a loud tone.');
    expect(JSON.stringify(body.messages)).toContain('hello there');
  });

  it('run_skill answers isError with the run error when the run fails', async () => {
    llm.script({ status: 400, errorMessage: 'model exploded' });
    const result = await call('run_skill', { name: 'shout', input: 'x' });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toMatch(/^shout failed: /);
    const empty = await call('run_skill', { name: 'keep' });
    expect(empty.isError).toBe(true);
    expect(textOf(empty)).toMatch(/nothing to save/);
  });
});
