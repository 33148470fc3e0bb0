// The executor's view of templating, context behaviour and output routing: thin adapters over
// template.ts, context.ts, interpolate.ts, condition.ts and output-routing.ts.
import type { SkillDefinition } from '../skills/types';
import { evaluateCondition } from './condition';
import { buildUserMessage, contextBehavior, type ContextBehavior } from './context';
import { chooseOutputTool as routeOutput, isDirectSaveSkill as directSave } from './output-routing';
import { renderTemplate } from './template';

export { interpolate } from './interpolate';
export type { ContextBehavior };

export interface RunContext {
  selection?: string;
  /** What the user typed (command bar; CLI `--input`). */
  instruction?: string;
  config: Record<string, unknown>;
  argumentsText?: string;
  clipboard?: string;
  skillDir: string;
  declaredArguments: readonly string[];
  /** The declared arguments' defaults by name (absent in runs saved before defaults existed). */
  argumentDefaults?: Readonly<Record<string, string>>;
}

export const contextKind = (ctx: RunContext): ContextBehavior => contextBehavior(ctx);

/** The text the user gave: the selection, else what they typed. */
export const inputText = (ctx: RunContext) => ctx.selection ?? ctx.instruction ?? '';

export function renderBody(text: string, ctx: RunContext): string {
  return renderTemplate(text, {
    config: ctx.config,
    selection: ctx.selection ?? '',
    clipboard: ctx.clipboard ?? '',
    input: inputText(ctx),
    arguments: ctx.argumentsText ?? '',
    skillDir: ctx.skillDir,
    declaredArguments: ctx.declaredArguments,
    ...(ctx.argumentDefaults ? { argumentDefaults: ctx.argumentDefaults } : {}),
  });
}

export const userMessage = (ctx: RunContext) => buildUserMessage(contextKind(ctx), ctx);

/** null to run the step; otherwise why it is skipped. */
export function conditionSkipReason(
  condition: string,
  vars: Readonly<Record<string, unknown>>,
): string | null {
  const result = evaluateCondition(condition, vars);
  if (result.value) return null;
  return result.reason ? `condition ${condition}: ${result.reason}` : `condition is false: ${condition}`;
}

export const chooseOutputTool = (definition: SkillDefinition, behavior: ContextBehavior): string =>
  routeOutput(definition, behavior);

export const isDirectSaveSkill = (definition: SkillDefinition, body: string) => directSave(definition, body);
