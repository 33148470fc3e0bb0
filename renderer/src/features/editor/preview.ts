// The live preview beside the form: the instructions filled for the sample values, and the message the
// model would get — by the engine's own code (shared/skills), so the preview is what a run sends.
import { buildUserMessage, contextBehavior, type ContextBehavior } from '../../../../shared/skills/context';
import { renderSkillBody } from '../../../../shared/skills/template';
import type { TrySample } from '../../stores/editor-try';
import { draftDefaults } from './form-arguments';
import { configObject, type FormValues } from './form-model';

export interface PromptPreview {
  /** The system prompt: the instructions with their placeholders filled. */
  system: string;
  /** The user message built from what was given. */
  user: string;
  behavior: ContextBehavior;
}

export function previewPrompt(
  values: Pick<FormValues, 'body' | 'config' | 'arguments'>,
  sample: TrySample,
  skillDir: string,
  date?: () => Date,
): PromptPreview {
  // as runs:start gets them from "Try it": an empty box is not given
  const given = {
    ...(sample.selection !== '' ? { selection: sample.selection } : {}),
    ...(sample.input !== '' ? { instruction: sample.input } : {}),
  };
  const system = renderSkillBody(
    values.body,
    {
      ...given,
      clipboard: sample.clipboard,
      config: configObject(values.config),
      argumentsText: sample.arguments,
      skillDir,
      declaredArguments: values.arguments.map((a) => a.name.trim()),
      argumentDefaults: draftDefaults(values.arguments),
    },
    date,
  );
  const behavior = contextBehavior(given);
  return { system, user: buildUserMessage(behavior, given), behavior };
}
