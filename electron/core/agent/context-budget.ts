// Keeps an agent's conversation inside the model's context: tokens are estimated (≈ 4 characters each),
// the oldest turns after the first user message are dropped whole (an assistant turn with the tool results
// that answer it) and replaced by one `[N earlier messages omitted]` note (tools/output.ts caps tool output).
import type { ChatMessage } from '../providers/gateway';

/** The share of the context window a request may fill (the rest is left for the answer). */
export const CONTEXT_SHARE = 0.7;
/** When neither the provider nor the settings say: a conservative window most current models exceed. */
export const DEFAULT_CONTEXT_TOKENS = 128_000;

const PER_MESSAGE = 4;

function messageChars(m: ChatMessage): number {
  if (m.role === 'tool') return m.results.reduce((n, r) => n + r.output.length + r.name.length + 16, 0);
  const calls = m.role === 'assistant' ? (m.toolCalls ?? []) : [];
  return m.content.length + calls.reduce((n, c) => n + c.name.length + JSON.stringify(c.input).length, 0);
}

export function estimateTokens(system: string, messages: readonly ChatMessage[]): number {
  const chars = system.length + messages.reduce((n, m) => n + messageChars(m), 0);
  return Math.ceil(chars / 4) + PER_MESSAGE * (messages.length + 1);
}

export const omittedNote = (n: number) => `[${n} earlier message${n === 1 ? '' : 's'} omitted]`;

/**
 * The messages to send: all of them when they fit `budgetTokens`, else the first user message, the
 * omission note and the newest turns that fit (at least the last turn, even when it alone is over).
 * A tool message is never separated from the assistant turn that called the tools.
 */
export function trimToBudget(
  system: string,
  messages: readonly ChatMessage[],
  budgetTokens: number,
): ChatMessage[] {
  if (messages.length <= 2 || estimateTokens(system, messages) <= budgetTokens) return [...messages];
  const [first, ...rest] = messages;
  // units: a message, or an assistant message with the tool message that follows it
  const units: ChatMessage[][] = [];
  for (const m of rest) {
    if (m.role === 'tool' && units.length > 0 && units.at(-1)![0]!.role === 'assistant')
      units.at(-1)!.push(m);
    else units.push([m]);
  }
  let dropped = 0;
  let kept = units;
  const assemble = () => [first!, { role: 'user' as const, content: omittedNote(dropped) }, ...kept.flat()];
  while (kept.length > 1) {
    dropped += kept[0]!.length;
    kept = kept.slice(1);
    // an orphan tool result cannot lead: drop it too
    while (kept.length > 1 && kept[0]![0]!.role === 'tool') {
      dropped += kept[0]!.length;
      kept = kept.slice(1);
    }
    if (estimateTokens(system, assemble()) <= budgetTokens) break;
  }
  return dropped === 0 ? [...messages] : assemble();
}
