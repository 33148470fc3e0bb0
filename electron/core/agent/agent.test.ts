// Agent runs end to end: the real core (SQLite, registry, executor, permission broker) with its model the
// local wire-format server over HTTP. Each test scripts the model's tool calls and checks what the model
// was sent back, the run's events and the files.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { agentSkill, callTool, offeredTools, resultFor, systemOf, useAgentHarness } from './test-support';

const { server: srv, open } = useAgentHarness();

describe('file tools in an agent run', () => {
  it("gives Edit's uniqueness errors to the model as tool results", async () => {
    const a = await open({
      'editor/SKILL.md': agentSkill('editor', {
        'allowed-tools': ['Read', 'Edit'],
        'permission-mode': 'acceptEdits',
      }),
    });
    fs.writeFileSync(path.join(a.workdir, 'a.md'), 'one two two\n');
    srv().script(
      callTool('c1', 'Edit', { file_path: 'a.md', old_string: 'three', new_string: '3' }),
      callTool('c2', 'Edit', { file_path: 'a.md', old_string: 'two', new_string: '2' }),
      callTool('c3', 'Edit', { file_path: 'a.md', old_string: 'one', new_string: '1' }),
      { text: 'done' },
    );
    const runId = await a.start('editor', { input: 'edit it' });
    const run = await a.settle(runId);

    expect(run.status).toBe('succeeded');
    expect(run.output).toBe('done');
    expect(resultFor(srv().requests[1], 'c1')).toContain('old_string not found in a.md');
    expect(resultFor(srv().requests[2], 'c2')).toContain('old_string is not unique in a.md (2 matches)');
    expect(resultFor(srv().requests[3], 'c3')).toContain('Edited a.md');
    expect(fs.readFileSync(path.join(a.workdir, 'a.md'), 'utf8')).toBe('1 two two\n');
    const results = a.of(runId, 'tool_result');
    expect(results.map((r) => r.isError)).toEqual([true, true, false]);
    // a call that cannot run is refused before any permission question
    expect(a.of(runId, 'permission_request')).toEqual([]);
  });

  it('refuses a Write outside the working directory and writes nothing', async () => {
    const a = await open({
      'writer/SKILL.md': agentSkill('writer', {
        'allowed-tools': ['Write'],
        'permission-mode': 'unrestricted',
      }),
    });
    const outside = path.join(path.dirname(a.workdir), `outside-${path.basename(a.workdir)}.md`);
    srv().script(callTool('w1', 'Write', { file_path: outside, content: 'x' }), { text: 'ok' });
    const runId = await a.start('writer', { input: 'write' });
    const run = await a.settle(runId);

    expect(run.status).toBe('succeeded');
    const result = resultFor(srv().requests[1], 'w1');
    expect(result).toContain('is outside the working directory');
    expect(fs.existsSync(outside)).toBe(false);
    expect(a.of(runId, 'tool_result')[0]).toMatchObject({ tool: 'Write', isError: true });
  });
});

describe('allowed-tools is the ceiling', () => {
  it('does not offer a tool outside allowed-tools and refuses it when called anyway', async () => {
    const a = await open({
      'reader/SKILL.md': agentSkill('reader', { 'allowed-tools': ['Read', 'Glob'] }),
    });
    srv().script(callTool('b1', 'Bash', { command: 'echo hi' }), { text: 'ok' });
    const runId = await a.start('reader', { input: 'go' });
    const run = await a.settle(runId);

    expect(run.status).toBe('succeeded');
    const offered = offeredTools(srv().requests[0]!);
    expect(offered).toContain('Read');
    expect(offered).toContain('Glob');
    expect(offered).not.toContain('Bash');
    expect(offered).not.toContain('Write');
    expect(resultFor(srv().requests[1], 'b1')).toBe('tool Bash is not allowed for skill reader');
    expect(a.of(runId, 'permission_decision')).toMatchObject([
      { tool: 'Bash', decision: 'deny', source: 'ceiling' },
    ]);
  });
});

