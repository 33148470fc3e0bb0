// How the executor hands a run's result to the output tools: the result through the tool the skill names,
// and a failed run's policy (output-routing's deliverFailure) through the same ports.
import type { createExecutor } from '../../engine/executor';
import { deliverFailure } from '../../engine/output-routing';
import type { DesktopText } from '../../i18n/desktop-text';
import type { ToolRegistry } from '../registry';
import type { OutputPorts } from './types';

type ExecutorDeps = Parameters<typeof createExecutor>[0];

export function createRunDelivery(deps: {
  tools: ToolRegistry;
  ports: OutputPorts;
  text: DesktopText;
}): Pick<ExecutorDeps, 'deliver' | 'deliverFailure'> {
  const { tools, ports } = deps;
  return {
    deliver: async (tool, text, info) => {
      // a card is titled by its skill; a memo by its own first line (a list of memos all called "memo" says nothing)
      const input = tool === 'floating_card' ? { text, title: info.title } : { text };
      if (tool === 'save_memo' && text === '') throw new Error('nothing to save: select some text first');
      await tools.execute(tool, input, {
        runId: info.runId,
        skillId: info.skillId,
        signal: new AbortController().signal,
      });
    },
    deliverFailure: async (info) => {
      const result = await deliverFailure({
        behavior: info.behavior,
        original: info.original,
        error: new Error(info.error),
        tool: info.tool as Parameters<typeof deliverFailure>[0]['tool'],
        ports,
        ctx: { runId: info.runId, skillId: info.skillId },
        title: info.title,
        text: deps.text,
      });
      return result.tool === 'floating_card' ? null : { tool: result.via ?? result.tool };
    },
  };
}
