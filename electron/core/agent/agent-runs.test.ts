// Agent runs end to end, the run-level features: sub-agents and background tasks, AskUser across a restart,
// context trimming and output caps, max-iterations, Memory, Skill and the system prompt.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { RecordedRequest } from '../testing/llm-server';
import { defineTool } from './types';
import { z } from 'zod';
import {
  agentSkill,
  callTool,
  offeredTools,
  resultFor,
  systemOf,
  textOf,
  useAgentHarness,
  wireMessages,
} from './test-support';

const { server: srv, open } = useAgentHarness();

const isSub = (r: RecordedRequest) => systemOf(r).includes('# Sub-agent');

describe('sub-agents', () => {
  it('a sub-agent is not offered Task and is refused when it calls it', async () => {
    const a = await open({
      'boss/SKILL.md': agentSkill('boss', { 'allowed-tools': ['Task', 'Read'] }),
    });
    srv().script(
      callTool('t1', 'Task', {
        description: 'look around',
        prompt: 'list things',
        subagent_type: 'general-purpose',
      }),
      callTool('s1', 'Task', { description: 'nested', prompt: 'again' }),
      { text: 'sub findings' },
      { text: 'all done' },
    );
    const runId = await a.start('boss', { input: 'go' });
    const run = await a.settle(runId);

    expect(run.status).toBe('succeeded');
    expect(run.output).toBe('all done');
    const [main, sub1, sub2, main2] = srv().requests;
    expect(offeredTools(main!)).toEqual(expect.arrayContaining(['Task', 'TaskOutput', 'Read']));
    expect(isSub(sub1!)).toBe(true);
    expect(offeredTools(sub1!)).toContain('Read');
    expect(offeredTools(sub1!)).not.toContain('Task');
    expect(offeredTools(sub1!)).not.toContain('TaskOutput');
    expect(textOf(wireMessages(sub1!).find((m) => m.role === 'user'))).toBe('list things');
    expect(resultFor(sub2, 's1')).toBe('tool Task is not allowed here: a sub-agent cannot start sub-agents');
    expect(resultFor(main2, 't1')).toBe('sub findings');
    expect(run.steps.map((s) => [s.stepId, s.status])).toEqual(
      expect.arrayContaining([
        ['agent', 'succeeded'],
        ['task-1', 'succeeded'],
      ]),
    );
    // what the run view hangs under the agent's step: the Task call it came from, how it ended
    expect(a.of(runId, 'subagent_start')).toEqual([
      expect.objectContaining({
        stepId: 'task-1',
        parentStepId: 'agent',
        callId: 't1',
        agent: 'general-purpose',
        description: 'look around',
        prompt: 'list things',
      }),
    ]);
    expect(a.of(runId, 'subagent_start')[0]).not.toHaveProperty('taskId');
    expect(a.of(runId, 'subagent_end')).toEqual([
      expect.objectContaining({ stepId: 'task-1', status: 'succeeded', output: 'sub findings', error: null }),
    ]);
  });

  it('runs a Task in the background and TaskOutput waits for its result', async () => {
    const a = await open({
      'boss/SKILL.md': agentSkill('boss', { 'allowed-tools': ['Task', 'Read'] }),
    });
    let mainTurns = 0;
    srv().setResponder((request) => {
      if (isSub(request)) return { text: 'background result', delayMs: 100 };
      mainTurns++;
      if (mainTurns === 1)
        return callTool('t1', 'Task', {
          description: 'slow work',
          prompt: 'do it',
          subagent_type: 'explore',
          run_in_background: true,
        });
      if (mainTurns === 2) return callTool('o1', 'TaskOutput', { task_id: 'task_1', block: true });
      return { text: 'finished' };
    });
    const runId = await a.start('boss', { input: 'go' });
    const run = await a.settle(runId);

    expect(run.status).toBe('succeeded');
    const mains = srv().requests.filter((r) => !isSub(r));
    expect(resultFor(mains[1], 't1')).toBe(
      'started task task_1 in the background; read its result with TaskOutput',
    );
    expect(resultFor(mains[2], 'o1')).toBe('task task_1 completed:\nbackground result');
    const sub = srv().requests.find(isSub)!;
    // explore's tools within the skill's ceiling
    expect(offeredTools(sub)).toEqual(['Read']);
    expect(a.of(runId, 'subagent_start')).toEqual([
      expect.objectContaining({ parentStepId: 'agent', callId: 't1', taskId: 'task_1', agent: 'explore' }),
    ]);
    // it ended before TaskOutput handed its result over
    const events = a.events.get(runId)!;
    const ended = events.findIndex((e) => e.type === 'subagent_end');
    const read = events.findIndex((e) => e.type === 'tool_result' && e.callId === 'o1');
    expect(events[ended]).toMatchObject({ status: 'succeeded', output: 'background result' });
    expect(ended).toBeLessThan(read);
  });
});

