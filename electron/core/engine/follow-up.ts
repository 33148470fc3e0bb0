// A follow-up of a finished run (`runs:continue`): one more turn of the run's conversation. A prompt run
// is asked again with what it was sent (its system prompt and input), its answer, the follow-ups answered
// so far and the new message; a workflow, phases or autonomous run continues from its final output (the
// skill's body as the system prompt); an agent run continues its saved conversation with its tools. The
// turn streams as `turn_start`, the tokens (and tool calls) of step `turn:N`, then `turn_complete`, and is
// kept in `run_turns`.
import type { ErrorWords } from '../../../shared/ipc/result';
import { turnStepId } from '../../../shared/runs/turns';
import type { RunTurn } from '../../../shared/types/run';
import { newAgentState } from '../agent/loop';
import { ModelError, type ChatMessage, type StreamTextResult } from '../providers/gateway';
import type { StoredRun } from '../runs/run-repo';
import type { SkillDefinition } from '../skills/types';
import type { ExecutorDeps } from './executor-deps';
import { agentLoop, type AgentHost } from './modes/agent';
import type { RunEventLog } from './run-events';
import { isCancel, messageOf, type ModelTarget, type Outcome, type SavedRun } from './run-execution';
import { renderBody, userMessage, type RunContext } from './skill-io';

/** The conversation a prompt, workflow, phases or autonomous run continues: the follow-ups answered. */
export function followUpConversation(first: {
  user: string;
  answer: string;
  turns: readonly RunTurn[];
  message: string;
}): ChatMessage[] {
  const messages: ChatMessage[] = [
    { role: 'user', content: first.user },
    { role: 'assistant', content: first.answer },
  ];
  // a follow-up that failed or was stopped has no answer: the conversation goes on without it
  for (const t of first.turns) {
    if (t.status !== 'succeeded' || t.output === null) continue;
    messages.push({ role: 'user', content: t.message }, { role: 'assistant', content: t.output });
  }
  messages.push({ role: 'user', content: first.message });
  return messages;
}

export interface FollowUpSetup {
  run: StoredRun;
  saved: SavedRun;
  definition: SkillDefinition;
  body: string;
  turn: number;
  message: string;
  log: RunEventLog;
  signal: AbortSignal;
}

export class FollowUp implements AgentHost {
  readonly runId: string;
  readonly skillId: string;
  readonly title: string;
  readonly definition: SkillDefinition;
  readonly saved: SavedRun;
  readonly ctx: RunContext;
  readonly log: RunEventLog;
  readonly signal: AbortSignal;
  readonly target: ModelTarget;
  readonly resolved: { provider: string; model: string };
  readonly output = { tool: '' };
  private readonly stepId: string;
  private done = false;
  private usage = { inputTokens: null as number | null, outputTokens: null as number | null };
  private words: ErrorWords | undefined;

  constructor(
    readonly deps: ExecutorDeps,
    private readonly setup: FollowUpSetup,
  ) {
    const { run } = setup;
    this.runId = run.id;
    this.skillId = run.skillId;
    this.title = setup.definition.name;
    this.definition = setup.definition;
    this.saved = setup.saved;
    this.ctx = setup.saved.ctx;
    this.log = setup.log;
    this.signal = setup.signal;
    // the follow-up goes to the model that gave the answer
    this.resolved = { provider: run.provider ?? '', model: run.model ?? '' };
    this.target = {
      provider: run.provider ?? undefined,
      model: run.model ?? undefined,
      ...(setup.definition.effort ? { effort: setup.definition.effort } : {}),
    };
    this.stepId = turnStepId(setup.turn);
  }

  get ended(): boolean {
    return this.done;
  }

  // the turn is recorded in run_turns, not as steps of the run
  startStep(): void {}
  endStep(): void {}
  sayCutOff(): void {}

  token(stepId: string, text: string): void {
    if (!this.done) this.log.token(stepId, text);
  }

