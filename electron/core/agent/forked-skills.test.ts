// Claude Code's `context: fork` + `agent:` against the wire-format model server: a forked skill runs as
// its agent — the tools offered in the model request, its turns, a custom agent's instructions — and the
// Skill tool runs a forked skill as that sub-agent.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { RecordedRequest } from '../testing/llm-server';
import { expectWordsSayMessage } from '../testing/error-words';
import { writeTree } from '../test-support';
import { callTool, offeredTools, resultFor, systemOf, useAgentHarness } from './test-support';

const { server: srv, open } = useAgentHarness();

/** A SKILL.md as Claude Code writes a forked one: no execution-mode. */
const forked = (name: string, fields: string, body = `You are the ${name} skill.`) =>
  `---\nname: ${name}\ndescription: The ${name} test skill.\ncontext: fork\n${fields}\n---\n${body}\n`;

const sorted = (request: RecordedRequest | undefined) => offeredTools(request!).sort();
const READ_ONLY = ['Glob', 'Grep', 'Read'];
/** Every tool an agent run has here but Task and TaskOutput (sub-agents do not nest). */
const GENERAL = [
  'AskUser',
  'Bash',
  'Edit',
  'Glob',
  'Grep',
  'Memory',
  'Read',
  'Skill',
  'TodoWrite',
  'WebFetch',
  'WebSearch',
  'Write',
  'clipboard',
  'floating_card',
  'insert_text',
  'save_memo',
].sort();

let home: string | undefined;
afterEach(() => {
  if (home) fs.rmSync(home, { recursive: true, force: true });
  home = undefined;
});
const tempHome = () => (home = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'skilldeck-home-'))));

