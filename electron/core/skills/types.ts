import type { ExecutionMode, Finding } from '../../../shared/types/finding';
import type { Effort, QualitySpec } from '../../../shared/types/skill-definition';

export type { Finding, QualitySpec };

export interface WorkflowStep {
  id: string;
  name: string;
  prompt: string;
  /** Template of the step's user message; defaults to `${user_input}` for steps without dependencies. */
  input?: string;
  /** Variable the step's output is stored under, besides `${<id>.output}`. */
  output?: string;
  dependencies: string[];
  parallel: boolean;
  condition?: string;
  retries?: number;
  /** The step's quality check (a judge call scoring its answer). */
  quality?: QualitySpec;
}

export interface WorkflowSpec {
  steps: WorkflowStep[];
  maxRetries: number;
  continueOnFailure: boolean;
  concurrency?: number;
  /** Step id whose output is the run's output; the last completed step's otherwise. */
  output?: string;
}

/** One declared argument (`arguments:`): a name, or a mapping that also describes it. */
export interface ArgumentSpec {
  name: string;
  description?: string;
  /** What `$name` / `$N` is when the run gives no word for it. */
  default?: string;
  /** The values to pick from (a run may still type another). */
  options?: string[];
}

/** Everything the frontmatter says, normalised. Unknown fields are kept in `extra`. */
export interface SkillDefinition {
  name: string;
  description: string;
  license?: string;
  compatibility?: string;
  metadata: Record<string, string>;
  /** null: not declared (no ceiling); []: declared empty. */
  allowedTools: string[] | null;
  disallowedTools: string[];
  argumentHint?: string;
  /** The declared arguments' names, in order (`$0…$N`, `$name`). */
  arguments: string[];
  /** The same arguments with their descriptions, defaults and options. */
  argumentSpecs: ArgumentSpec[];
  whenToUse?: string;
  disableModelInvocation: boolean;
  userInvocable: boolean;
  model?: string;
  effort?: Effort;
  context?: 'fork';
  agent?: string;
  hooks?: Record<string, unknown>;
  paths: string[];
  shell?: string;
  /** As declared, or inferred (workflow → workflow, phases/ → phases, else prompt). */
  executionMode: ExecutionMode;
  executionModeDeclared: boolean;
  provider?: string;
  workflow?: WorkflowSpec;
  config: Record<string, unknown>;
  maxIterations?: number;
  output?: string;
  /** Agent runs: the skill's permission mode (over the global one; a run's own beats it). */
  permissionMode?: 'default' | 'acceptEdits' | 'plan' | 'unrestricted';
}

export interface ParsedSkillFile {
  /** The frontmatter as plain data; null when it could not be read. */
  frontmatter: Record<string, unknown> | null;
  body: string;
  /** 1-based line of the body's first line in the file. */
  bodyLine: number;
  findings: Finding[];
  /** null when the frontmatter could not be read at all; present (for listing) even with other errors. */
  definition: SkillDefinition | null;
  /** No error finding: the skill can run. */
  runnable: boolean;
}
