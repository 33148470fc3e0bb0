// The AI SDK's shapes of what the engine sends: the prompt (system, turns, tool calls and results) and
// the tools offered, and the tool calls' inputs read back.
import type { JSONSchema7, LanguageModelV3FunctionTool, LanguageModelV3Prompt } from '@ai-sdk/provider';
import type { StreamTextRequest } from './gateway';

/** The AI SDK's prompt shape for a system text, text turns, tool calls and tool results. */
export function toPrompt(request: StreamTextRequest): LanguageModelV3Prompt {
  const prompt: LanguageModelV3Prompt = [];
  if (request.system !== '') prompt.push({ role: 'system', content: request.system });
  for (const m of request.messages) {
    if (m.role === 'user') prompt.push({ role: 'user', content: [{ type: 'text', text: m.content }] });
    else if (m.role === 'assistant') {
      prompt.push({
        role: 'assistant',
        content: [
          // the model's thinking goes back before its tool calls (Anthropic requires it with thinking on)
          ...(m.reasoning ?? []).map((r) => ({
            type: 'reasoning' as const,
            text: r.text,
            providerOptions: r.providerOptions,
          })),
          ...(m.content !== '' ? [{ type: 'text' as const, text: m.content }] : []),
          ...(m.toolCalls ?? []).map((c) => ({
            type: 'tool-call' as const,
            toolCallId: c.id,
            toolName: c.name,
            input: c.input,
          })),
        ],
      });
    } else {
      prompt.push({
        role: 'tool',
        content: m.results.map((r) => ({
          type: 'tool-result' as const,
          toolCallId: r.id,
          toolName: r.name,
          output: r.isError
            ? { type: 'error-text' as const, value: r.output }
            : { type: 'text' as const, value: r.output },
        })),
      });
    }
  }
  return prompt;
}

export const toModelTools = (request: StreamTextRequest): LanguageModelV3FunctionTool[] | undefined =>
  request.tools?.map((t) => ({
    type: 'function',
    name: t.name,
    description: t.description,
    inputSchema: t.inputSchema as JSONSchema7,
  }));

/** A tool call's JSON input; text that is not JSON is kept as `{ _raw }` for the tool to refuse clearly. */
export function parseToolInput(text: string): unknown {
  if (text.trim() === '') return {};
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return { _raw: text };
  }
}