describe('context: fork with agent:', () => {
  it('explore is offered only Read, Glob and Grep, and stops after its 5 turns', async () => {
    const a = await open({ 'scout/SKILL.md': forked('scout', 'agent: explore') }, { homeDir: tempHome() });
    srv().setResponder(() => callTool('g', 'Glob', { pattern: '*' }));
    const run = await a.settle(await a.start('scout', { input: 'look' }));

    expect(run.mode).toBe('agent');
    expect(srv().requests).toHaveLength(5);
    for (const r of srv().requests) expect(sorted(r)).toEqual(READ_ONLY);
    expect(systemOf(srv().requests[0]!)).toContain(
      'You are a explore sub-agent working on: the skill "scout"',
    );
    expect(run.status).toBe('failed');
    expect(run.error).toContain('stopped after 5 model turns');
    expect(run.steps[0]).toMatchObject({ stepId: 'agent', name: 'scout · explore' });
  });

  it('Claude Code’s spelling (Explore, Plan) names the same agents', async () => {
    const a = await open(
      {
        'scout/SKILL.md': forked('scout', 'agent: Explore'),
        'planner/SKILL.md': forked('planner', 'agent: Plan'),
      },
      { homeDir: tempHome() },
    );
    await a.settle(await a.start('scout', { input: 'look' }));
    await a.settle(await a.start('planner', { input: 'plan' }));
    expect(sorted(srv().requests[0])).toEqual(READ_ONLY);
    expect(sorted(srv().requests[1])).toEqual(['Bash', ...READ_ONLY].sort());
  });

  it('plan’s Bash runs only commands that change nothing', async () => {
    const a = await open({ 'planner/SKILL.md': forked('planner', 'agent: plan') }, { homeDir: tempHome() });
    srv().script(
      callTool('w', 'Bash', { command: `touch ${path.join(a.workdir, 'made')}` }),
      callTool('r', 'Bash', { command: 'echo looked' }),
      { text: 'the plan' },
    );
    const run = await a.settle(await a.start('planner', { input: 'plan', permissionMode: 'unrestricted' }));
    expect(run.output).toBe('the plan');
    expect(resultFor(srv().requests[1], 'w')).toContain('a plan sub-agent only runs read-only commands');
    expect(fs.existsSync(path.join(a.workdir, 'made'))).toBe(false);
    expect(resultFor(srv().requests[2], 'r')).toContain('looked');
  });

  it('general-purpose (also when no agent is named) has every tool but Task, under the skill’s ceiling', async () => {
    const a = await open(
      {
        'helper/SKILL.md': forked('helper', 'agent: general-purpose'),
        'plain/SKILL.md': forked('plain', ''),
        'narrow/SKILL.md': forked('narrow', 'agent: general-purpose\nallowed-tools: Read, Task'),
      },
      { homeDir: tempHome() },
    );
    for (const id of ['helper', 'plain', 'narrow']) await a.settle(await a.start(id, { input: 'go' }));
    const [helper, plain, narrow] = srv().requests;
    expect(sorted(helper)).toEqual(GENERAL);
    expect(sorted(plain)).toEqual(GENERAL);
    expect(sorted(narrow)).toEqual(['Read']);
  });

  it('a custom agent of ~/.claude/agents: its tools, turns and instructions', async () => {
    const homeDir = tempHome();
    writeTree(homeDir, {
      '.claude/agents/reviewer.md':
        '---\nname: reviewer\ndescription: Reviews.\ntools: Read, Grep\nmaxTurns: 2\n---\nReview with care; cite lines.\n',
    });
    const a = await open({ 'review/SKILL.md': forked('review', 'agent: reviewer') }, { homeDir });
    srv().setResponder(() => callTool('g', 'Grep', { pattern: 'x' }));
    const run = await a.settle(await a.start('review', { input: 'check' }));
    expect(srv().requests).toHaveLength(2);
    expect(sorted(srv().requests[0])).toEqual(['Grep', 'Read']);
    expect(systemOf(srv().requests[0]!)).toContain('Review with care; cite lines.');
    expect(run.error).toContain('stopped after 2 model turns');
  });

  it('a plugin skill finds its plugin’s agents, by name or as plugin:agent', async () => {
    const plugins = tempHome();
    writeTree(plugins, {
      'kit/.claude-plugin/plugin.json': JSON.stringify({ name: 'kit' }),
      'kit/agents/auditor.md': '---\nname: auditor\ntools: [Read]\n---\nAudit.\n',
      'kit/skills/audit/SKILL.md': forked('audit', 'agent: auditor'),
      'kit/skills/audit2/SKILL.md': forked('audit2', 'agent: kit:auditor'),
    });
    const a = await open({}, { homeDir: plugins, pluginDirs: [path.join(plugins, 'kit')] });
    await a.settle(await a.start('kit:audit', { input: 'go' }));
    await a.settle(await a.start('kit:audit2', { input: 'go' }));
    expect(sorted(srv().requests[0])).toEqual(['Read']);
    expect(sorted(srv().requests[1])).toEqual(['Read']);
  });

  it('an agent found nowhere stops the run before any model call, saying where it looked', async () => {
    const homeDir = tempHome();
    const a = await open(
      {
        'ghost/SKILL.md': forked('ghost', 'agent: phantom'),
        'sneaky/SKILL.md': forked('sneaky', 'agent: ../../etc/passwd'),
      },
      { homeDir },
    );
    const ghostId = await a.start('ghost', { input: 'go' });
    const ghost = await a.settle(ghostId);
    expect(ghost.status).toBe('failed');
    // the dashboard says it in its own language
    expectWordsSayMessage(a.of(ghostId, 'complete')[0]!.words, ghost.error!);
    expect(ghost.error).toBe(
      `no agent "phantom": it is not explore, plan or general-purpose, and no agent file of that name is in ${path.join(homeDir, '.claude', 'agents')}`,
    );
    const sneakyId = await a.start('sneaky', { input: 'go' });
    const sneaky = await a.settle(sneakyId);
    expect(sneaky.error).toContain('is not an agent name');
    expectWordsSayMessage(a.of(sneakyId, 'complete')[0]!.words, sneaky.error!);
    expect(srv().requests).toHaveLength(0);
  });
});

describe('the Skill tool and a forked skill', () => {
  it('runs it as its sub-agent, with that agent’s tools, and hands back the answer', async () => {
    const a = await open(
      {
        'boss/SKILL.md': `---\nname: boss\ndescription: Boss.\nallowed-tools: Skill, Read, Write\n---\nBoss.\n`,
        'scout/SKILL.md': forked('scout', 'agent: explore', 'Find the config files.'),
      },
      { homeDir: tempHome() },
    );
    srv().script(callTool('s', 'Skill', { skill: 'scout' }), { text: 'found 2' }, { text: 'done' });
    const run = await a.settle(await a.start('boss', { input: 'go' }));
    const [, sub, last] = srv().requests;
    expect(run.output).toBe('done');
    expect(sorted(sub)).toEqual(['Read']); // explore's tools under the caller's ceiling
    expect(systemOf(sub!)).toContain('You are a explore sub-agent working on: skill scout');
    expect(JSON.stringify(sub!.body)).toContain('Find the config files.');
    expect(resultFor(last, 's')).toBe('found 2');
    expect(run.steps.map((s) => s.name)).toContain('explore: skill scout');
  });
});
