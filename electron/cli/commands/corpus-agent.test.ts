// The "Done when": two real corpus skills — obra/superpowers `verification-before-completion` and
// anthropics/skills `skill-creator` — run in agent mode through `skilldeck run` against the scripted
// wire-format server to completion, every tool call permission-checked.
//
// Neither skill declares `allowed-tools` or `context: fork` (no skill in the corpus does), so the
// executor infers `prompt` mode for them and the model is offered no tools — the first test pins that.
// The agent-mode tests run the unchanged copies with `--agent` (RunStart `agent: true`), as a user
// bringing Claude Code skills would.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { RunEvent } from '../../../shared/types/run';
import { startLlmServer, type LlmServer } from '../../core/testing/llm-server';
import { skillDirsFrom } from '../cli';
import { NEVER_REASON } from '../prompt';
import { runCommand, type RunOptions } from './run';

// the repo's copy of ../shared/corpus (byte-identical for these two skills)
const CORPUS = path.resolve(import.meta.dirname, '../../core/skills/testdata/corpus');
const VERIFICATION = path.join(CORPUS, 'obra+superpowers/skills/verification-before-completion');
const SKILL_CREATOR = path.join(CORPUS, 'anthropics+skills/skills/skill-creator');

let server: LlmServer;
let root: string;
let dataDir: string;
let skillsDir: string;
let workdir: string;

beforeAll(async () => {
  server = await startLlmServer();
});
afterAll(async () => {
  await server.close();
});
beforeEach(() => {
  root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'skilldeck-corpus-agent-')));
  dataDir = path.join(root, 'data');
  skillsDir = path.join(root, 'skills');
  workdir = path.join(root, 'project');
  fs.mkdirSync(skillsDir);
  fs.mkdirSync(workdir);
  return () => fs.rmSync(root, { recursive: true, force: true });
});

/** Whether the next runs pass `--agent`. */
let runAsAgent = false;

/** Copies a corpus skill folder, unchanged, into the skills dir; `agent`: run it with `--agent`. */
function install(from: string, { agent }: { agent: boolean }): string {
  const dir = path.join(skillsDir, path.basename(from));
  fs.cpSync(from, dir, { recursive: true });
  runAsAgent = agent;
  return dir;
}

type Event = RunEvent & Record<string, unknown>;

async function run(skillId: string, options: Partial<RunOptions> & { answers?: string[] }) {
  const stdout: string[] = [];
  const err: string[] = [];
  const { answers, ...rest } = options;
  const code = await runCommand(
    {
      skillId,
      skillDirs: skillDirsFrom([skillsDir]),
      dataDirFlag: dataDir,
      config: {},
      provider: 'openai-compatible',
      baseUrl: `${server.url}/v1`,
      model: 'm1',
      events: true,
      permissionMode: 'default',
      workdir,
      agent: runAsAgent,
      stdout: { write: (s) => void stdout.push(s) },
      terminal: { input: Readable.from((answers ?? []).map((a) => `${a}\n`)), isTTY: false },
      ...rest,
    },
    { out: () => undefined, err: (l) => err.push(l) },
  );
  const events = stdout
    .join('')
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as Event);
  return { code, events, err: err.join('\n') };
}

type Body = {
  messages: { role: string; content: string | null }[];
  tools?: { function: { name: string } }[];
};
const body = (i: number) => server.requests[i]!.body as Body;
const toolResultsIn = (i: number) =>
  body(i)
    .messages.filter((m) => m.role === 'tool')
    .map((m) => m.content ?? '');
const ofType = <T extends RunEvent['type']>(events: Event[], type: T) =>
  events.filter((e) => e.type === type) as (Extract<RunEvent, { type: T }> & Record<string, unknown>)[];
const call = (id: string, name: string, input: unknown) => ({
  toolCalls: [{ id, name, arguments: JSON.stringify(input) }],
});

