// `skilldeck run` on agent skills: --permission-mode, --approve, --workdir, terminal prompts and AskUser,
// against the local wire-format server scripting the model's tool calls.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { RunEvent } from '../../../shared/types/run';
import { startLlmServer, type LlmServer } from '../../core/testing/llm-server';
import { main, skillDirsFrom } from '../cli';
import type { Io } from '../io';
import { NEVER_REASON, NO_TERMINAL_ANSWER } from '../prompt';
import { runCommand, type RunOptions } from './run';

let server: LlmServer;
let root: string;
let dataDir: string;
let skillsDir: string;
let workdir: string;

const AGENT_SKILL = `---
name: helper
description: Does things with tools.
allowed-tools: Bash Read Write Edit AskUser
---
Help the user with tools.
`;

beforeAll(async () => {
  server = await startLlmServer();
});
afterAll(async () => {
  await server.close();
});
beforeEach(() => {
  root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'skilldeck-run-agent-')));
  dataDir = path.join(root, 'data');
  skillsDir = path.join(root, 'skills');
  workdir = path.join(root, 'project');
  fs.mkdirSync(path.join(skillsDir, 'helper'), { recursive: true });
  fs.mkdirSync(workdir);
  fs.writeFileSync(path.join(skillsDir, 'helper', 'SKILL.md'), AGENT_SKILL);
  return () => fs.rmSync(root, { recursive: true, force: true });
});

type Event = RunEvent & Record<string, unknown>;

/** runCommand with the answers scripted as stdin lines; stdout (ndjson events, the card) captured. */
async function agentRun(options: Partial<RunOptions> & { answers?: string[] }) {
  const stdout: string[] = [];
  const err: string[] = [];
  const { answers, ...rest } = options;
  const code = await runCommand(
    {
      skillId: 'helper',
      skillDirs: skillDirsFrom([skillsDir]),
      dataDirFlag: dataDir,
      input: 'go',
      config: {},
      provider: 'openai-compatible',
      baseUrl: `${server.url}/v1`,
      model: 'm1',
      events: true,
      stdout: { write: (s) => void stdout.push(s) },
      terminal: { input: Readable.from(answers?.map((a) => `${a}\n`) ?? []), isTTY: false },
      ...rest,
    },
    { out: () => undefined, err: (l) => err.push(l) },
  );
  const events = stdout
    .join('')
    .trim()
    .split('\n')
    .filter((l) => l !== '')
    .map((l) => JSON.parse(l) as Event);
  return { code, events, err: err.join('\n') };
}

/** The tool results the model received in request `i` (OpenAI `tool` messages). */
const toolResultsIn = (i: number) =>
  (server.requests[i]!.body as { messages: { role: string; content: string }[] }).messages
    .filter((m) => m.role === 'tool')
    .map((m) => m.content);

const bash = (command: string, id = 'c1') => ({
  toolCalls: [{ id, name: 'Bash', arguments: JSON.stringify({ command }) }],
});
const call = (name: string, input: unknown, id = 'c1') => ({
  toolCalls: [{ id, name, arguments: JSON.stringify(input) }],
});
const ofType = <T extends RunEvent['type']>(events: Event[], type: T) =>
  events.filter((e) => e.type === type) as (Extract<RunEvent, { type: T }> & Record<string, unknown>)[];

