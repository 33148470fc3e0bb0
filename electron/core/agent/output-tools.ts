// The four output tools offered to agents: the same registry entries the engine delivers through, so an
// agent's insert_text is the user's insert_text (ports, memos, fallbacks).
import type { ToolRegistry } from '../tools/registry';
import { OUTPUT_TOOLS, type OutputDelivery } from '../tools/output';
import { defineTool, type AgentTool } from './types';

export function outputAgentTools(
  registry: ToolRegistry,
  info: { runId: string; skillId: string; title: string; onDelivered?: (tool: string) => void },
): AgentTool[] {
  return OUTPUT_TOOLS.flatMap((name) => {
    const registered = registry.get(name);
    if (!registered) return [];
    return [
      defineTool({
        name,
        description: registered.spec.description,
        effect: 'output',
        input: registered.spec.input,
        async execute(input, ctx) {
          // a card without a title is titled by its skill; a memo without one by its first line
          const args =
            name === 'floating_card' && (input as { title?: string }).title === undefined
              ? { ...(input as object), title: info.title }
              : input;
          const result = (await registry.execute(name, args, {
            runId: ctx.runId,
            skillId: ctx.skillId,
            signal: ctx.signal,
          })) as OutputDelivery | undefined;
          info.onDelivered?.(name);
          const via = result?.via && result.via !== name ? ` (through ${result.via})` : '';
          const what =
            result?.memoId !== undefined ? `memo ${result.memoId} saved` : `delivered with ${name}${via}`;
          return { output: result?.message ?? what, summary: `${name}: ${what}` };
        },
      }),
    ];
  });
}
