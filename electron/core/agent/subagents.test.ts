// Sub-agents without a model server: a scripted turn, the tool calls recorded instead of run.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { loadShellParser } from '../permissions/shell-command';
import type { StreamTextResult, ToolCallPart } from '../providers/gateway';
import { newAgentState } from './loop';
import { BUILTIN_AGENTS } from './agent-kinds';
import {
  createSubagentRunner,
  createTaskTools,
  readOnlyBash,
  type RunSubagent,
  type SubagentEnd,
  type SubagentStart,
} from './subagents';
import { toolCeiling } from './tool-ceiling';
import { defineTool, type AgentTool, type AgentToolContext, type AgentToolResult } from './types';

await loadShellParser(); // isReadOnlyCommand reads the command with it

const tool = (name: string): AgentTool =>
  defineTool({
    name,
    description: name,
    effect: 'read',
    input: z.object({ command: z.string().optional() }),
    target: async (input) => ({ paths: [], command: input.command ?? '', diff: 'inner' }),
    execute: async () => ({ output: name, summary: name }),
  });
const ctx = {} as AgentToolContext;
const answer = (text: string, toolCalls: ToolCallPart[] = []): StreamTextResult => ({
  text,
  provider: 'p',
  model: 'm',
  usage: { inputTokens: null, outputTokens: null },
  finishReason: 'stop',
  toolCalls,
});

describe('Task and TaskOutput', () => {
  it('runs a task to its end, or in the background for TaskOutput to read', async () => {
    let finish: (r: AgentToolResult) => void = () => undefined;
    const runs: string[] = [];
    const origins: unknown[] = [];
    const run: RunSubagent = (kind, description, _prompt, origin) => {
      runs.push(`${kind.name}: ${description}`);
      origins.push(origin);
      return description === 'later'
        ? new Promise((resolve) => (finish = resolve))
        : Promise.resolve({ output: 'found it', summary: 'done' });
    };
    const [task, taskOutput] = createTaskTools(run);
    const callCtx = { call: { id: 'call_1', stepId: 'agent' } } as AgentToolContext;
    const exec = (t: AgentTool, input: unknown) => t.execute(t.input.parse(input), callCtx);
    expect(await exec(task!, { description: 'now', prompt: 'look' })).toEqual({
      output: 'found it',
      summary: 'done',
    });
    expect(
      (await exec(task!, { description: 'later', prompt: 'look', run_in_background: true })).output,
    ).toBe('started task task_1 in the background; read its result with TaskOutput');
    expect(runs).toEqual(['general-purpose: now', 'general-purpose: later']);
    // each knows the call that started it; the background one also its task id
    expect(origins).toEqual([
      { parentStepId: 'agent', callId: 'call_1' },
      { parentStepId: 'agent', callId: 'call_1', taskId: 'task_1' },
    ]);
    expect((await exec(taskOutput!, { task_id: 'task_1', block: false })).output).toBe(
      'task task_1 is still running',
    );
    const blocked = exec(taskOutput!, { task_id: 'task_1' });
    finish({ output: 'it broke', summary: 'x', isError: true });
    expect(await blocked).toEqual({
      output: 'task task_1 failed:\nit broke',
      summary: 'task_1: failed',
      isError: true,
    });
    expect(await exec(taskOutput!, { task_id: 'task_9' })).toMatchObject({
      output: 'no task task_9',
      isError: true,
    });
  });
});

describe('readOnlyBash', () => {
  it('refuses a command that changes something before Bash’s own target is asked', async () => {
    const bash = readOnlyBash(tool('Bash'));
    expect(await bash.target!({ command: 'rm -rf src' }, ctx)).toEqual({
      paths: [],
      command: 'rm -rf src',
      error: 'a plan sub-agent only runs read-only commands; "rm -rf src" is not one',
    });
    expect(await bash.target!({ command: 'git status' }, ctx)).toMatchObject({ diff: 'inner' });
  });
});

