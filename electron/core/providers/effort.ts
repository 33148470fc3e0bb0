// A skill's `effort` as each provider's own option: an Anthropic thinking budget, an OpenAI reasoning
// effort. OpenAI-compatible servers (Ollama, LM Studio, vLLM…) do not share one way to ask, so there it is
// not sent (`skilldeck validate` says so).
import type { SharedV3ProviderOptions } from '@ai-sdk/provider';
import type { Effort } from '../../../shared/types/skill-definition';
import type { ProviderKind } from './gateway';

/**
 * Anthropic's thinking budget per level, in tokens (1,024 is the least it takes). The SDK adds the budget
 * to max_tokens, so the answer keeps its own room.
 */
export const THINKING_BUDGET: Record<Effort, number> = {
  low: 1024,
  medium: 4096,
  high: 16_384,
  xhigh: 24_576,
  max: 32_768,
};

/** The providers that honour `effort`. */
export const EFFORT_PROVIDERS: readonly ProviderKind[] = ['anthropic', 'openai'];

/** The provider options a call with this effort sends; undefined when none (no effort, or not supported). */
export function effortOptions(
  kind: ProviderKind,
  effort: Effort | undefined,
): SharedV3ProviderOptions | undefined {
  if (effort === undefined) return undefined;
  switch (kind) {
    case 'anthropic':
      return { anthropic: { thinking: { type: 'enabled', budgetTokens: THINKING_BUDGET[effort] } } };
    case 'openai':
      return { openai: { reasoningEffort: effort } };
    case 'openai-compatible':
      return undefined;
  }
}
