import { z } from 'zod';
import { ErrorWords } from '../ipc/result';
import { ExecutionMode } from './finding';
import { SkillId } from './skill';
import { BashSandbox, PermissionWhy, StepQualityScore } from './run-parts';
import { RunSpeech } from './speech';

export { BashSandbox, PermissionWhy, StepQualityScore };

export const RunId = z.string().regex(/^run_[0-9A-Za-z_-]{6,64}$/, 'not a run id');
export type RunId = z.infer<typeof RunId>;

/** `waiting`: an agent run paused on a permission prompt or an AskUser question (it survives a restart). */
export const RUN_STATUSES = [
  'running',
  'waiting',
  'succeeded',
  'failed',
  'cancelled',
  'interrupted',
] as const;
export const RunStatus = z.enum(RUN_STATUSES);
export type RunStatus = z.infer<typeof RunStatus>;

export const STEP_STATUSES = [
  'running',
  'succeeded',
  'failed',
  'skipped',
  'cancelled',
  'interrupted',
] as const;
export const StepStatus = z.enum(STEP_STATUSES);
export type StepStatus = z.infer<typeof StepStatus>;

/** `t`: ms since the run started. The field `type` names the event. */
const at = { t: z.number().nonnegative() };

const SUBAGENT_END = ['succeeded', 'failed', 'cancelled'] as const;