describe("the skill's own folder and agent: true", () => {
  it('lets read-only tools read the skill folder (references) but not write it', async () => {
    const a = await open({
      'guide/SKILL.md': agentSkill('guide', {
        'allowed-tools': ['Read', 'Write'],
        'permission-mode': 'unrestricted',
      }),
      'guide/references/style.md': 'Use short sentences.\n',
    });
    const skillDir = fs.realpathSync(path.join(a.t.skillsDir, 'guide'));
    srv().script(
      callTool('r1', 'Read', { file_path: path.join(skillDir, 'references/style.md') }),
      callTool('w1', 'Write', { file_path: path.join(skillDir, 'references/new.md'), content: 'x' }),
      { text: 'ok' },
    );
    const runId = await a.start('guide', { input: 'go' });
    expect((await a.settle(runId)).status).toBe('succeeded');
    expect(resultFor(srv().requests[1], 'r1')).toContain('Use short sentences.');
    expect(resultFor(srv().requests[2], 'w1')).toContain('is outside the working directory');
    expect(fs.existsSync(path.join(skillDir, 'references/new.md'))).toBe(false);
  });

  it('runs a prompt skill as an agent with agent: true, listing only the offered tools in its prompt', async () => {
    const a = await open({
      'plain/SKILL.md': '---\nname: plain\ndescription: A plain prompt skill.\n---\nHelp with the task.\n',
    });
    srv().script({ text: 'as a prompt' });
    const asPrompt = await a.start('plain', { input: 'go' });
    expect((await a.settle(asPrompt)).mode).toBe('prompt');
    expect(offeredTools(srv().requests[0]!)).toEqual([]);

    srv().script({ text: 'as an agent' });
    const asAgent = await a.start('plain', { input: 'go', agent: true });
    const run = await a.settle(asAgent);
    expect(run).toMatchObject({ mode: 'agent', status: 'succeeded', output: 'as an agent' });
    const offered = offeredTools(srv().requests[1]!);
    expect(offered).toContain('Read');
    expect(offered).toContain('AskUser');
    const tools = /- Tools: (.*)/.exec(systemOf(srv().requests[1]!))![1]!.split(', ');
    expect(tools.sort()).toEqual([...offered].sort());
  });

  it('refuses agent: true for a workflow skill', async () => {
    const a = await open({
      'flow/SKILL.md':
        '---\nname: flow\ndescription: Two steps.\nworkflow:\n  steps:\n    - id: a\n      prompt: A\n---\nBody.\n',
    });
    await expect(a.start('flow', { input: 'go', agent: true })).rejects.toThrow(
      /only a prompt skill can run as an agent/,
    );
  });
});

describe('MCP tools in an agent run', () => {
  it('offers a configured server’s tools as mcp__server__tool, asks before calling, passes its env', async () => {
    const a = await open({
      'mcp-user/SKILL.md': agentSkill('mcp-user', { 'allowed-tools': ['mcp__echo'] }),
    });
    const server = path.join(import.meta.dirname, '..', 'mcp', 'testdata', 'echo-server.mjs');
    await a.call('mcp:save', {
      name: 'echo',
      kind: 'stdio',
      command: process.execPath,
      args: [server],
      env: { ECHO_TOKEN: 'tok-123' },
    });
    srv().script(
      callTool('m1', 'mcp__echo__env', { name: 'ECHO_TOKEN' }),
      callTool('m2', 'mcp__echo__echo', { text: 'hi' }),
      { text: 'done' },
    );
    const runId = await a.start('mcp-user', { input: 'go' });
    // each MCP call asks in default mode; allow both
    for (const callId of ['m1', 'm2']) {
      const request = await a.next(runId, 'permission_request', (e) => e.callId === callId);
      await a.call('permissions:respond', { runId, requestId: request.requestId, choice: 'allow_once' });
    }
    const run = await a.settle(runId);

    expect(run.status).toBe('succeeded');
    const offered = offeredTools(srv().requests[0]!);
    expect(offered).toContain('mcp__echo__echo');
    expect(offered).not.toContain('Read');
    expect(resultFor(srv().requests[1], 'm1')).toBe('tok-123');
    expect(resultFor(srv().requests[2], 'm2')).toBe('hi');
    // the env value is a secret: not in the listing
    expect(JSON.stringify(await a.call('mcp:list', undefined))).not.toContain('tok-123');
  }, 20_000);
});