describe('corpus skills in agent mode', () => {
  it('as written, both skills infer prompt mode: no tools are offered to the model', async () => {
    install(VERIFICATION, { agent: false });
    install(SKILL_CREATOR, { agent: false });
    for (const id of ['verification-before-completion', 'skill-creator']) {
      server.script({ text: `plain answer of ${id}` });
      const before = server.requests.length;
      const r = await run(id, { input: 'go' });
      expect(r.code, r.err).toBe(0);
      expect(r.events[0]).toMatchObject({ type: 'run_start', mode: 'prompt' });
      expect(body(before).tools).toBeUndefined();
    }
  });

  describe('verification-before-completion', () => {
    beforeEach(() => {
      install(VERIFICATION, { agent: true });
      // the project it verifies: `npm test` prints a result without needing any package
      fs.writeFileSync(
        path.join(workdir, 'package.json'),
        JSON.stringify({
          name: 'demo',
          private: true,
          scripts: { test: 'node -e "console.log(\'12 passing, 0 failing\')"' },
        }),
      );
    });

    it('runs `npm test` once the prompt is allowed, and answers from its output', async () => {
      server.script(call('c1', 'Bash', { command: 'npm test', description: 'Run the test suite' }), {
        text: 'Verified: npm test reports 12 passing, 0 failing. Safe to commit.',
      });
      const before = server.requests.length;
      const r = await run('verification-before-completion', {
        input: 'I fixed the login bug. Verify before I commit.',
        approve: 'ask',
        answers: ['y'],
      });
      expect(r.code, r.err).toBe(0);
      expect(r.events[0]).toMatchObject({ type: 'run_start', mode: 'agent' });
      // the skill's body is the system prompt; the tools are offered
      const first = body(before);
      expect(first.messages[0]!.content).toContain(
        'NO COMPLETION CLAIMS WITHOUT FRESH VERIFICATION EVIDENCE',
      );
      expect(first.messages[0]!.content).toContain(`Working directory: ${workdir}`);
      expect(first.messages[1]).toEqual({
        role: 'user',
        content: 'I fixed the login bug. Verify before I commit.',
      });
      expect(first.tools!.map((t) => t.function.name)).toEqual(
        expect.arrayContaining(['Bash', 'Read', 'Write']),
      );
      // Bash asked, allowed by the terminal answer
      const [request] = ofType(r.events, 'permission_request');
      expect(request).toMatchObject({
        skill: 'verification-before-completion',
        tool: 'Bash',
        input: { command: 'npm test' },
        reason: 'default mode asks before Bash',
        suggestedRule: 'Bash(npm test:*)',
      });
      expect(ofType(r.events, 'permission_decision')).toEqual([
        expect.objectContaining({ requestId: request!.requestId, decision: 'allow', source: 'user' }),
      ]);
      expect(r.err).toContain('verification-before-completion wants to use Bash');
      // the model received the command's real output
      const [result] = toolResultsIn(before + 1);
      expect(result).toContain('12 passing, 0 failing');
      expect(ofType(r.events, 'tool_result')[0]).toMatchObject({ tool: 'Bash', isError: false });
      expect(r.events.at(-1)).toMatchObject({
        type: 'complete',
        status: 'succeeded',
        output: 'Verified: npm test reports 12 passing, 0 failing. Safe to commit.',
      });
    });

    it('with --approve never the command is not run and the model is told why', async () => {
      server.script(call('c1', 'Bash', { command: 'npm test' }), {
        text: 'I could not run the tests (permission denied), so I cannot claim the fix works.',
      });
      const before = server.requests.length;
      const r = await run('verification-before-completion', { input: 'Is it done?', approve: 'never' });
      expect(r.code, r.err).toBe(0);
      expect(toolResultsIn(before + 1)).toEqual([`the user denied this call: ${NEVER_REASON}`]);
      expect(ofType(r.events, 'permission_decision')[0]).toMatchObject({ decision: 'deny', source: 'user' });
      expect(r.events.at(-1)).toMatchObject({ type: 'complete', status: 'succeeded' });
    });
  });

  describe('skill-creator', () => {
    it('reads the brief in the project, writes a new SKILL.md there once allowed, and finishes', async () => {
      const skillDir = install(SKILL_CREATOR, { agent: true });
      fs.writeFileSync(
        path.join(workdir, 'brief.md'),
        'I want a skill that writes Conventional Commits messages from a staged diff.\n',
      );
      const newSkill = [
        '---',
        'name: commit-message',
        'description: Write a Conventional Commits message for the staged diff. Use when committing.',
        'allowed-tools: Bash(git diff:*)',
        '---',
        '',
        '# Commit message',
        '',
        'Run `git diff --staged`, then write `type(scope): summary` and a short body.',
        '',
      ].join('\n');
      server.script(
        call('r1', 'Read', { file_path: 'brief.md' }),
        // its own folder (references, scripts) is readable by the read-only tools, wherever the workdir is
        call('r2', 'Read', { file_path: path.join(skillDir, 'SKILL.md') }),
        call('w1', 'Write', { file_path: 'commit-message/SKILL.md', content: newSkill }),
        { text: 'Created commit-message/SKILL.md. Next: try it on a few staged diffs.' },
      );
      const before = server.requests.length;
      const r = await run('skill-creator', {
        input: 'Create the skill described in brief.md',
        approve: 'ask',
        answers: ['y'],
      });
      expect(r.code, r.err).toBe(0);
      expect(r.events[0]).toMatchObject({ type: 'run_start', mode: 'agent' });
      expect(body(before).messages[0]!.content).toContain('A skill for creating new skills');

      // Read inside the working directory: allowed by the mode, no prompt
      const results = toolResultsIn(before + 3);
      expect(results[0]).toContain('Conventional Commits messages from a staged diff');
      expect(results[1]).toContain('A skill for creating new skills');
      expect(results[2]).toMatch(/commit-message\/SKILL\.md/);
      // only the Write was asked, with its diff; allowed by the answer
      const requests = ofType(r.events, 'permission_request');
      expect(requests).toHaveLength(1);
      expect(requests[0]).toMatchObject({
        skill: 'skill-creator',
        tool: 'Write',
        reason: 'default mode asks before Write',
      });
      expect(requests[0]!.diff).toContain('+name: commit-message');
      expect(ofType(r.events, 'permission_decision')).toEqual([
        expect.objectContaining({ tool: 'Write', decision: 'allow', source: 'user' }),
      ]);
      expect(fs.readFileSync(path.join(workdir, 'commit-message', 'SKILL.md'), 'utf8')).toBe(newSkill);
      // the corpus copy is untouched apart from the added line
      expect(fs.readdirSync(skillDir).sort()).toEqual(['LICENSE.txt', 'SKILL.md']);
      expect(r.events.at(-1)).toMatchObject({
        type: 'complete',
        status: 'succeeded',
        output: 'Created commit-message/SKILL.md. Next: try it on a few staged diffs.',
      });
    });

    it('in plan mode the Write is refused without a prompt and nothing is written', async () => {
      install(SKILL_CREATOR, { agent: true });
      server.script(call('w1', 'Write', { file_path: 'x/SKILL.md', content: '---\nname: x\n---\n' }), {
        text: 'Here is the plan instead.',
      });
      const before = server.requests.length;
      const r = await run('skill-creator', {
        input: 'Create a skill',
        permissionMode: 'plan',
        approve: 'always',
      });
      expect(r.code, r.err).toBe(0);
      expect(toolResultsIn(before + 1)).toEqual([
        'permission denied (plan mode allows read-only tools only)',
      ]);
      expect(ofType(r.events, 'permission_request')).toHaveLength(0);
      expect(fs.existsSync(path.join(workdir, 'x'))).toBe(false);
    });
  });
});
