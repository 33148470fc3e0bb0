// What the executor is built with: the registry, the model gateway, the run history, where output goes,
// and (agent mode) the tools, permissions and user prompts. core.ts wires them; tests pass fakes.
import type { RunEvent } from '../../../shared/types/run';
import type { ModelGateway } from '../providers/gateway';
import type { RunRepo } from '../runs/run-repo';
import type { SkillRegistry } from '../skills/registry';
import type { AgentTool } from '../agent/types';
import type { UserPrompts } from '../permissions/broker';
import type { AuditEntry } from '../permissions/permission-repo';
import type { PermissionMode, PermissionRules } from '../permissions/types';
import type { SpokenInput } from '../speech/speech-service';
import type { ContextBehavior } from './skill-io';

/** Where a run's result went, as far as is known (the run's `delivered` event). */
export interface DeliveryRecord {
  tool: string;
  confirmed: boolean | null;
  note?: string;
}

/** Hands a run's result to its output (insert_text, replace_selection, insert_after, clipboard, …). */
export type OutputDelivery = (
  tool: string,
  text: string,
  info: {
    runId: string;
    skillId: string;
    title: string;
    /** The run's selection: insert_after puts the answer after it (and a separator between). */
    selection?: string;
    /** A model call of the run stopped before the answer was done (`length`, `content-filter`): why. */
    cutShort?: string;
  },
) => Promise<DeliveryRecord | undefined>;

export interface FailureInfo {
  runId: string;
  skillId: string;
  title: string;
  behavior: ContextBehavior;
  original: string;
  /** A voice run with a selection: the transcript goes in after the selection. */
  after?: boolean;
  /** `original` is what the user said (a voice run), not a selection. */
  spoken?: boolean;
  tool: string;
  error: string;
}

export interface ExecutorDeps {
  skills: SkillRegistry;
  gateway: ModelGateway;
  repo: RunRepo;
  deliver: OutputDelivery;
  /**
   * A failed run's policy (output-routing's deliverFailure): in directOutput/rewrite the original text
   * is inserted again and the error notified; otherwise the error goes to the card. Returns the tool
   * that received the original text, or null.
   */
  deliverFailure: (info: FailureInfo) => Promise<{ tool: string } | null>;
  /** `runs:event` on the event hub. */
  onEvent: (runId: string, event: RunEvent) => void;
  readClipboard?: () => Promise<string>;
  /**
   * The dashboard language (`{{language}}`) and the locale `{{date}}`/`{{time}}` are written in
   * (shared/skills/context-values.ts), read when a run starts.
   */
  locale?: () => { language: string; format: string };
  /**
   * Requests a run sends at once to the provider of this name (Settings › Providers; default 8): a
   * workflow's steps at once, lowered by a 429 for the rest of the run (provider-limit.ts).
   */
  providerConcurrency?: (provider: string) => number;
  /** Base of the exponential backoff between a step's attempts (jitter added). */
  retryBaseMs?: number;
  maxOutputTokens?: number;
  tokenIntervalMs?: number;
  onInternalError?: (error: unknown) => void;
  /** Agent mode: tools, permissions and the user prompts; without it agent skills cannot run. */
  agent?: AgentDeps;
  /** Voice runs (`runs:start` `speech`): the transcribed recording, taken once, and keeping it with the run. */
  speech?: {
    take(recordingId: string): SpokenInput;
    record(runId: string, spoken: SpokenInput): Promise<void>;
  };
}

export interface AgentDeps {
  dataDir: string;
  /** Where `~/.claude/agents` (custom agents of forked skills) is looked for; default the user's home. */
  homeDir?: string;
  /** Every tool an agent may be offered: the core tools, the output tools, MCP tools. */
  tools: (ctx: {
    runId: string;
    skillId: string;
    title: string;
    /** An output tool delivered during the run: the final answer is not delivered again. */
    onDelivered: (tool: string) => void;
  }) => Promise<AgentTool[]>;
  rules: (skillId: string) => PermissionRules;
  addSkillRule: (skillId: string, rule: string) => void;
  audit: (entry: AuditEntry) => void;
  /** The global permission mode (settings). */
  mode: () => PermissionMode;
  prompts: UserPrompts;
  permissionTimeoutMs?: number;
  /** The model's context window in tokens (settings per provider/model; a default otherwise). */
  contextTokens?: (provider: string, model: string) => number | undefined;
  /** Model-invocable skills for the system prompt's skills section and the Skill tool. */
  skills: () => { id: string; name: string; description: string }[];
}