describe('AskUser', () => {
  it('waits for the answer across a restart: resume asks again, the answer reaches the model', async () => {
    const a = await open({
      'asker/SKILL.md': agentSkill('asker', { 'allowed-tools': ['AskUser', 'Read'] }),
    });
    srv().script(callTool('q1', 'AskUser', { question: 'Which color?', options: ['red', 'blue'] }));
    const runId = await a.start('asker', { input: 'paint' });
    const asked = await a.next(runId, 'ask_user');

    expect(asked).toMatchObject({ callId: 'q1', question: 'Which color?', options: ['red', 'blue'] });
    expect((await a.call('runs:get', { runId })).status).toBe('waiting');
    expect((await a.call('runs:list', { status: 'waiting' })).runs.map((r) => r.id)).toEqual([runId]);

    a.reopen();
    expect((await a.call('runs:get', { runId })).status).toBe('waiting');
    expect((await a.call('runs:list', { status: 'waiting' })).runs.map((r) => r.id)).toEqual([runId]);

    srv().script({ text: 'painted it blue' });
    await a.call('runs:resume', { runId });
    // the same question is open again, under its id: dashboards following the run are told again
    const again = await a.next(runId, 'ask_user', (e) => e !== asked);
    expect(again).toEqual(asked);
    expect(await a.call('permissions:pending', undefined)).toMatchObject([
      { requestId: asked.requestId, runId, kind: 'ask_user', expiresAt: null },
    ]);
    expect(
      (await a.call('runs:answer', { runId, requestId: asked.requestId, answer: 'blue' })).answered,
    ).toBe(true);
    const run = await a.settle(runId);

    expect(run.status).toBe('succeeded');
    expect(run.output).toBe('painted it blue');
    expect(srv().requests).toHaveLength(2);
    expect(resultFor(srv().requests[1], 'q1')).toBe('The user answered: blue');
    // the stored history has the whole run, both processes, each event once
    const count = (type: string) => run.events.filter((e) => e.type === type).length;
    expect(count('tool_call')).toBe(1);
    expect(count('ask_user')).toBe(1);
    expect(count('ask_user_answer')).toBe(1);
    expect(count('tool_result')).toBe(1);
    expect(run.events.find((e) => e.type === 'ask_user_answer')).toMatchObject({
      requestId: asked.requestId,
      answer: 'blue',
    });
    expect(run.events.at(-1)!.type).toBe('complete');
  });
});

describe('context budget', () => {
  it('drops the oldest turns whole, after the first user message, when the context is small', async () => {
    const a = await open({ 'reader/SKILL.md': agentSkill('reader', { 'allowed-tools': ['Read'] }) });
    const line = 'x'.repeat(60);
    fs.writeFileSync(path.join(a.workdir, 'big.txt'), Array.from({ length: 120 }, () => line).join('\n'));
    // each Read result is ≈ 8,000 characters ≈ 2,000 tokens; 70% of 5,000 tokens holds one of them
    a.t.core.settings.set('models.contextTokens', { 'openai-compatible/m': 5000 });
    srv().script(
      callTool('r1', 'Read', { file_path: 'big.txt' }),
      callTool('r2', 'Read', { file_path: 'big.txt' }),
      callTool('r3', 'Read', { file_path: 'big.txt' }),
      { text: 'read it all' },
    );
    const runId = await a.start('reader', { input: 'read big.txt three times' });
    const run = await a.settle(runId);

    expect(run.status).toBe('succeeded');
    expect(run.provider).toBe('openai-compatible');
    const requests = srv().requests;
    expect(requests).toHaveLength(4);
    const shape = (r: RecordedRequest) =>
      wireMessages(r).map((m) => (m.role === 'tool' ? `tool:${m.tool_call_id}` : m.role));
    expect(shape(requests[0]!)).toEqual(['system', 'user']);
    expect(shape(requests[1]!)).toEqual(['system', 'user', 'assistant', 'tool:r1']);
    expect(shape(requests[2]!)).toEqual(['system', 'user', 'user', 'assistant', 'tool:r2']);
    expect(textOf(wireMessages(requests[2]!)[2])).toBe('[2 earlier messages omitted]');
    expect(shape(requests[3]!)).toEqual(['system', 'user', 'user', 'assistant', 'tool:r3']);
    expect(textOf(wireMessages(requests[3]!)[2])).toBe('[4 earlier messages omitted]');
    expect(textOf(wireMessages(requests[3]!)[1])).toBe('read big.txt three times');
    // a tool result always follows the assistant turn that called it
    for (const r of requests) {
      const messages = wireMessages(r);
      messages.forEach((m, i) => {
        if (m.role !== 'tool') return;
        const caller = messages.slice(0, i).findLast((p) => p.role === 'assistant');
        expect(caller?.tool_calls?.map((c) => c.id)).toContain(m.tool_call_id);
      });
    }
  });

  it('cuts tool output over 30,000 characters with a note saying so', async () => {
    const a = await open(
      {
        'talker/SKILL.md': agentSkill('talker', {
          'allowed-tools': ['Bash', 'Loud'],
          'permission-mode': 'unrestricted',
        }),
      },
      {
        extraAgentTools: () => [
          defineTool({
            name: 'Loud',
            description: 'Says a lot.',
            effect: 'read',
            input: z.object({}),
            execute: async () => ({ output: 'y'.repeat(40_000), summary: 'loud' }),
          }),
        ],
      },
    );
    srv().script(
      callTool('l1', 'Loud', {}),
      callTool('b1', 'Bash', { command: "head -c 50000 /dev/zero | tr '\\0' a" }),
      { text: 'ok' },
    );
    const runId = await a.start('talker', { input: 'x' });
    const run = await a.settle(runId);

    expect(run.status).toBe('succeeded');
    const loud = resultFor(srv().requests[1], 'l1');
    expect(loud).toBe(`${'y'.repeat(30_000)}\n[output truncated: 40000 characters, first 30000 shown]`);
    const bash = resultFor(srv().requests[2], 'b1');
    expect(bash.startsWith('a'.repeat(30_000))).toBe(true);
    expect(bash.match(/\[output truncated: \d+ characters, first 30000 shown\]/g)).toEqual([
      '[output truncated: 50000 characters, first 30000 shown]',
    ]);
    expect(a.of(runId, 'tool_result').map((e) => e.output)).toEqual([loud, bash]);
  });
});

