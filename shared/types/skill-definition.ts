import { z } from 'zod';
import { ExecutionMode } from './finding';

// The parsed frontmatter of a SKILL.md as it crosses the contract (`skills:get`). The core's reader
// (electron/core/skills/types.ts) must stay assignable to these: electron/core/skills/detail.ts checks
// that at compile time.

/**
 * A step's (or a phase's) quality check: a judge call scores its answer 0–100 against `criteria` (default:
 * the step's own prompt); below `threshold`, `onFail` says what happens — `retry` re-runs the step with the
 * judge's reason (at most `maxAttempts` re-runs, then the step fails), `continue` keeps the answer, `fail`
 * fails the step. `provider` / `model`: the judge's, when not the step's own.
 */
export const QualitySpec = z.object({
  threshold: z.number().min(0).max(100),
  criteria: z.string().optional(),
  maxAttempts: z.number().int().min(0).max(10),
  onFail: z.enum(['retry', 'continue', 'fail']),
  model: z.string().optional(),
  provider: z.string().optional(),
});
export type QualitySpec = z.infer<typeof QualitySpec>;

export const WorkflowStep = z.object({
  id: z.string(),
  name: z.string(),
  prompt: z.string(),
  input: z.string().optional(),
  output: z.string().optional(),
  dependencies: z.array(z.string()),
  parallel: z.boolean(),
  condition: z.string().optional(),
  retries: z.number().int().optional(),
  quality: QualitySpec.optional(),
});

export const WorkflowSpec = z.object({
  steps: z.array(WorkflowStep),
  maxRetries: z.number().int(),
  continueOnFailure: z.boolean(),
  concurrency: z.number().int().optional(),
  output: z.string().optional(),
});

/** One declared argument: its name, and what the file says about it (docs/SKILL-FORMAT.md). */
export const ArgumentSpec = z.object({
  name: z.string(),
  description: z.string().optional(),
  default: z.string().optional(),
  options: z.array(z.string()).optional(),
});
export type ArgumentSpecData = z.infer<typeof ArgumentSpec>;

/**
 * Claude Code's `effort` levels: how hard a model that can reason should think (docs/SKILL-FORMAT.md:
 * an Anthropic thinking budget, an OpenAI reasoning effort; other providers ignore it).
 */
export const EFFORT_LEVELS = ['low', 'medium', 'high', 'xhigh', 'max'] as const;
export type Effort = (typeof EFFORT_LEVELS)[number];

/** `model: inherit`: the run's model (the parent's, for a skill run by another), as if no model were named. */
export const INHERIT_MODEL = 'inherit';

export const SkillDefinition = z.object({
  name: z.string(),
  description: z.string(),
  license: z.string().optional(),
  compatibility: z.string().optional(),
  metadata: z.record(z.string(), z.string()),
  /** null: not declared (no ceiling); []: declared empty. */
  allowedTools: z.array(z.string()).nullable(),
  disallowedTools: z.array(z.string()),
  argumentHint: z.string().optional(),
  arguments: z.array(z.string()),
  argumentSpecs: z.array(ArgumentSpec),
  whenToUse: z.string().optional(),
  disableModelInvocation: z.boolean(),
  userInvocable: z.boolean(),
  model: z.string().optional(),
  effort: z.enum(EFFORT_LEVELS).optional(),
  context: z.literal('fork').optional(),
  agent: z.string().optional(),
  hooks: z.record(z.string(), z.unknown()).optional(),
  paths: z.array(z.string()),
  shell: z.string().optional(),
  executionMode: ExecutionMode,
  executionModeDeclared: z.boolean(),
  provider: z.string().optional(),
  workflow: WorkflowSpec.optional(),
  config: z.record(z.string(), z.unknown()),
  maxIterations: z.number().int().optional(),
  output: z.string().optional(),
});
export type SkillDefinitionData = z.infer<typeof SkillDefinition>;
