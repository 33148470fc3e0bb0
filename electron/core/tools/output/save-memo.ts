import { z } from 'zod';
import type { ToolRegistry } from '../registry';
import { englishText } from '../../i18n/desktop-text';
import type { OutputDelivery, OutputToolDeps } from './types';

export const SaveMemoInput = z
  .object({ text: z.string().min(1, 'a memo needs some text'), title: z.string().max(500).optional() })
  .strict();

export function registerSaveMemo(
  registry: ToolRegistry,
  { memos, ports, now = Date.now, text: t = englishText }: OutputToolDeps,
): void {
  registry.register(
    'save_memo',
    {
      description: 'Save the text as a memo the user can find later (full-text searchable).',
      kind: 'output',
      input: SaveMemoInput,
    },
    async ({ text, title }, ctx): Promise<OutputDelivery> => {
      const memo = memos.create({ skillId: ctx.skillId, runId: ctx.runId, title, text }, now());
      await ports.notifier.notify(t('notify.memoSaved'), memo.title).catch(() => undefined);
      return { tool: 'save_memo', delivered: true, memoId: memo.id, message: `saved as memo ${memo.id}` };
    },
  );
}
