import { z } from 'zod';
import type { ToolContext, ToolRegistry } from '../registry';
import type { FocusedWindow } from '../../platform';
import { englishText, type DesktopText } from '../../i18n/desktop-text';
import { showOrNotify } from './show-card';
import { errorText, type OutputDelivery, type OutputPorts, type OutputToolDeps } from './types';

export const InsertTextInput = z.object({ text: z.string() }).strict();

/**
 * Inserts at the cursor (`after`: after the selection, which stays); when that is impossible (no focused
 * field, no permission) copies to the clipboard and says so, and when even that fails shows a card: the
 * text is never dropped.
 */
export async function insertOrFallBack(
  ports: OutputPorts,
  text: string,
  ctx: Pick<ToolContext, 'runId' | 'skillId'>,
  target?: FocusedWindow | null,
  t: DesktopText = englishText,
  after = false,
): Promise<OutputDelivery> {
  let reason: string;
  try {
    const result = await ports.inserter.insert(text, after ? { target, after } : { target });
    if (result.inserted)
      return {
        tool: 'insert_text',
        delivered: true,
        ...(result.confirmed !== undefined ? { confirmed: result.confirmed } : {}),
      };
    reason = result.reason ?? 'the text could not be inserted';
    if (result.keepInCard) {
      // the user moved on to another window: the result waits in the card (Copy / Insert), never pasted elsewhere
      // (a paste the app never took: the card offers another paste key for it)
      const card = {
        ...{ runId: ctx.runId, title: ctx.skillId, text, pending: false, error: reason },
        ...(result.notTaken ? { notTaken: result.notTaken } : {}),
      };
      const shown = await showOrNotify(ports, card, t);
      return {
        tool: 'insert_text',
        delivered: false,
        via: 'floating_card',
        message: reason,
        ...(shown ? {} : { nowhere: true }),
      };
    }
  } catch (error) {
    reason = errorText(error);
  }
  try {
    await ports.clipboard.writeText(text);
    const message = `${reason}; copied to the clipboard instead`;
    await ports.notifier.notify(ctx.skillId, t('notify.copiedInstead', { reason })).catch(() => undefined);
    return { tool: 'insert_text', delivered: false, via: 'clipboard', message };
  } catch (error) {
    const message = `${reason}; the clipboard failed too (${errorText(error)}); shown in a card instead`;
    await ports.card.show({ runId: ctx.runId, title: ctx.skillId, text, pending: false });
    return { tool: 'insert_text', delivered: false, via: 'floating_card', message };
  }
}

export function registerInsertText(
  registry: ToolRegistry,
  { ports, targetOf, text: t }: OutputToolDeps,
): void {
  registry.register(
    'insert_text',
    {
      description: "Insert the text at the user's cursor (replacing the selection, if any).",
      kind: 'output',
      input: InsertTextInput,
    },
    ({ text }, ctx) => insertOrFallBack(ports, text, ctx, targetOf?.(ctx.runId), t),
  );
}
