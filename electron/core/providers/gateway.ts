// The engine's one way to reach a model. createModelGateway (providers/) implements it over the AI SDK.

export type ProviderKind = 'openai' | 'anthropic' | 'openai-compatible';

export interface ChatMessage {
  role: 'user' | 'assistant';
  content: string;
}

export interface StreamTextRequest {
  /** The skill's `provider` (a configured provider's name); the default provider when absent. */
  providerName?: string;
  /** The skill's `model`; the provider's default model when absent. */
  model?: string;
  system: string;
  messages: ChatMessage[];
  maxOutputTokens?: number;
  signal: AbortSignal;
  /** Each streamed text delta, in order, once (never repeated by a retry). */
  onToken: (text: string) => void;
  /** Told before each retry of a call that failed before any token was streamed. */
  onRetry?: (info: { attempt: number; delayMs: number; error: ModelError }) => void;
}

export interface StreamTextResult {
  text: string;
  provider: string;
  model: string;
  usage: { inputTokens: number | null; outputTokens: number | null };
  finishReason: string;
}

export type ModelErrorCode =
  'no-provider' | 'unknown-provider' | 'http' | 'network' | 'timeout' | 'cancelled' | 'bad-response';

/** A failed model call, with a message a user can act on (never the request body or the key). */
export class ModelError extends Error {
  constructor(
    readonly code: ModelErrorCode,
    message: string,
    readonly details: {
      status?: number;
      retryable?: boolean;
      retryAfterMs?: number;
      /** Text streamed before a mid-stream failure (it was shown once; the call is not retried). */
      partialText?: string;
    } = {},
  ) {
    super(message);
    this.name = 'ModelError';
  }
}

export interface ResolvedModel {
  provider: string;
  kind: ProviderKind;
  model: string;
}

export interface ModelGateway {
  /** The provider and model a call with these overrides would use; throws ModelError when there is none. */
  resolve(providerName?: string, model?: string): Promise<ResolvedModel>;
  streamText(request: StreamTextRequest): Promise<StreamTextResult>;
}
