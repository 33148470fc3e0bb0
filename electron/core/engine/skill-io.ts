// The executor's view of templating, context behaviour and output routing: thin adapters over
// template.ts, context.ts, interpolate.ts, condition.ts and output-routing.ts.
import type { SkillDefinition } from '../skills/types';
import { evaluateCondition } from './condition';
import { buildUserMessage, contextBehavior, type ContextBehavior } from '../../../shared/skills/context';
import { chooseOutputTool as routeOutput, isDirectOutputSkill as directOutput } from './output-routing';
import { inputText as givenText, renderSkillBody, type BodyInput } from '../../../shared/skills/template';

export { interpolate } from './interpolate';
export type { ContextBehavior };

/** What a run was given; saved with the run (an interrupted one resumes from it). */
export interface RunContext extends BodyInput {
  config: Record<string, unknown>;
}

export const contextKind = (ctx: RunContext): ContextBehavior => contextBehavior(ctx);

/** The text the user gave: the selection, else what they typed. */
export const inputText = (ctx: RunContext) => givenText(ctx);

export const renderBody = (text: string, ctx: RunContext): string => renderSkillBody(text, ctx);

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

/** Its input goes straight to its output tool, no model call (memo, dictate). */
export const isDirectOutputSkill = (definition: SkillDefinition, body: string) =>
  directOutput(definition, body);