export const RunEvent = z.discriminatedUnion('type', [
  z.object({ type: z.literal('run_start'), ...at, runId: RunId, skill: z.string(), mode: ExecutionMode }),
  z.object({
    type: z.literal('step_start'),
    ...at,
    stepId: z.string(),
    name: z.string(),
    index: z.number().int().nonnegative(),
    total: z.number().int().positive(),
  }),
  z.object({ type: z.literal('token'), ...at, stepId: z.string(), text: z.string() }),
  z.object({
    type: z.literal('step_error'),
    ...at,
    stepId: z.string(),
    attempt: z.number().int().positive(),
    willRetry: z.boolean(),
    error: z.string(),
    /** The error as data, for the dashboard's language (a provider's refusal, say). */
    words: ErrorWords.optional(),
  }),
  z.object({ type: z.literal('step_complete'), ...at, stepId: z.string(), output: z.string() }),
  z.object({ type: z.literal('step_skipped'), ...at, stepId: z.string(), reason: z.string() }),
  /** A step's answer judged; `willRetry`: the step runs again with the judge's reason (its text starts over). */
  z.object({
    type: z.literal('step_quality'),
    ...at,
    stepId: z.string(),
    ...StepQualityScore.shape,
    willRetry: z.boolean(),
  }),
  /**
   * A sub-agent (the Task tool) starts as step `stepId`, from the tool call `callId` of step
   * `parentStepId`. `taskId`: it runs in the background, and TaskOutput reads it under that id.
   */
  z.object({
    type: z.literal('subagent_start'),
    ...at,
    stepId: z.string(),
    parentStepId: z.string(),
    callId: z.string(),
    agent: z.string(),
    description: z.string(),
    prompt: z.string(),
    taskId: z.string().optional(),
  }),
  z.object({
    type: z.literal('subagent_end'),
    ...at,
    stepId: z.string(),
    status: z.enum(SUBAGENT_END),
    output: z.string().nullable(),
    error: z.string().nullable(),
  }),
  z.object({ type: z.literal('output'), ...at, tool: z.string(), text: z.string() }),
  /**
   * Where the output went in the end, as far as is known: `tool` took it (`insert_text`, `clipboard`,
   * `floating_card`, …, or `none`: nowhere — its card was closed); `confirmed` true when the app was seen
   * reading a paste, false when the key was sent but nothing tells, null when there is nothing to confirm.
   */
  z.object({
    type: z.literal('delivered'),
    ...at,
    tool: z.string(),
    confirmed: z.boolean().nullable(),
    note: z.string().optional(),
  }),
  z.object({
    type: z.literal('tool_call'),
    ...at,
    stepId: z.string(),
    callId: z.string(),
    tool: z.string(),
    input: z.unknown(),
  }),
  z.object({
    type: z.literal('tool_result'),
    ...at,
    stepId: z.string(),
    callId: z.string(),
    tool: z.string(),
    /** The short line shown to the user. */
    summary: z.string(),
    /** What the model received (capped at 30,000 characters plus the truncation note). */
    output: z.string(),
    isError: z.boolean(),
  }),
  z.object({
    type: z.literal('permission_request'),
    ...at,
    requestId: z.string(),
    runId: RunId,
    skill: z.string(),
    stepId: z.string(),
    /** The run's working folder, absolute (absent in events recorded before it was sent). */
    workdir: z.string().optional(),
    callId: z.string(),
    tool: z.string(),
    input: z.unknown(),
    /** Write / Edit: the unified diff of the change. */
    diff: z.string().optional(),
    /** Why it asks (e.g. `default mode asks before Bash`), in English. */
    reason: z.string(),
    /** The same, as data, for a dashboard that says it in its own language. */
    why: PermissionWhy.optional(),
    /** The rule "always for this skill" would save, shown before saving. */
    suggestedRule: z.string(),
    /** Bash: whether the command would run in a sandbox, and with network. */
    sandbox: BashSandbox.optional(),
    /** ms since epoch when no answer becomes a deny. */
    expiresAt: z.number(),
  }),
  z.object({
    type: z.literal('permission_decision'),
    ...at,
    requestId: z.string().nullable(),
    callId: z.string(),
    tool: z.string(),
    decision: z.enum(['allow', 'deny']),
    /** rule / mode / user / timeout / run-grant / ceiling */
    source: z.string(),
    rule: z.string().nullable(),
    reason: z.string(),
    /** Bash, when allowed: whether the command runs in a sandbox, and with network. */
    sandbox: BashSandbox.optional(),
  }),
  z.object({
    type: z.literal('ask_user'),
    ...at,
    requestId: z.string(),
    stepId: z.string(),
    callId: z.string(),
    question: z.string(),
    options: z.array(z.string()),
  }),
  z.object({ type: z.literal('ask_user_answer'), ...at, requestId: z.string(), answer: z.string() }),
  /** A follow-up (`runs:continue`) begins: turn N's tokens and tool calls carry stepId `turn:N`. */
  z.object({ type: z.literal('turn_start'), ...at, turn: z.number().int().positive(), message: z.string() }),
  z.object({
    type: z.literal('turn_complete'),
    ...at,
    turn: z.number().int().positive(),
    status: z.enum(['succeeded', 'failed', 'cancelled']),
    output: z.string().nullable(),
    error: z.string().nullable(),
    /** The error as data, for the dashboard's language. */
    words: ErrorWords.optional(),
  }),
  z.object({
    type: z.literal('complete'),
    ...at,
    runId: RunId,
    status: z.enum(['succeeded', 'failed', 'cancelled']),
    output: z.string().nullable(),
    error: z.string().nullable(),
    /** The error as data, for the dashboard's language. */
    words: ErrorWords.optional(),
  }),
]);
export type RunEvent = z.infer<typeof RunEvent>;
export type RunEventType = RunEvent['type'];

/** What `runs:start` takes. `config` overrides the skill's config values for this run only. */
/** `runs:start`'s `context`: a value per context placeholder (shared/skills/context-values.ts). */
export const RunContextValues = z
  .object({
    app: z.string().max(1000).optional(),
    window_title: z.string().max(10_000).optional(),
    url: z.string().max(10_000).optional(),
    date: z.string().max(1000).optional(),
    time: z.string().max(1000).optional(),
    language: z.string().max(1000).optional(),
  })
  .strict();