describe('the sub-agent runner', () => {
  it('runs each sub-agent as a step of its own, with its kind’s tools under the ceiling', async () => {
    const steps: string[] = [];
    const starts: SubagentStart[] = [];
    const ends: SubagentEnd[] = [];
    const seen: { stepId: string; system: string; tools: string[] }[] = [];
    const called: { stepId: string; tools: Map<string, AgentTool> }[] = [];
    const state = newAgentState('hi');
    const run = createSubagentRunner({
      system: (tools) => `tools: ${tools.join(', ')}`,
      tools: () => ['Read', 'Glob', 'Bash', 'Write', 'TodoWrite'].map(tool),
      ceiling: toolCeiling(['Read', 'Bash', 'Write', 'TodoWrite'], []),
      state,
      contextTokens: 100_000,
      turn: async (stepId, request) => {
        seen.push({ stepId, system: request.system, tools: request.tools.map((t) => t.name) });
        return seen.length % 2 === 1
          ? answer('', [{ id: 'c1', name: 'Bash', input: {} }])
          : answer('the answer');
      },
      callTool: async (stepId, call, tools) => {
        called.push({ stepId, tools });
        return { id: call.id, name: call.name, output: 'ok' };
      },
      subStep: (stepId, name, start) => {
        steps.push(`${stepId} ${name}`);
        starts.push(start);
        return { end: (end) => void ends.push(end) };
      },
      signal: new AbortController().signal,
    });
    const origin = { parentStepId: 'agent', callId: 'call_7' };
    expect(await run(BUILTIN_AGENTS.plan, 'find the tests', 'look', origin)).toEqual({
      output: 'the answer',
      summary: 'plan sub-agent finished: find the tests',
    });
    expect(
      await run(BUILTIN_AGENTS['general-purpose'], 'fix', 'go', { ...origin, taskId: 'task_1' }),
    ).toMatchObject({
      output: 'the answer',
    });
    expect(steps).toEqual(['task-1 plan: find the tests', 'task-2 general-purpose: fix']);
    // what its card shows: where it came from, its kind, task and prompt
    expect(starts).toEqual([
      {
        parentStepId: 'agent',
        callId: 'call_7',
        agent: 'plan',
        description: 'find the tests',
        prompt: 'look',
      },
      {
        parentStepId: 'agent',
        callId: 'call_7',
        taskId: 'task_1',
        agent: 'general-purpose',
        description: 'fix',
        prompt: 'go',
      },
    ]);
    expect(ends).toEqual([
      { status: 'succeeded', output: 'the answer', error: null },
      { status: 'succeeded', output: 'the answer', error: null },
    ]);
    expect(seen[0]).toMatchObject({ stepId: 'task-1', tools: ['Read', 'Bash'] });
    expect(seen[0]!.system).toBe(
      'tools: Read, Bash\n\n# Sub-agent\nYou are a plan sub-agent working on: find the tests. Answer with your findings when done.',
    );
    expect(seen[2]).toMatchObject({ stepId: 'task-2', tools: ['Read', 'Bash', 'Write', 'TodoWrite'] });
    // a plan sub-agent's Bash is the read-only one
    expect(called[0]!.stepId).toBe('task-1');
    expect(await called[0]!.tools.get('Bash')!.target!({ command: 'touch x' }, ctx)).toHaveProperty('error');
    expect(await called[1]!.tools.get('Bash')!.target!({ command: 'touch x' }, ctx)).not.toHaveProperty(
      'error',
    );
  });

  it('ends a sub-agent whose model call failed as failed, telling its agent why', async () => {
    const ends: SubagentEnd[] = [];
    const run = createSubagentRunner({
      system: () => '',
      tools: () => [],
      ceiling: toolCeiling(null, []),
      state: newAgentState('hi'),
      contextTokens: 100_000,
      turn: async () => {
        throw new Error('local answered 500: The server had an error');
      },
      callTool: async (_stepId, call) => ({ id: call.id, name: call.name, output: 'ok' }),
      subStep: () => ({ end: (end) => void ends.push(end) }),
      signal: new AbortController().signal,
    });
    expect(await run(BUILTIN_AGENTS.plan, 'check', 'go', { parentStepId: 'agent', callId: 'c0' })).toEqual({
      output: 'the sub-agent stopped: local answered 500: The server had an error',
      summary: 'plan sub-agent failed: check',
      isError: true,
    });
    expect(ends).toEqual([
      { status: 'failed', output: null, error: 'local answered 500: The server had an error' },
    ]);
  });

  it('says why a sub-agent stopped', async () => {
    const ends: SubagentEnd[] = [];
    const run = createSubagentRunner({
      system: () => '',
      tools: () => [],
      ceiling: toolCeiling(null, []),
      state: newAgentState('hi'),
      contextTokens: 100_000,
      turn: async () => answer('still looking', [{ id: 'c1', name: 'Read', input: {} }]),
      callTool: async (_stepId, call) => ({ id: call.id, name: call.name, output: 'ok' }),
      subStep: () => ({ end: (end) => void ends.push(end) }),
      signal: new AbortController().signal,
    });
    expect(await run(BUILTIN_AGENTS.explore, 'look', 'go', { parentStepId: 'agent', callId: 'c0' })).toEqual({
      output:
        'the sub-agent stopped: stopped after 5 model turns without finishing — raise max-iterations in the skill or narrow the task\nstill looking',
      summary: 'explore sub-agent failed: look',
      isError: true,
    });
    expect(ends).toEqual([
      {
        status: 'failed',
        output: 'still looking',
        error:
          'stopped after 5 model turns without finishing — raise max-iterations in the skill or narrow the task',
      },
    ]);
  });
});
