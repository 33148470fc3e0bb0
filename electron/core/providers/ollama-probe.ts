// The default provider when none is configured: Ollama's OpenAI-compatible endpoint, if it answers.

export const OLLAMA_BASE_URL = 'http://127.0.0.1:11434/v1';

export interface OllamaProbeOptions {
  baseUrl: string;
  timeoutMs: number;
  /** How long an answer (or a failure) is reused, so a run does not wait on the probe each time. */
  cacheMs: number;
  fetch: typeof fetch;
}

/** Lists the models at `<baseUrl>/models`; null when nothing answers in time or the answer has none. */
export function createOllamaProbe(options: OllamaProbeOptions): () => Promise<string[] | null> {
  let cached: { at: number; models: Promise<string[] | null> } | undefined;

  const probe = async (): Promise<string[] | null> => {
    try {
      const res = await options.fetch(`${options.baseUrl.replace(/\/+$/, '')}/models`, {
        signal: AbortSignal.timeout(options.timeoutMs),
      });
      if (!res.ok) return null;
      const body = (await res.json()) as { data?: { id?: unknown }[] };
      const models = (body.data ?? []).map((m) => m.id).filter((id): id is string => typeof id === 'string');
      return models.length > 0 ? models : null;
    } catch {
      return null; // not running: the caller says "no provider configured"
    }
  };

  return () => {
    const now = Date.now();
    if (!cached || now - cached.at > options.cacheMs) cached = { at: now, models: probe() };
    return cached.models;
  };
}
