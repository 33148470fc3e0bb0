import { z } from 'zod';
import type { ToolRegistry } from '../registry';
import { showOrNotify } from './show-card';
import type { OutputDelivery, OutputToolDeps } from './types';

export const FloatingCardInput = z
  .object({ text: z.string(), title: z.string().max(200).optional() })
  .strict();

export function registerFloatingCard(registry: ToolRegistry, { ports, text: t }: OutputToolDeps): void {
  registry.register(
    'floating_card',
    {
      description:
        'Show the text in a floating card near the cursor (for answers the user reads, not pastes).',
      kind: 'output',
      input: FloatingCardInput,
    },
    async ({ text, title }, ctx): Promise<OutputDelivery> => {
      const card = { runId: ctx.runId, title: title ?? ctx.skillId, text, pending: false };
      if (await showOrNotify(ports, card, t)) return { tool: 'floating_card', delivered: true };
      return {
        tool: 'floating_card',
        delivered: false,
        nowhere: true,
        message: 'its card was closed: the result is in the run history',
      };
    },
  );
}
