// How the executor hands a run's result to the output tools: the result through the output the skill
// names, and a failed run's policy (output-routing's deliverFailure) through the same ports. The two
// outputs that are not tools an agent calls are done here: replace_selection (the insert_text paste, but
// only for an answer that finished cleanly) and insert_after (the selection kept, the answer after it).
import type { createExecutor } from '../../engine/executor';
import { deliverFailure } from '../../engine/output-routing';
import type { DesktopText } from '../../i18n/desktop-text';
import type { FocusedWindow } from '../../platform';
import type { ToolRegistry } from '../registry';
import { insertOrFallBack } from './insert-text';
import { showOrNotify } from './show-card';
import type { OutputDelivery, OutputPorts } from './types';

type ExecutorDeps = Parameters<typeof createExecutor>[0];

/**
 * What goes between the selection and an answer put after it: nothing when either side already has the
 * white space; a blank line when either is more than one line (a paragraph after a paragraph); else a
 * space (a sentence after a sentence).
 */
export function separatorAfter(selection: string, text: string): string {
  if (selection === '' || /\s$/.test(selection) || /^\s/.test(text)) return '';
  return selection.includes('\n') || text.includes('\n') ? '\n\n' : ' ';
}

export interface RunDeliveryDeps {
  tools: ToolRegistry;
  ports: OutputPorts;
  text: DesktopText;
  /** The window a triggered run inserts into (captured at trigger time). */
  targetOf?: (runId: string) => FocusedWindow | null | undefined;
  /** Where a run's result went in the end (the output asked for, or the one that took it instead). */
  onDelivered?: (runId: string, where: string) => void;
  /** Resolves when the runs triggered before this one have delivered (trigger/run-queue.ts). */
  turn?: (runId: string) => Promise<void>;
}

export function createRunDelivery(deps: RunDeliveryDeps): Pick<ExecutorDeps, 'deliver' | 'deliverFailure'> {
  const { tools, ports, text: t } = deps;
  return {
    deliver: async (tool, text, info) => {
      const ctx = { runId: info.runId, skillId: info.skillId };
      if (tool === 'replace_selection' && info.cutShort !== undefined) {
        // an answer that stopped early never replaces what the user wrote: it waits in the card
        const shown = await showOrNotify(
          ports,
          {
            runId: info.runId,
            title: info.title,
            text,
            pending: false,
            error: t('card.notReplaced', { reason: t(`card.cutShort.${cutShortKey(info.cutShort)}`) }),
          },
          t,
        );
        deps.onDelivered?.(info.runId, 'floating_card');
        return { tool: shown ? 'floating_card' : 'none', confirmed: null };
      }
      let delivery: OutputDelivery;
      if (tool === 'insert_text' || tool === 'replace_selection' || tool === 'insert_after')
        await deps.turn?.(info.runId);
      if (tool === 'replace_selection' || tool === 'insert_after') {
        const after = tool === 'insert_after';
        const body = after ? `${separatorAfter(info.selection ?? '', text)}${text}` : text;
        delivery = await insertOrFallBack(ports, body, ctx, deps.targetOf?.(info.runId), t, after);
      } else {
        // a card is titled by its skill; a memo by its own first line (a list of memos all called "memo" says nothing)
        const input = tool === 'floating_card' ? { text, title: info.title } : { text };
        if (tool === 'save_memo' && text === '') throw new Error('nothing to save: select some text first');
        delivery = (await tools.execute(tool, input, {
          ...ctx,
          signal: new AbortController().signal,
        })) as OutputDelivery;
      }
      const where = delivery.delivered ? tool : (delivery.via ?? tool);
      const unconfirmed = delivery.delivered && delivery.confirmed === false;
      deps.onDelivered?.(info.runId, unconfirmed ? 'insert_unconfirmed' : where);
      return {
        tool: delivery.nowhere ? 'none' : where,
        confirmed: delivery.delivered && delivery.confirmed !== undefined ? delivery.confirmed : null,
        ...(delivery.message !== undefined ? { note: delivery.message } : {}),
      };
    },
    deliverFailure: async (info) => {
      await deps.turn?.(info.runId);
      const result = await deliverFailure({
        behavior: info.behavior,
        original: info.original,
        ...(info.after ? { after: true } : {}),
        ...(info.spoken ? { spoken: true } : {}),
        error: new Error(info.error),
        tool: info.tool as Parameters<typeof deliverFailure>[0]['tool'],
        ports,
        ctx: { runId: info.runId, skillId: info.skillId },
        title: info.title,
        text: deps.text,
        target: deps.targetOf?.(info.runId),
      });
      // the original shown in the card is the run's text there (its Copy / Insert act on it)
      if (result.tool === 'floating_card') return null;
      return { tool: result.via ?? result.tool };
    },
  };
}

/** The finish reasons that cut an answer short, as the words' keys. */
function cutShortKey(reason: string): 'length' | 'contentFilter' | 'other' {
  if (reason === 'length') return 'length';
  if (reason === 'content-filter') return 'contentFilter';
  return 'other';
}