describe('--approve', () => {
  it('always: Bash runs, the prompt and the decision are printed and in the ndjson events', async () => {
    server.script(bash('echo hi'), { text: 'done' });
    const before = server.requests.length;
    const r = await agentRun({ approve: 'always', workdir });
    expect(r.code, r.err).toBe(0);
    expect(toolResultsIn(before + 1)).toEqual(['hi\n']);
    const [request] = ofType(r.events, 'permission_request');
    expect(request).toMatchObject({
      tool: 'Bash',
      input: { command: 'echo hi' },
      reason: 'default mode asks before Bash',
      suggestedRule: 'Bash(echo hi:*)',
    });
    expect(ofType(r.events, 'permission_decision')).toEqual([
      expect.objectContaining({
        requestId: request!.requestId,
        decision: 'allow',
        source: 'user',
        reason: 'allowed once',
      }),
    ]);
    expect(r.events.at(-1)).toMatchObject({ type: 'complete', status: 'succeeded', output: 'done' });
    expect(r.err).toContain('helper wants to use Bash');
    expect(r.err).toContain('command: echo hi');
    expect(r.err).toContain('"always" would save the rule: Bash(echo hi:*)');
    expect(r.err).toContain('Bash allowed once (--approve always)');
  });

  it('offers the other skills of every folder, though a run reads only its own skill first', async () => {
    fs.mkdirSync(path.join(skillsDir, 'shout'));
    fs.writeFileSync(
      path.join(skillsDir, 'shout', 'SKILL.md'),
      '---\nname: shout\ndescription: Says it in capitals.\n---\nSay it in CAPITALS.\n',
    );
    fs.mkdirSync(path.join(skillsDir, 'caller'));
    fs.writeFileSync(
      path.join(skillsDir, 'caller', 'SKILL.md'),
      AGENT_SKILL.replace('name: helper', 'name: caller').replace('AskUser', 'AskUser Skill'),
    );
    server.script(call('Skill', { skill: 'shout' }), { text: 'done' });
    const before = server.requests.length;
    const r = await agentRun({ skillId: 'caller', approve: 'always', workdir });
    expect(r.code, r.err).toBe(0);
    const system = (server.requests[before]!.body as { messages: { role: string; content: string }[] })
      .messages[0]!;
    expect(system.content).toContain('- shout: Says it in capitals.');
    expect(system.content).toContain('- helper: Does things with tools.');
    expect(toolResultsIn(before + 1).join('')).toContain('Say it in CAPITALS.');
  });

  it('never: Bash is denied and the model receives the deny as the tool result', async () => {
    server.script(bash('touch made-by-bash'), { text: 'could not' });
    const before = server.requests.length;
    const r = await agentRun({ approve: 'never', workdir });
    expect(r.code, r.err).toBe(0);
    expect(fs.existsSync(path.join(workdir, 'made-by-bash'))).toBe(false);
    expect(toolResultsIn(before + 1)).toEqual([`the user denied this call: ${NEVER_REASON}`]);
    expect(ofType(r.events, 'permission_decision')).toEqual([
      expect.objectContaining({ decision: 'deny', source: 'user' }),
    ]);
    expect(ofType(r.events, 'tool_result')[0]).toMatchObject({ isError: true });
    expect(r.err).toContain('Bash denied (--approve never)');
  });

  it('defaults to never when stdin is not a terminal, so the run never waits for an answer', async () => {
    server.script(bash('touch x'), { text: 'ok' });
    const before = server.requests.length;
    const r = await agentRun({ workdir, answers: ['y'] });
    expect(r.code, r.err).toBe(0);
    expect(toolResultsIn(before + 1)).toEqual([`the user denied this call: ${NEVER_REASON}`]);
    expect(fs.existsSync(path.join(workdir, 'x'))).toBe(false);
  });

  it('ask: y allows once, after an answer that is not one of the choices', async () => {
    server.script(bash('echo yes'), { text: 'done' });
    const before = server.requests.length;
    const r = await agentRun({ approve: 'ask', workdir, answers: ['maybe', 'y'] });
    expect(r.code, r.err).toBe(0);
    expect(toolResultsIn(before + 1)).toEqual(['yes\n']);
    expect(r.err).toContain('Answer y, r, a or n (not "maybe").');
    expect(r.err).toContain('Bash allowed once');
    expect(ofType(r.events, 'permission_decision')[0]).toMatchObject({ decision: 'allow', source: 'user' });
  });

  it('ask: n with a reason denies, and the model receives the reason', async () => {
    server.script(bash('rm -rf build'), { text: 'ok, not deleting' });
    const before = server.requests.length;
    const r = await agentRun({ approve: 'ask', workdir, answers: ['n', 'keep the build folder'] });
    expect(r.code, r.err).toBe(0);
    expect(toolResultsIn(before + 1)).toEqual(['the user denied this call: keep the build folder']);
    expect(ofType(r.events, 'permission_decision')[0]).toMatchObject({
      decision: 'deny',
      source: 'user',
      reason: 'denied: keep the build folder',
    });
  });

  it('ask: r allows the rule for the rest of the run (no second prompt)', async () => {
    // the suggested rule Bash(echo one:*) also covers `echo one two`
    server.script(bash('echo one', 'c1'), bash('echo one two', 'c2'), { text: 'done' });
    const before = server.requests.length;
    const r = await agentRun({ approve: 'ask', workdir, answers: ['r'] });
    expect(r.code, r.err).toBe(0);
    expect(toolResultsIn(before + 2)).toEqual(['one\n', 'one two\n']);
    expect(ofType(r.events, 'permission_request')).toHaveLength(1);
    expect(ofType(r.events, 'permission_decision').map((e) => e.source)).toEqual(['user', 'run-grant']);
  });

  it('ask: a saves the rule for the skill; the next run is not asked', async () => {
    server.script(bash('echo a1'), { text: 'done' });
    let r = await agentRun({ approve: 'ask', workdir, answers: ['a'] });
    expect(r.code, r.err).toBe(0);
    expect(ofType(r.events, 'permission_decision')[0]).toMatchObject({ rule: 'Bash(echo a1:*)' });
    server.script(bash('echo a1 again'), { text: 'done' });
    const before = server.requests.length;
    r = await agentRun({ approve: 'never', workdir });
    expect(toolResultsIn(before + 1)).toEqual(['a1 again\n']);
    expect(ofType(r.events, 'permission_request')).toHaveLength(0);
    expect(ofType(r.events, 'permission_decision')[0]).toMatchObject({ decision: 'allow', source: 'rule' });
  });

  it('ask: stdin ending before an answer is a deny', async () => {
    server.script(bash('echo never'), { text: 'ok' });
    const before = server.requests.length;
    const r = await agentRun({ approve: 'ask', workdir, answers: [] });
    expect(r.code, r.err).toBe(0);
    expect(toolResultsIn(before + 1)).toEqual([
      'the user denied this call: stdin ended before the user answered',
    ]);
  });

  it('ask: a Write prompt shows the diff', async () => {
    server.script(call('Write', { file_path: 'notes.md', content: 'hello\n' }), { text: 'written' });
    const r = await agentRun({ approve: 'ask', workdir, answers: ['y'] });
    expect(r.code, r.err).toBe(0);
    expect(fs.readFileSync(path.join(workdir, 'notes.md'), 'utf8')).toBe('hello\n');
    expect(ofType(r.events, 'permission_request')[0]!.diff).toContain('+hello');
    expect(r.err).toMatch(/diff:\n[\s\S]*\+hello/);
  });
});

