// The run view's quality verdicts and sub-agent cards, folded from events as the panel gets them live and
// from a stored run.
import { describe, expect, it } from 'vitest';
import type { RunEvent } from '../types/run';
import { applyEvent, emptyRun, runFromDetail, type RunView } from './run-view';
import { subagentsOf, topLevelSteps } from './step-extras';

const RUN = 'run_abcdef';
const fold = (events: RunEvent[], run: RunView = emptyRun(RUN, 'wf', 0)) => events.reduce(applyEvent, run);

const qualityRun: RunEvent[] = [
  { type: 'run_start', t: 0, runId: RUN, skill: 'wf', mode: 'workflow' },
  { type: 'step_start', t: 1, stepId: 'draft', name: 'Draft', index: 0, total: 1 },
  { type: 'token', t: 2, stepId: 'draft', text: 'first try' },
  {
    type: 'step_quality',
    t: 3,
    stepId: 'draft',
    attempt: 1,
    score: 40,
    reason: 'No examples.',
    passed: false,
    threshold: 70,
    willRetry: true,
  },
];

describe('quality verdicts in the run view', () => {
  it('keeps every verdict on the step; one asking for another attempt starts its text over', () => {
    let run = fold(qualityRun);
    const draft = () => run.steps[0]!;
    expect(draft().quality).toEqual([
      { attempt: 1, score: 40, reason: 'No examples.', passed: false, threshold: 70 },
    ]);
    expect(draft().segments).toEqual([]);
    expect(draft().status).toBe('running');
    run = fold(
      [
        { type: 'token', t: 4, stepId: 'draft', text: 'second try' },
        {
          type: 'step_quality',
          t: 5,
          stepId: 'draft',
          attempt: 2,
          score: 88,
          reason: 'Good.',
          passed: true,
          threshold: 70,
          willRetry: false,
        },
        { type: 'step_complete', t: 6, stepId: 'draft', output: 'second try' },
      ],
      run,
    );
    expect(draft().quality.map((q) => [q.attempt, q.score, q.passed])).toEqual([
      [1, 40, false],
      [2, 88, true],
    ]);
    expect(draft().segments).toEqual([{ kind: 'text', text: 'second try' }]);
    expect(draft().status).toBe('succeeded');
  });

  it('shows the stored verdicts of a past run', () => {
    const verdicts = [{ attempt: 1, score: 91, reason: 'Fine.', passed: true, threshold: 70 }];
    const run = runFromDetail({
      id: RUN,
      skillId: 'wf',
      mode: 'workflow',
      provider: null,
      model: null,
      input: '',
      status: 'succeeded',
      output: 'x',
      outputTool: null,
      error: null,
      usage: { inputTokens: null, outputTokens: null },
      startedAt: 0,
      endedAt: 5,
      isTry: false,
      retryOf: null,
      turnCount: 0,
      steps: [
        {
          stepId: 'draft',
          name: 'Draft',
          index: 0,
          status: 'succeeded',
          output: 'x',
          error: null,
          attempts: 1,
          startedAt: 0,
          endedAt: 5,
          quality: verdicts,
        },
      ],
      events: [],
      turns: [],
      attempts: [],
    });
    expect(run.steps[0]!.quality).toEqual(verdicts);
  });
});

const agentRun: RunEvent[] = [
  { type: 'run_start', t: 0, runId: RUN, skill: 'ag', mode: 'agent' },
  { type: 'step_start', t: 1, stepId: 'agent', name: 'ag', index: 0, total: 1 },
  {
    type: 'tool_call',
    t: 2,
    stepId: 'agent',
    callId: 'c1',
    tool: 'Task',
    input: { description: 'find tests', prompt: 'Look for tests', run_in_background: true },
  },
  { type: 'step_start', t: 3, stepId: 'task-1', name: 'explore: find tests', index: 0, total: 1 },
  {
    type: 'subagent_start',
    t: 3,
    stepId: 'task-1',
    parentStepId: 'agent',
    callId: 'c1',
    agent: 'explore',
    description: 'find tests',
    prompt: 'Look for tests',
    taskId: 'task_1',
  },
  {
    type: 'tool_result',
    t: 4,
    stepId: 'agent',
    callId: 'c1',
    tool: 'Task',
    summary: 'Started find tests (task_1)',
    output: 'started task task_1 in the background; read its result with TaskOutput',
    isError: false,
  },
  {
    type: 'tool_call',
    t: 5,
    stepId: 'task-1',
    callId: 'c2',
    tool: 'Glob',
    input: { pattern: '**/*.test.ts' },
  },
  {
    type: 'tool_result',
    t: 6,
    stepId: 'task-1',
    callId: 'c2',
    tool: 'Glob',
    summary: '2 files',
    output: 'a.test.ts\nb.test.ts',
    isError: false,
  },
];

