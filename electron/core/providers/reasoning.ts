// The reasoning a model streams, kept to be sent back with its answer: with `effort` Anthropic thinks
// before a tool call, and the next request must carry that thinking block (its signature, or the redacted
// data) or the API refuses it. Reasoning without provider data has nothing to give back and is dropped.
import type { SharedV3ProviderMetadata } from '@ai-sdk/provider';
import type { ReasoningPart } from './gateway';

interface Block {
  text: string;
  data: Record<string, Record<string, string>>;
}

/** Keeps the string values of provider metadata (a signature, redacted data), by provider. */
function merge(into: Block['data'], metadata: SharedV3ProviderMetadata | undefined): void {
  for (const [provider, values] of Object.entries(metadata ?? {})) {
    for (const [key, value] of Object.entries(values)) {
      if (typeof value === 'string') (into[provider] ??= {})[key] = value;
    }
  }
}

export function createReasoningCollector() {
  const blocks = new Map<string, Block>();
  const block = (id: string) => {
    let b = blocks.get(id);
    if (!b) blocks.set(id, (b = { text: '', data: {} }));
    return b;
  };
  return {
    start(id: string, metadata?: SharedV3ProviderMetadata) {
      merge(block(id).data, metadata);
    },
    delta(id: string, text: string, metadata?: SharedV3ProviderMetadata) {
      const b = block(id);
      b.text += text;
      merge(b.data, metadata);
    },
    /** The blocks, in the order they began, that carry provider data. */
    parts(): ReasoningPart[] {
      return [...blocks.values()]
        .filter((b) => Object.keys(b.data).length > 0)
        .map((b) => ({ text: b.text, providerOptions: b.data }));
    },
  };
}
