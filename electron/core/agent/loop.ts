// The agent loop (DESIGN §6): model turn → tool calls → results → next turn, until the model answers
// without calling a tool or `max-iterations` turns have been used. Its state (the conversation and the
// tool calls of the current turn not yet answered) is saved after every change, so a run that waits on
// the user can be resumed from the database by a later process.
import type {
  ChatMessage,
  ModelTool,
  StreamTextResult,
  ToolCallPart,
  ToolResultPart,
} from '../providers/gateway';
import { CONTEXT_SHARE, trimToBudget } from './context-budget';

export interface Todo {
  content: string;
  status: 'pending' | 'in_progress' | 'completed';
  activeForm?: string;
}

export interface AgentState {
  messages: ChatMessage[];
  /** Model turns taken. */
  iteration: number;
  /** The current turn's tool calls and the results given so far. */
  pending: { calls: ToolCallPart[]; results: ToolResultPart[] } | null;
  todos: Todo[];
  /** Rules granted "for this run". */
  runGrants: string[];
  /** The text of the last model turn. */
  lastText: string;
}

export const newAgentState = (userMessage: string): AgentState => ({
  messages: [{ role: 'user', content: userMessage }],
  iteration: 0,
  pending: null,
  todos: [],
  runGrants: [],
  lastText: '',
});

export interface AgentLoopOptions {
  system: string;
  state: AgentState;
  tools: ModelTool[];
  maxIterations: number;
  /** The model's context window in tokens; requests are kept within 70% of it. */
  contextTokens: number;
  /** One model turn (events, retries and usage are the caller's). */
  model: (request: {
    system: string;
    messages: ChatMessage[];
    tools: ModelTool[];
  }) => Promise<StreamTextResult>;
  /**
   * One tool call: permission, execution, events. Never throws for a failed tool (isError instead).
   * `resumed`: the call a resumed run was waiting in — it was announced (and logged) before.
   */
  callTool: (call: ToolCallPart, resumed?: boolean) => Promise<ToolResultPart>;
  save: (state: AgentState) => void;
  signal: AbortSignal;
}

export type AgentOutcome = { ok: true; output: string } | { ok: false; output: string | null; error: string };

class LoopCancelled extends Error {}

export async function runAgentLoop(o: AgentLoopOptions): Promise<AgentOutcome> {
  const { state } = o;
  // a state saved with calls pending is a run resumed while it waited in the first unanswered one
  let waitedIn: ToolCallPart | undefined = state.pending?.calls[state.pending.results.length];
  const check = () => {
    if (o.signal.aborted) throw new LoopCancelled('cancelled');
  };
  try {
    for (;;) {
      check();
      if (state.pending) {
        const { calls, results } = state.pending;
        for (const call of calls.slice(results.length)) {
          check();
          const resumed = call === waitedIn;
          waitedIn = undefined;
          results.push(await o.callTool(call, resumed));
          o.save(state);
        }
        check();
        state.messages.push({ role: 'tool', results });
        state.pending = null;
        o.save(state);
      }
      if (state.iteration >= o.maxIterations) {
        return {
          ok: false,
          output: state.lastText || null,
          error: `stopped after ${o.maxIterations} model turns without finishing — raise max-iterations in the skill or narrow the task`,
        };
      }
      state.iteration += 1;
      const messages = trimToBudget(o.system, state.messages, Math.floor(o.contextTokens * CONTEXT_SHARE));
      const answer = await o.model({ system: o.system, messages, tools: o.tools });
      check();
      state.lastText = answer.text;
      state.messages.push({
        role: 'assistant',
        content: answer.text,
        ...(answer.toolCalls.length > 0 ? { toolCalls: answer.toolCalls } : {}),
        // thinking before a tool call goes back with it (Anthropic checks it), never shown
        ...(answer.reasoning ? { reasoning: answer.reasoning } : {}),
      });
      if (answer.toolCalls.length === 0) {
        o.save(state);
        return { ok: true, output: answer.text };
      }
      state.pending = { calls: answer.toolCalls, results: [] };
      o.save(state);
    }
  } catch (error) {
    if (error instanceof LoopCancelled || o.signal.aborted)
      return { ok: false, output: null, error: 'cancelled' };
    throw error;
  }
}
