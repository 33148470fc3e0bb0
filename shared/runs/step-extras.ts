// What a step shows besides its text and tool calls: the quality judge's verdicts on its answers
// (`step_quality`) and, for a sub-agent's step, where it came from and how it ended (`subagent_start`,
// `subagent_end`, the TaskOutput call that read a background one). Folded into run-view's StepView.
import type { StepQualityScore } from '../types/run';
import type { EventOf, RunView, StepView } from './run-view';

export interface SubagentView {
  /** The step whose Task call started it, and that call. */
  parentStepId: string;
  callId: string;
  agent: string;
  description: string;
  prompt: string;
  /** Run in the background: TaskOutput reads it under this id. */
  taskId: string | null;
  status: 'running' | 'succeeded' | 'failed' | 'cancelled';
  output: string | null;
  error: string | null;
  /** The TaskOutput call that handed a background sub-agent's result to its agent. */
  readBy: string | null;
}

/** A verdict on one answer; one that asks for another attempt starts the step's text over. */
export function judged(step: StepView, event: EventOf<'step_quality'>): StepView {
  const verdict: StepQualityScore = {
    attempt: event.attempt,
    score: event.score,
    reason: event.reason,
    passed: event.passed,
    threshold: event.threshold,
  };
  return {
    ...step,
    quality: [...step.quality.filter((q) => q.attempt !== event.attempt), verdict],
    segments: event.willRetry ? [] : step.segments,
  };
}

export function subagentStarted(step: StepView, event: EventOf<'subagent_start'>): StepView {
  return {
    ...step,
    subagent: {
      parentStepId: event.parentStepId,
      callId: event.callId,
      agent: event.agent,
      description: event.description,
      prompt: event.prompt,
      taskId: event.taskId ?? null,
      status: 'running',
      output: null,
      error: null,
      readBy: null,
    },
  };
}

export function subagentEnded(step: StepView, event: EventOf<'subagent_end'>): StepView {
  if (!step.subagent) return step;
  return {
    ...step,
    status: event.status,
    endT: event.t,
    output: event.output ?? step.output,
    subagent: { ...step.subagent, status: event.status, output: event.output, error: event.error },
  };
}

/** The sub-agent step a TaskOutput result handed over (a background one that had ended), if any. */
export function taskReadBy(run: RunView, event: EventOf<'tool_result'>): string | null {
  if (event.tool !== 'TaskOutput' || event.isError) return null;
  const caller = run.steps.find((s) => s.stepId === event.stepId);
  const input = caller?.tools[event.callId]?.input as { task_id?: unknown } | undefined;
  const taskId = typeof input?.task_id === 'string' ? input.task_id : null;
  if (taskId === null) return null;
  const read = run.steps.find(
    (s) =>
      s.subagent?.taskId === taskId &&
      s.subagent.parentStepId === event.stepId &&
      s.subagent.status !== 'running',
  );
  return read ? read.stepId : null;
}

/** The sub-agents a step started, in the order they started. */
export function subagentsOf(steps: readonly StepView[], stepId: string): StepView[] {
  return steps.filter((s) => s.subagent?.parentStepId === stepId);
}

/** Steps shown at the top level: a sub-agent shows under the step that started it, when that is shown. */
export function topLevelSteps(steps: readonly StepView[]): StepView[] {
  const ids = new Set(steps.map((s) => s.stepId));
  return steps.filter((s) => !s.subagent || !ids.has(s.subagent.parentStepId));
}
