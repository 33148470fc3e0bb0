import { z } from 'zod';
import { ErrorWords } from '../ipc/result';

/**
 * A problem found in a skill. Errors keep it listed but not runnable; warnings leave it runnable.
 * `line` is 1-based in `file` when known. `message` is English; `words` says it as data for a dashboard in
 * another language (`errors:findings.<name>` in the renderer's locales); the `strict-*` findings have none.
 */
export const Finding = z.object({
  code: z.string(),
  severity: z.enum(['error', 'warning']),
  message: z.string(),
  file: z.string().optional(),
  line: z.number().int().positive().optional(),
  words: ErrorWords.optional(),
});
export type Finding = z.infer<typeof Finding>;

export const EXECUTION_MODES = ['prompt', 'workflow', 'phases', 'autonomous', 'agent'] as const;
export const ExecutionMode = z.enum(EXECUTION_MODES);
export type ExecutionMode = z.infer<typeof ExecutionMode>;

export const OUTPUT_TOOLS = ['insert_text', 'clipboard', 'save_memo', 'floating_card'] as const;
export const OutputTool = z.enum(OUTPUT_TOOLS);
export type OutputTool = z.infer<typeof OutputTool>;