describe('max-iterations', () => {
  it('stops a model that keeps calling tools', async () => {
    const a = await open({
      'looper/SKILL.md': agentSkill('looper', { 'allowed-tools': ['Glob'], 'max-iterations': 3 }),
    });
    let n = 0;
    srv().setResponder(() => callTool(`g${++n}`, 'Glob', { pattern: '*' }, `turn ${n}`));
    const runId = await a.start('looper', { input: 'x' });
    const run = await a.settle(runId);

    expect(srv().requests).toHaveLength(3);
    expect(run.status).toBe('failed');
    expect(run.error).toMatch(/^stopped after 3 model turns without finishing/);
    expect(run.output).toBe('turn 3');
    expect(a.of(runId, 'tool_result')).toHaveLength(3);
  });
});

describe('Memory, Skill and the system prompt', () => {
  it('writes memory files, activates other skills and describes the environment', async () => {
    const a = await open({
      'keeper/SKILL.md': agentSkill(
        'keeper',
        { 'allowed-tools': ['Memory', 'Skill', 'Read'] },
        'Keep notes.',
      ),
      'keeper/MEMORY.md': 'The user prefers tabs.\n',
      'helper/SKILL.md':
        '---\nname: helper\ndescription: Formats tables neatly.\n---\nAlign every column. Arguments: $ARGUMENTS\n',
      'hidden/SKILL.md':
        '---\nname: hidden\ndescription: Not for models.\ndisable-model-invocation: true\n---\nSecret.\n',
    });
    srv().script(
      callTool('m1', 'Memory', { action: 'write', key: 'prefs', content: 'tabs, not spaces' }),
      callTool('m2', 'Memory', { action: 'list' }),
      callTool('k1', 'Skill', { skill: 'helper', args: 'wide' }),
      callTool('k2', 'Skill', { skill: 'hidden' }),
      { text: 'noted' },
    );
    const runId = await a.start('keeper', { input: 'remember my style' });
    const run = await a.settle(runId);

    expect(run.status).toBe('succeeded');
    const file = path.join(a.t.dataDir, 'memory', 'keeper', 'prefs.md');
    expect(fs.readFileSync(file, 'utf8')).toBe('tabs, not spaces');
    expect(resultFor(srv().requests[1], 'm1')).toBe('saved "prefs" (16 characters)');
    expect(resultFor(srv().requests[2], 'm2')).toBe('prefs');
    expect(resultFor(srv().requests[3], 'k1').trim()).toBe('Align every column. Arguments: wide');
    expect(resultFor(srv().requests[4], 'k2')).toBe('no model-invocable skill named "hidden"');

    const system = systemOf(srv().requests[0]!);
    expect(system.startsWith('Keep notes.')).toBe(true);
    expect(system).toContain('# Environment');
    expect(system).toContain(`- Working directory: ${a.workdir}`);
    expect(system).toContain('- Model: m (openai-compatible)');
    expect(system).toContain('# Available skills');
    expect(system).toContain('- helper: Formats tables neatly.');
    expect(system).not.toContain('hidden');
    expect(system).not.toContain('- keeper:');
    expect(system).toContain('# Memory (MEMORY.md)\nThe user prefers tabs.');
  });
});
