// The live preview beside the form: the instructions filled for the sample values, and the message the
// model would get — by the engine's own code (shared/skills), so the preview is what a run sends.
import { buildUserMessage, contextBehavior, type ContextBehavior } from '../../../../shared/skills/context';
import {
  formatDate,
  formatTime,
  formattingLocale,
  languageName,
} from '../../../../shared/skills/context-values';
import { renderSkillBody } from '../../../../shared/skills/template';
import { sampleContext, type TrySample } from '../../stores/editor-try';
import { draftDefaults } from './form-arguments';
import { configObject, type FormValues } from './form-model';

export interface PromptPreview {
  /** The system prompt: the instructions with their placeholders filled. */
  system: string;
  /** The user message built from what was given. */
  user: string;
  behavior: ContextBehavior;
}

/** What the context placeholders follow: the dashboard language and the system's locale (the browser's). */
export interface PreviewLocale {
  language: string;
  systemLocale?: string;
  /** The clock (tests inject one); default now. */
  date?: () => Date;
}

export function previewPrompt(
  values: Pick<FormValues, 'body' | 'config' | 'arguments'>,
  sample: TrySample,
  skillDir: string,
  locale: PreviewLocale,
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
      // as the engine fills them for a run started now, from a window like the sample's
      context: { language: languageName(locale.language), ...sampleContext(sample) },
      locale: formattingLocale(locale.language, locale.systemLocale),
    },
    locale.date,
  );
  const behavior = contextBehavior(given);
  return { system, user: buildUserMessage(behavior, given), behavior };
}

/** What `{{date}}`, `{{time}}` and `{{language}}` are for a run started now. */
export function filledAtStart(locale: PreviewLocale): { date: string; time: string; language: string } {
  const now = (locale.date ?? (() => new Date()))();
  const format = formattingLocale(locale.language, locale.systemLocale);
  return {
    date: formatDate(now, format),
    time: formatTime(now, format),
    language: languageName(locale.language),
  };
}
