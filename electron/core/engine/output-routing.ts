// Where a run's result goes (DESIGN §5–6), and what happens to the user's text when the model fails.

import { OUTPUT_CHOICES, type OutputChoice } from '../../../shared/types/finding';
import type { SkillDefinitionData } from '../../../shared/types/skill-definition';
import { englishText, type DesktopText } from '../i18n/desktop-text';
import { showOrNotify } from '../tools/output/show-card';
import { errorText, isOutputTool, type OutputDelivery, type OutputPorts } from '../tools/output/types';
import type { ContextBehavior } from '../../../shared/skills/context';
import type { FocusedWindow } from '../platform';

export type RoutingDefinition = Pick<SkillDefinitionData, 'output' | 'allowedTools' | 'executionMode'>;

export const isOutputChoice = (name: string): name is OutputChoice =>
  (OUTPUT_CHOICES as readonly string[]).includes(name);

/** The outputs that put the answer where the user's cursor is. */
const INSERTING: ReadonlySet<OutputChoice> = new Set(['insert_text', 'replace_selection', 'insert_after']);

/** The skill's own choice: its `output` field, else the first output tool in `allowed-tools`. */
export function namedOutputTool(
  definition: Pick<RoutingDefinition, 'output' | 'allowedTools'>,
): OutputChoice | null {
  if (definition.output !== undefined && isOutputChoice(definition.output)) return definition.output;
  return definition.allowedTools?.find(isOutputTool) ?? null;
}

/**
 * The output for a run: the skill's choice, else insert_text; then by behavior — explain (no selection, a
 * typed question) shows a card instead of inserting; noInput shows a card unless the skill named an
 * output, and with nothing selected there is nothing to replace or to follow, so replace_selection and
 * insert_after insert at the cursor. clipboard / save_memo / floating_card named by the skill are kept.
 */
export function chooseOutputTool(
  definition: Pick<RoutingDefinition, 'output' | 'allowedTools'>,
  behavior: ContextBehavior,
): OutputChoice {
  const named = namedOutputTool(definition);
  const tool = named ?? 'insert_text';
  if (behavior === 'explain' && INSERTING.has(tool)) return 'floating_card';
  if (behavior === 'noInput' && named === null) return 'floating_card';
  if (behavior === 'noInput' && INSERTING.has(tool)) return 'insert_text';
  return tool;
}

/**
 * A triggered run whose answer replaces the selection without a card (`replace_selection` with a
 * selection): the card appears only when it fails or the answer was cut short.
 */
export const isSilentOutput = (tool: OutputChoice) => tool === 'replace_selection';

/**
 * A prompt skill whose `allowed-tools` lists only output tools and whose body is empty makes no model
 * call: its input goes straight to its output tool (the built-in `memo`). Returns that tool, else null.
 */
export function directOutputTool(definition: RoutingDefinition, body: string): OutputChoice | null {
  if (definition.executionMode !== 'prompt' || body.trim() !== '') return null;
  const tools = definition.allowedTools;
  if (tools === null || tools.length === 0 || !tools.every(isOutputTool)) return null;
  return namedOutputTool(definition);
}

/** True for a skill whose input goes to its output tool without a model call (the built-in memo and dictate). */
export function isDirectOutputSkill(definition: RoutingDefinition, body: string): boolean {
  return directOutputTool(definition, body) !== null;
}

/** True for a skill that saves its input as a memo without a model call (`directOutputTool` = save_memo). */
export function isDirectSaveSkill(definition: RoutingDefinition, body: string): boolean {
  return directOutputTool(definition, body) === 'save_memo';
}

export interface FailureInput {
  behavior: ContextBehavior;
  /** The user's original text (the selection; a voice run's transcript). */
  original: string;
  /** A voice run with a selection: what was said goes in after the selection, which stays. */
  after?: boolean;
  /** `original` is what the user said (a voice run): the notification says it was inserted. */
  spoken?: boolean;
  error: unknown;
  /** The output the run would have used (chooseOutputTool); default insert_text. */
  tool?: OutputChoice;
  /**
   * The window the run was triggered from (trigger-session.ts): the only place the original may be
   * pasted back, after the same focus check as a result. null / undefined: none known.
   */
  target?: FocusedWindow | null;
  ports: OutputPorts;
  ctx: { runId: string; skillId: string };
  /** Card / notification title; default the skill id. */
  title?: string;
  /** The desktop app's words for the notification (default English). */
  text?: DesktopText;
}

export interface FailureDelivery extends OutputDelivery {
  /** The error as shown to the user. */
  error: string;
}

/**
 * When the model call fails: in directOutput/rewrite with a run that would have inserted text
 * (insert_text), the original text is pasted back — only into the window the run was triggered from,
 * after the inserter's focus check — and the error notified, so a cut or replaced selection is never
 * lost; when that window is not known or no longer focused (or the paste fails), nothing is pasted: the
 * card shows the error with the original text, for Insert or Copy. In every other case —
 * replace_selection and insert_after among them, which never touch the selection before a clean answer
 * — the error goes to the floating card.
 */
export async function deliverFailure(input: FailureInput): Promise<FailureDelivery> {
  const { behavior, original, ports, ctx, text: t = englishText } = input;
  const error = errorText(input.error);
  const title = input.title ?? ctx.skillId;
  const replacing =
    (behavior === 'directOutput' || behavior === 'rewrite') &&
    (input.tool ?? 'insert_text') === 'insert_text';
  if (replacing && original !== '') {
    let reason = t('card.noWindow');
    if (input.target) {
      const result = await ports.inserter
        .insert(original, { target: input.target, ...(input.after ? { after: true } : {}) })
        .catch((failure: unknown) => ({ inserted: false, reason: errorText(failure) }));
      if (result.inserted) {
        await ports.notifier
          .notify(
            t('notify.failed', { title }),
            t(input.spoken ? 'notify.saidInserted' : 'notify.originalKept', { error }),
          )
          .catch(() => undefined);
        return { tool: 'insert_text', delivered: true, error };
      }
      reason = (result.reason ?? '').replace(/ — kept in the card$/, '');
    }
    // a slow failure must not land in whatever has the focus now (a terminal, another document)
    const card = {
      runId: ctx.runId,
      title,
      text: original,
      pending: false,
      error: t('card.originalNotPasted', { error, reason }),
    };
    await showOrNotify(ports, card, t);
    return { tool: 'insert_text', delivered: false, via: 'floating_card', error };
  }
  await showOrNotify(ports, { runId: ctx.runId, title, text: '', pending: false, error }, t);
  return { tool: 'floating_card', delivered: true, error };
}