describe('sub-agents in the run view', () => {
  it('hangs a sub-agent under the step that started it, running until it ends and TaskOutput reads it', () => {
    let run = fold(agentRun);
    expect(topLevelSteps(run.steps).map((s) => s.stepId)).toEqual(['agent']);
    const [sub] = subagentsOf(run.steps, 'agent');
    expect(sub!.subagent).toMatchObject({
      agent: 'explore',
      description: 'find tests',
      prompt: 'Look for tests',
      taskId: 'task_1',
      callId: 'c1',
      status: 'running',
      readBy: null,
    });
    expect(Object.keys(sub!.tools)).toEqual(['c2']);

    // TaskOutput asked while it still runs: not read yet
    run = fold(
      [
        {
          type: 'tool_call',
          t: 7,
          stepId: 'agent',
          callId: 'c3',
          tool: 'TaskOutput',
          input: { task_id: 'task_1', block: false },
        },
        {
          type: 'tool_result',
          t: 8,
          stepId: 'agent',
          callId: 'c3',
          tool: 'TaskOutput',
          summary: 'task_1: running',
          output: 'task task_1 is still running',
          isError: false,
        },
        { type: 'step_complete', t: 9, stepId: 'task-1', output: 'Two test files.' },
        {
          type: 'subagent_end',
          t: 9,
          stepId: 'task-1',
          status: 'succeeded',
          output: 'Two test files.',
          error: null,
        },
      ],
      run,
    );
    expect(subagentsOf(run.steps, 'agent')[0]!.subagent).toMatchObject({
      status: 'succeeded',
      output: 'Two test files.',
      readBy: null,
    });
    run = fold(
      [
        {
          type: 'tool_call',
          t: 10,
          stepId: 'agent',
          callId: 'c4',
          tool: 'TaskOutput',
          input: { task_id: 'task_1' },
        },
        {
          type: 'tool_result',
          t: 11,
          stepId: 'agent',
          callId: 'c4',
          tool: 'TaskOutput',
          summary: 'task_1: completed',
          output: 'task task_1 completed:\nTwo test files.',
          isError: false,
        },
      ],
      run,
    );
    expect(subagentsOf(run.steps, 'agent')[0]!.subagent!.readBy).toBe('c4');
  });

  it('marks a sub-agent that failed, with its error', () => {
    const run = fold([
      ...agentRun.slice(0, 5),
      {
        type: 'subagent_end',
        t: 9,
        stepId: 'task-1',
        status: 'failed',
        output: null,
        error: 'stopped after 5 turns',
      },
    ]);
    const sub = subagentsOf(run.steps, 'agent')[0]!;
    expect(sub.status).toBe('failed');
    expect(sub.subagent).toMatchObject({ status: 'failed', error: 'stopped after 5 turns' });
  });

  it('shows a sub-agent whose parent is not a step of the run (a follow-up’s) at the top level', () => {
    const run = fold([
      agentRun[0]!,
      { ...(agentRun[3] as Extract<RunEvent, { type: 'step_start' }>) },
      { ...(agentRun[4] as Extract<RunEvent, { type: 'subagent_start' }>), parentStepId: 'turn:1' },
    ]);
    expect(topLevelSteps(run.steps).map((s) => s.stepId)).toEqual(['task-1']);
  });
});
