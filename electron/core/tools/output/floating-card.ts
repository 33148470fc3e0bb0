import { z } from 'zod';
import type { ToolRegistry } from '../registry';
import type { OutputDelivery, OutputToolDeps } from './types';

export const FloatingCardInput = z
  .object({ text: z.string(), title: z.string().max(200).optional() })
  .strict();

export function registerFloatingCard(registry: ToolRegistry, { ports }: OutputToolDeps): void {
  registry.register(
    'floating_card',
    {
      description:
        'Show the text in a floating card near the cursor (for answers the user reads, not pastes).',
      kind: 'output',
      input: FloatingCardInput,
    },
    async ({ text, title }, ctx): Promise<OutputDelivery> => {
      await ports.card.show({ runId: ctx.runId, title: title ?? ctx.skillId, text, pending: false });
      return { tool: 'floating_card', delivered: true };
    },
  );
}