export const RunStart = z
  .object({
    skillId: SkillId,
    input: z.string().max(1_000_000).optional(),
    selection: z.string().max(1_000_000).optional(),
    instruction: z.string().max(100_000).optional(),
    config: z.record(z.string(), z.unknown()).optional(),
    /** What follows the skill's name when typed as a command: `$ARGUMENTS`, `$0…$N`. */
    arguments: z.string().max(100_000).optional(),
    /**
     * The context placeholders' values (`{{app}}`, `{{window_title}}`, `{{url}}`; `{{date}}`, `{{time}}`,
     * `{{language}}` over what the host fills): the CLI's `--context`, the editor's "Try it" sample.
     */
    context: RunContextValues.optional(),
    /** Agent runs: the working directory the file tools and Bash act in (default a per-skill workspace). */
    workdir: z.string().max(4096).optional(),
    /**
     * Run a prompt skill as an agent (tools behind permissions) though it does not declare it: skills
     * written for Claude Code expect tools without listing them.
     */
    agent: z.boolean().optional(),
    /** Agent runs: this run's permission mode (over the skill's and the global one). */
    permissionMode: z.enum(['default', 'acceptEdits', 'plan', 'unrestricted']).optional(),
    /**
     * Try it: the SKILL.md text of an unsaved draft of the skill, run instead of its file (read as loading
     * the file would, the skill's folder as context; nothing is written). The run is marked as a try.
     */
    draft: z
      .string()
      .max(1024 * 1024, 'SKILL.md is limited to 1 MiB')
      .optional(),
    /**
     * A retry: the run this one tries again (the same skill). Without input, selection, instruction,
     * arguments and config it runs on what that run was given; the attempts are listed in `runs:get`.
     */
    retryOf: RunId.optional(),
    /** This run's provider, by the name skills use (any configured one), over the skill's `provider`. */
    provider: z.string().trim().min(1).max(64).optional(),
    /** This run's model, over the skill's; with `provider` and no `model`, that provider's default model. */
    model: z.string().trim().min(1).max(256).optional(),
    /**
     * A voice run: the recording `speech:finish` transcribed. Its transcript is the run's input
     * (`{{input}}`, `$ARGUMENTS` unless `arguments` is given; `instruction` / `input` over it when the user
     * edited it), the selection is still the selection, and the transcript and audio length are kept with the run.
     */
    speech: z
      .object({ recordingId: z.string().regex(/^rec_[0-9A-Za-z_-]{6,64}$/, 'not a recording id') })
      .strict()
      .optional(),
  })
  .strict();
export type RunStart = z.infer<typeof RunStart>;

export const TokenUsage = z.object({
  inputTokens: z.number().int().nonnegative().nullable(),
  outputTokens: z.number().int().nonnegative().nullable(),
});

/** How often and how lately the user ran a skill (the command palette puts these first). */
export const SkillUsage = z.object({
  skillId: z.string(),
  runs: z.number().int().nonnegative(),
  /** ms since epoch of the latest run's start. */
  lastRunAt: z.number().int(),
});
export type SkillUsage = z.infer<typeof SkillUsage>;

export const RunSummary = z.object({
  id: RunId,
  skillId: z.string(),
  mode: ExecutionMode,
  provider: z.string().nullable(),
  model: z.string().nullable(),
  input: z.string(),
  status: RunStatus,
  output: z.string().nullable(),
  outputTool: z.string().nullable(),
  error: z.string().nullable(),
  usage: TokenUsage,
  /** ms since epoch. */
  startedAt: z.number().int(),
  endedAt: z.number().int().nullable(),
  /** Started from the editor's "Try it": an unsaved draft of the skill ran, not its file. */
  isTry: z.boolean(),
  /** The first attempt, when this run is a retry (`runs:start` `retryOf`). */
  retryOf: RunId.nullable(),
  /** Follow-ups sent (`runs:continue`). */
  turnCount: z.number().int().nonnegative(),
});
export type RunSummary = z.infer<typeof RunSummary>;

export const RunStep = z.object({
  stepId: z.string(),
  name: z.string(),
  index: z.number().int().nonnegative(),
  status: StepStatus,
  output: z.string().nullable(),
  error: z.string().nullable(),
  attempts: z.number().int().nonnegative(),
  startedAt: z.number().int(),
  endedAt: z.number().int().nullable(),
  /** A step with a quality check: each answer judged, in order. */
  quality: z.array(StepQualityScore).optional(),
});
export type RunStep = z.infer<typeof RunStep>;

