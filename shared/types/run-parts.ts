// Parts of run events that stand alone (shared/types/run.ts re-exports them): why a permission prompt
// asks, how a Bash command runs, one judged answer of a quality check.
import { z } from 'zod';

/**
 * Why a permission prompt asks: an `ask` rule matched, the permission mode asks before this tool, or the
 * Bash command could not be read by the shell parser (so no rule can allow it; `problem` in English).
 */
export const PermissionWhy = z.union([
  z.object({ kind: z.literal('rule'), rules: z.array(z.string()) }),
  z.object({ kind: z.literal('unreadable'), problem: z.string() }),
  z.object({
    kind: z.literal('mode'),
    mode: z.enum(['default', 'acceptEdits', 'plan', 'unrestricted']),
    /** acceptEdits: the edit reaches outside the working directory. */
    outside: z.boolean().optional(),
  }),
]);
export type PermissionWhy = z.infer<typeof PermissionWhy>;

/**
 * How a Bash command runs. `confined`: in a sandbox (bubblewrap on Linux, sandbox-exec on macOS) where it
 * can change files only in the working folder (and folders a rule grants), cannot see the user's home, and
 * reaches the network only when `network`. Not confined where no sandbox is available: `unavailable` says
 * why (`detail`: the system's own words, in English).
 */
export const BashSandbox = z.object({
  confined: z.boolean(),
  by: z.enum(['bubblewrap', 'sandbox-exec']).optional(),
  network: z.boolean(),
  unavailable: z.enum(['not-installed', 'refused', 'unsupported-platform']).optional(),
  detail: z.string().optional(),
});
export type BashSandbox = z.infer<typeof BashSandbox>;

/** One judged answer of a step with a quality check (`step_quality`; stored with the step too). */
export const StepQualityScore = z.object({
  /** Which answer of the step was judged: 1, then 2 for the first re-run… */
  attempt: z.number().int().positive(),
  /** 0–100; null when the judge gave none (its reply was not JSON `{score, reason}`, or the call failed). */
  score: z.number().min(0).max(100).nullable(),
  /** The judge's reason, or why there is no score. */
  reason: z.string(),
  passed: z.boolean(),
  threshold: z.number().min(0).max(100),
});
export type StepQualityScore = z.infer<typeof StepQualityScore>;