  addUsage(usage: StreamTextResult['usage']): void {
    const add = (a: number | null, b: number | null) => (b === null ? a : (a ?? 0) + b);
    this.usage = {
      inputTokens: add(this.usage.inputTokens, usage.inputTokens),
      outputTokens: add(this.usage.outputTokens, usage.outputTokens),
    };
  }

  saveState(): void {
    this.deps.repo.saveState(this.runId, this.saved);
  }

  rememberWords(_message: string, words: ErrorWords): void {
    this.words = words;
  }

  /** Answers the follow-up and ends the turn; never throws for the model's errors. */
  async execute(): Promise<void> {
    const cancelled = new Promise<'cancelled'>((resolve) => {
      if (this.signal.aborted) resolve('cancelled');
      this.signal.addEventListener('abort', () => resolve('cancelled'), { once: true });
    });
    try {
      const outcome = await Promise.race([this.answer(), cancelled]);
      if (outcome === 'cancelled') return this.finish('cancelled', null, 'cancelled');
      if (outcome.ok) return this.finish('succeeded', outcome.output, null);
      return this.finish(
        outcome.error === 'cancelled' ? 'cancelled' : 'failed',
        outcome.output,
        outcome.error,
      );
    } catch (error) {
      if (isCancel(error, this.signal)) return this.finish('cancelled', null, 'cancelled');
      if (error instanceof ModelError) this.words = error.details.words;
      return this.finish('failed', null, messageOf(error));
    }
  }

  private async answer(): Promise<Outcome> {
    const { setup, ctx } = this;
    if (setup.run.mode === 'agent') return this.agentAnswer();
    // a prompt run continues from what it was sent; the other modes from the skill's body and the input
    const system = this.saved.sent?.system ?? renderBody(setup.body, ctx);
    const user = this.saved.sent?.user ?? userMessage(ctx);
    const result = await this.deps.gateway.streamText({
      providerName: this.target.provider,
      model: this.target.model,
      effort: this.target.effort,
      system,
      messages: followUpConversation({
        user,
        answer: setup.run.output ?? '',
        turns: setup.run.turns,
        message: setup.message,
      }),
      maxOutputTokens: this.deps.maxOutputTokens,
      signal: this.signal,
      onToken: (text) => this.token(this.stepId, text),
    });
    this.addUsage(result.usage);
    return { ok: true, output: result.text };
  }

  /** The agent's conversation as it was after its last answer, then the follow-up, with its tools. */
  private async agentAnswer(): Promise<Outcome> {
    const state = (this.saved.agent ??= newAgentState(userMessage(this.ctx)));
    // what the run answered before its first follow-up; later, what the last follow-up answered
    const answered = (this.saved.agentCommitted ??= state.messages.length);
    state.messages = state.messages.slice(0, answered);
    state.messages.push({ role: 'user', content: this.setup.message });
    state.pending = null;
    state.iteration = 0; // max-iterations counts per answer
    const outcome = await agentLoop(this, {
      stepId: this.stepId,
      name: this.setup.message,
      index: 0,
      total: 1,
      body: renderBody(this.setup.body, this.ctx),
      state,
      allowedTools: this.definition.allowedTools,
      save: () => this.saveState(),
      announce: false,
      fork: true,
    });
    if (outcome.ok) {
      this.saved.agentCommitted = state.messages.length;
      this.saveState();
    }
    return outcome;
  }

  private finish(status: 'succeeded' | 'failed' | 'cancelled', output: string | null, error: string | null) {
    if (this.done) return;
    this.done = true;
    const { turn } = this.setup;
    // the row first: whoever reads the run on `turn_complete` finds the turn ended
    this.deps.repo.finishTurn(this.runId, turn, {
      status,
      output,
      error,
      usage: this.usage,
      endedAt: Date.now(),
    });
    const words = error !== null && status === 'failed' ? this.words : undefined;
    this.log.emit({ type: 'turn_complete', turn, status, output, error, ...(words ? { words } : {}) });
    this.log.close();
  }
}
