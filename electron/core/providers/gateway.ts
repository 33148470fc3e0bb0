// The engine's one way to reach a model. createModelGateway (providers/) implements it over the AI SDK.
import type { ErrorWords } from '../../../shared/ipc/result';
import type { Effort } from '../../../shared/types/skill-definition';

export type ProviderKind = 'openai' | 'anthropic' | 'openai-compatible';

/** A tool call the model made (input parsed from its JSON; `{}` when it sent none). */
export interface ToolCallPart {
  id: string;
  name: string;
  input: unknown;
}

/** What a tool answered, as sent back to the model. */
export interface ToolResultPart {
  id: string;
  name: string;
  output: string;
  isError?: boolean;
}

/**
 * A model's reasoning that must go back with its answer (Anthropic's thinking blocks before a tool call
 * carry a signature the API checks). Only reasoning with provider data is kept; the data is opaque.
 */
export interface ReasoningPart {
  text: string;
  providerOptions: Record<string, Record<string, string>>;
}

export type ChatMessage =
  | { role: 'user'; content: string }
  | { role: 'assistant'; content: string; toolCalls?: ToolCallPart[]; reasoning?: ReasoningPart[] }
  | { role: 'tool'; results: ToolResultPart[] };

/** A tool offered to the model: its JSON Schema input. */
export interface ModelTool {
  name: string;
  description: string;
  inputSchema: Record<string, unknown>;
}

export interface StreamTextRequest {
  /** The skill's `provider` (a configured provider's name); the default provider when absent. */
  providerName?: string;
  /** The skill's `model`; the provider's default model when absent. */
  model?: string;
  /** Only this key of the provider's pool, whatever its health (a connection test of one key). */
  keyId?: string;
  system: string;
  messages: ChatMessage[];
  /** Tools the model may call; their calls come back in the result (the caller runs them). */
  tools?: ModelTool[];
  maxOutputTokens?: number;
  /**
   * Ask for a JSON object of this JSON Schema, where the provider can be asked: OpenAI's and
   * OpenAI-compatible servers' `response_format` json_schema, Anthropic's forced `json` tool. The answer
   * still comes back as `text`: whoever asked parses (and checks) it.
   */
  responseFormat?: { schema: Record<string, unknown>; name: string; description?: string };
  /** The skill's `effort`: a thinking budget or reasoning effort where the provider has one (effort.ts). */
  effort?: Effort;
  signal: AbortSignal;
  /** Each streamed text delta, in order, once (never repeated by a retry). */
  onToken: (text: string) => void;
  /**
   * Told each time the provider answers an attempt 429 (before the call moves to another key, waits or
   * fails), with when that attempt was sent (performance.now()): the engine lowers the run's limit.
   */
  onRateLimited?: (info: { provider: string; sentAt: number }) => void;
  /** Told before each retry of a call that failed before any token was streamed. */
  onRetry?: (info: { attempt: number; delayMs: number; error: ModelError }) => void;
}

export interface StreamTextResult {
  text: string;
  provider: string;
  model: string;
  usage: { inputTokens: number | null; outputTokens: number | null };
  finishReason: string;
  /** The tool calls of this answer, in order (empty without tools). */
  toolCalls: ToolCallPart[];
  /** Reasoning to send back with this answer in the next request (absent when there is none). */
  reasoning?: ReasoningPart[];
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
      /** The provider's own error text (its JSON error body), shortened, the key masked. */
      said?: string;
      /** Text streamed before a mid-stream failure (it was shown once; the call is not retried). */
      partialText?: string;
      /** The message as data, for the dashboard's language (errors:provider.<key>). */
      words?: ErrorWords;
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