describe('--permission-mode', () => {
  it('plan refuses Write without asking', async () => {
    server.script(call('Write', { file_path: 'plan.md', content: 'x' }), { text: 'planned' });
    const before = server.requests.length;
    const r = await agentRun({ approve: 'always', permissionMode: 'plan', workdir });
    expect(r.code, r.err).toBe(0);
    expect(fs.existsSync(path.join(workdir, 'plan.md'))).toBe(false);
    expect(toolResultsIn(before + 1)).toEqual(['permission denied (plan mode allows read-only tools only)']);
    expect(ofType(r.events, 'permission_request')).toHaveLength(0);
    expect(ofType(r.events, 'permission_decision')[0]).toMatchObject({ decision: 'deny', source: 'mode' });
  });

  it('acceptEdits writes inside the working directory without asking', async () => {
    server.script(call('Write', { file_path: 'a.txt', content: 'A' }), { text: 'ok' });
    const r = await agentRun({ approve: 'never', permissionMode: 'acceptEdits', workdir });
    expect(r.code, r.err).toBe(0);
    expect(fs.readFileSync(path.join(workdir, 'a.txt'), 'utf8')).toBe('A');
    expect(ofType(r.events, 'permission_request')).toHaveLength(0);
  });
});

describe('--workdir', () => {
  it('confines Read and Write to the folder', async () => {
    fs.writeFileSync(path.join(root, 'secret.txt'), 'secret');
    fs.writeFileSync(path.join(workdir, 'inside.txt'), 'inside');
    server.script(
      call('Read', { file_path: 'inside.txt' }, 'r1'),
      call('Read', { file_path: path.join(root, 'secret.txt') }, 'r2'),
      call('Write', { file_path: '../escaped.txt', content: 'x' }, 'w1'),
      call('Write', { file_path: 'sub/ok.txt', content: 'ok' }, 'w2'),
      { text: 'done' },
    );
    const before = server.requests.length;
    const r = await agentRun({ approve: 'always', workdir });
    expect(r.code, r.err).toBe(0);
    const results = toolResultsIn(before + 4);
    expect(results[0]).toContain('inside');
    expect(results[1]).toMatch(/is outside the working directory/);
    expect(results[1]).not.toContain('secret\n');
    expect(results[2]).toMatch(/is outside the working directory/);
    expect(fs.existsSync(path.join(root, 'escaped.txt'))).toBe(false);
    expect(fs.readFileSync(path.join(workdir, 'sub', 'ok.txt'), 'utf8')).toBe('ok');
    const system = (server.requests[before]!.body as { messages: { content: string }[] }).messages[0]!
      .content;
    expect(system).toContain(`Working directory: ${workdir}`);
  });

  it('defaults to the skill workspace in the data dir', async () => {
    server.script(call('Write', { file_path: 'w.txt', content: 'w' }), { text: 'ok' });
    const r = await agentRun({ approve: 'always' });
    expect(r.code, r.err).toBe(0);
    expect(fs.readFileSync(path.join(dataDir, 'workspaces', 'helper', 'w.txt'), 'utf8')).toBe('w');
  });

  it('a folder that does not exist is a usage error', async () => {
    const r = await agentRun({ workdir: path.join(root, 'nope') });
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/--workdir .*nope is not a folder/);
  });
});

