import { z } from 'zod';
import type { ToolRegistry } from '../registry';
import { errorText, type OutputDelivery, type OutputToolDeps } from './types';

export const ClipboardInput = z.object({ text: z.string() }).strict();

export function registerClipboard(registry: ToolRegistry, { ports }: OutputToolDeps): void {
  registry.register(
    'clipboard',
    { description: 'Copy the text to the clipboard.', kind: 'output', input: ClipboardInput },
    async ({ text }, ctx): Promise<OutputDelivery> => {
      try {
        await ports.clipboard.writeText(text);
        return { tool: 'clipboard', delivered: true };
      } catch (error) {
        // Not copied: show it instead so the user can still take it.
        const message = `could not copy to the clipboard (${errorText(error)}); shown in a card instead`;
        await ports.card.show({ runId: ctx.runId, title: ctx.skillId, text, pending: false });
        return { tool: 'clipboard', delivered: false, via: 'floating_card', message };
      }
    },
  );
}
