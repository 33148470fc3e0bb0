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

/**
 * What a skill's `output:` field may name: the four output tools, and two ways of inserting that are not
 * tools an agent calls — `replace_selection` (the selection replaced without a card, and only when the
 * answer finished cleanly) and `insert_after` (the answer put after the selection, which stays).
 */
export const OUTPUT_CHOICES = [
  'insert_text',
  'replace_selection',
  'insert_after',
  'clipboard',
  'save_memo',
  'floating_card',
] as const;
export const OutputChoice = z.enum(OUTPUT_CHOICES);
export type OutputChoice = z.infer<typeof OutputChoice>;