describe('AskUser', () => {
  it('is asked on the terminal; a number picks an option', async () => {
    server.script(call('AskUser', { question: 'Which language?', options: ['English', 'French'] }), {
      text: 'fine',
    });
    const before = server.requests.length;
    const r = await agentRun({ approve: 'ask', workdir, answers: ['2'] });
    expect(r.code, r.err).toBe(0);
    expect(r.err).toContain('question: Which language?');
    expect(r.err).toContain('  2. French');
    expect(toolResultsIn(before + 1)).toEqual(['The user answered: French']);
    expect(ofType(r.events, 'ask_user')[0]).toMatchObject({ question: 'Which language?' });
  });

  it('without a terminal (and no --approve ask) gets "no answer" at once', async () => {
    server.script(call('AskUser', { question: 'Proceed?' }), { text: 'went on' });
    const before = server.requests.length;
    const r = await agentRun({ workdir, answers: ['yes'] });
    expect(r.code, r.err).toBe(0);
    expect(toolResultsIn(before + 1)).toEqual([`The user answered: ${NO_TERMINAL_ANSWER}`]);
    expect(r.err).toContain('no terminal to ask on');
  });
});

describe('flags through the CLI', () => {
  async function cli(args: string[]) {
    const err: string[] = [];
    const io: Io = { out: () => undefined, err: (l) => err.push(l) };
    const written: string[] = [];
    const stdoutWrite = process.stdout.write.bind(process.stdout);
    process.stdout.write = ((chunk: string) => (
      written.push(String(chunk)),
      true
    )) as typeof process.stdout.write;
    let code: number;
    try {
      code = await main(
        [
          'run',
          ...args,
          '--data-dir',
          dataDir,
          '--skills-dir',
          skillsDir,
          '--provider',
          'openai-compatible',
          '--base-url',
          `${server.url}/v1`,
          '--model',
          'm1',
        ],
        io,
      );
    } finally {
      process.stdout.write = stdoutWrite;
    }
    return { code, stdout: written.join(''), err: err.join('\n') };
  }

  it('--approve always --permission-mode default --workdir --events ndjson', async () => {
    server.script(bash('echo via-cli'), { text: 'done' });
    const before = server.requests.length;
    const r = await cli([
      'helper',
      '--input',
      'go',
      '--approve',
      'always',
      '--permission-mode',
      'default',
      '--workdir',
      workdir,
      '--events',
      'ndjson',
    ]);
    expect(r.code, r.err).toBe(0);
    expect(toolResultsIn(before + 1)).toEqual(['via-cli\n']);
    const types = r.stdout
      .trim()
      .split('\n')
      .map((l) => (JSON.parse(l) as RunEvent).type);
    expect(types).toEqual(
      expect.arrayContaining(['tool_call', 'permission_request', 'permission_decision', 'tool_result']),
    );
  });

  it('--permission-mode accept-edits maps to acceptEdits; --approve never denies Bash', async () => {
    server.script(call('Write', { file_path: 'e.txt', content: 'e' }, 'w'), bash('touch b', 'b'), {
      text: 'ok',
    });
    const before = server.requests.length;
    const r = await cli([
      'helper',
      '--input',
      'go',
      '--permission-mode',
      'accept-edits',
      '--approve',
      'never',
      '--workdir',
      workdir,
    ]);
    expect(r.code, r.err).toBe(0);
    expect(fs.readFileSync(path.join(workdir, 'e.txt'), 'utf8')).toBe('e');
    expect(toolResultsIn(before + 2)[1]).toBe(`the user denied this call: ${NEVER_REASON}`);
    expect(fs.existsSync(path.join(workdir, 'b'))).toBe(false);
  });

  it('rejects bad values with exit 2', async () => {
    let r = await cli(['helper', '--permission-mode', 'yolo']);
    expect(r.code).toBe(2);
    expect(r.err).toContain(
      '--permission-mode is one of default, accept-edits, plan, unrestricted, not "yolo"',
    );
    r = await cli(['helper', '--permission-mode', 'constructor']);
    expect(r.code).toBe(2);
    r = await cli(['helper', '--approve', 'sometimes']);
    expect(r.code).toBe(2);
    expect(r.err).toContain('--approve is one of ask, always, never, not "sometimes"');
  });
});