/** A follow-up of a run (`runs:continue`): the message sent and its answer. Numbered from 1. */
export const TURN_STATUSES = ['running', 'succeeded', 'failed', 'cancelled', 'interrupted'] as const;
export const TurnStatus = z.enum(TURN_STATUSES);
export type TurnStatus = z.infer<typeof TurnStatus>;

export const RunTurn = z.object({
  turn: z.number().int().positive(),
  message: z.string(),
  status: TurnStatus,
  output: z.string().nullable(),
  error: z.string().nullable(),
  provider: z.string().nullable(),
  model: z.string().nullable(),
  /** ms since epoch. */
  startedAt: z.number().int(),
  endedAt: z.number().int().nullable(),
});
export type RunTurn = z.infer<typeof RunTurn>;

/** One attempt among a run's retries. */
export const RunAttempt = z.object({
  id: RunId,
  status: RunStatus,
  provider: z.string().nullable(),
  model: z.string().nullable(),
  startedAt: z.number().int(),
});
export type RunAttempt = z.infer<typeof RunAttempt>;

export const RunDetail = RunSummary.extend({
  steps: z.array(RunStep),
  events: z.array(RunEvent),
  /** The follow-ups, in order: the run's thread. */
  turns: z.array(RunTurn),
  /** Every attempt of this run (the first and its retries), oldest first, this one included. */
  attempts: z.array(RunAttempt),
  /**
   * The window `runs:deliver` `insert` pastes into: the one focused when the run was triggered (kept for
   * recent runs). null: the run was not triggered here (the dashboard, the CLI) or too long ago.
   */
  insertInto: z.object({ app: z.string(), title: z.string() }).nullable(),
  /** A voice run: what was said and how long (and the audio, when Settings › Speech keeps it). */
  speech: RunSpeech.nullable(),
});
export type RunDetail = z.infer<typeof RunDetail>;

export const RunListQuery = z
  .object({
    skillId: SkillId.optional(),
    status: RunStatus.optional(),
    /** ms since epoch, inclusive. */
    from: z.number().int().optional(),
    /** ms since epoch, exclusive. */
    to: z.number().int().optional(),
    /** true: only tries (the editor's "Try it"); false: no tries. */
    isTry: z.boolean().optional(),
    limit: z.number().int().min(1).max(500).default(50),
    offset: z.number().int().nonnegative().default(0),
  })
  .strict();
export type RunListQuery = z.infer<typeof RunListQuery>;

export const RunPage = z.object({ runs: z.array(RunSummary), total: z.number().int().nonnegative() });
export type RunPage = z.infer<typeof RunPage>;

/** `runs:event`: one event of one run, as it happens (tokens batched). */
export const RunEventMessage = z.object({ runId: RunId, event: RunEvent });
export type RunEventMessage = z.infer<typeof RunEventMessage>;

/** `runs:continue`: a follow-up message continuing the run's conversation. */
export const RunContinue = z
  .object({
    runId: RunId,
    message: z.string().trim().min(1, 'write a follow-up message').max(100_000),
  })
  .strict();
export type RunContinue = z.infer<typeof RunContinue>;

/** What `runs:deliver` does with a result: paste it where the run was started, copy it, save it as a memo. */
export const DeliverAction = z.enum(['insert', 'copy', 'memo']);
export type DeliverAction = z.infer<typeof DeliverAction>;

export const RunDeliver = z
  .object({
    runId: RunId,
    /** The answer of follow-up N; absent or 0: the run's own result. */
    turn: z.number().int().nonnegative().optional(),
    action: DeliverAction,
  })
  .strict();
export type RunDeliver = z.infer<typeof RunDeliver>;

export const RunDelivered = z.object({
  action: DeliverAction,
  /** What was done, in English ("Inserted at the cursor"). */
  message: z.string(),
  /** `memo`: the memo saved. */
  memoId: z.number().int().optional(),
});
export type RunDelivered = z.infer<typeof RunDelivered>;
