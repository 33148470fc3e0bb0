// What a skill reads of the user's data, as a form asking for it needs to know (the dashboard's run
// sheet, the command palette): from the body and a workflow's step prompts, never run.
import type { SkillDefinition } from './types';

const SELECTION = /\{\{\s*selection\s*\}\}/;
const ARGUMENTS = /(?<!\\)\$ARGUMENTS\b/;

export interface SkillInputs {
  /** The text uses `{{selection}}`: a selection is asked for beside the input. */
  usesSelection: boolean;
  /** It declares `arguments` or an `argument-hint`, or uses `$ARGUMENTS`: what is typed is also its arguments. */
  takesArguments: boolean;
}

export function skillInputs(definition: SkillDefinition | null, body: string): SkillInputs {
  const texts = [
    body,
    ...(definition?.workflow?.steps.flatMap((step) => [step.prompt, step.input ?? '']) ?? []),
  ];
  return {
    usesSelection: texts.some((text) => SELECTION.test(text)),
    takesArguments:
      (definition?.arguments.length ?? 0) > 0 ||
      definition?.argumentHint !== undefined ||
      texts.some((text) => ARGUMENTS.test(text)),
  };
}
