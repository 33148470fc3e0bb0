import Database from 'better-sqlite3';
import type { RunEvent, RunStart } from '../../../shared/types/run';
import {
  ModelError,
  type ChatMessage,
  type ModelGateway,
  type StreamTextRequest,
} from '../providers/gateway';
import { createRunRepo, type RunRepo } from '../runs/run-repo';
import { createSkillRegistry } from '../skills/registry';
import { migrate } from '../store/db';
import { LATEST_SCHEMA_VERSION, migrations } from '../store/migrations';
import { tempFolder, writeTree } from '../test-support';
import { createExecutor, type Executor, type ExecutorDeps } from './executor';

/** What a fake model answers for one call: text (in chunks), or an error, after a delay. */
export interface FakeAnswer {
  chunks?: string[];
  text?: string;
  delayMs?: number;
  error?: ModelError;
}

/** The text of a user or assistant message (tool results have none). */
export const messageText = (m: ChatMessage | undefined): string => (m && m.role !== 'tool' ? m.content : '');

/** A ModelGateway without HTTP: `answer` decides each call; calls are recorded. */
export function fakeGateway(answer: (request: StreamTextRequest) => FakeAnswer): ModelGateway & {
  calls: StreamTextRequest[];
} {
  const calls: StreamTextRequest[] = [];
  return {
    calls,
    resolve: async (providerName, model) => ({
      provider: providerName ?? 'fake',
      kind: 'openai-compatible',
      model: model ?? 'fake-model',
    }),
    async streamText(request) {
      calls.push(request);
      const plan = answer(request);
      if (plan.delayMs) {
        await new Promise<void>((resolve, reject) => {
          const timer = setTimeout(resolve, plan.delayMs);
          request.signal.addEventListener('abort', () => {
            clearTimeout(timer);
            reject(new ModelError('cancelled', 'cancelled'));
          });
        });
      }
      if (request.signal.aborted) throw new ModelError('cancelled', 'cancelled');
      if (plan.error) throw plan.error;
      const chunks = plan.chunks ?? [plan.text ?? ''];
      for (const c of chunks) request.onToken(c);
      return {
        text: chunks.join(''),
        provider: 'fake',
        model: 'fake-model',
        usage: { inputTokens: 3, outputTokens: chunks.length },
        finishReason: 'stop',
        toolCalls: [],
      };
    },
  };
}

export interface EngineHarness {
  executor: Executor;
  repo: RunRepo;
  events: Map<string, RunEvent[]>;
  delivered: { tool: string; text: string }[];
  errors: string[];
  /** Starts a run and waits for its end; returns its id and events. */
  run(request: RunStart): Promise<{ runId: string; events: RunEvent[] }>;
  dispose(): Promise<void>;
}

/** An executor over a real registry (skills written to a temp folder) and an in-memory database. */
export async function engineHarness(
  files: Record<string, string>,
  gateway: ModelGateway,
  overrides: Partial<ExecutorDeps> = {},
): Promise<EngineHarness> {
  const folder = tempFolder('skilldeck-engine-');
  writeTree(folder.dir, files);
  const skills = createSkillRegistry({
    roots: [{ dir: folder.dir, kind: 'builtin', precedence: 0 }],
    watch: false,
  });
  await skills.ready();
  const db = new Database(':memory:');
  db.pragma('foreign_keys = ON');
  migrate(db, migrations, LATEST_SCHEMA_VERSION);
  const repo = createRunRepo(db);
  const events = new Map<string, RunEvent[]>();
  const delivered: { tool: string; text: string }[] = [];
  const errors: string[] = [];
  const executor = createExecutor({
    skills,
    gateway,
    repo,
    deliver: async (tool, text) => void delivered.push({ tool, text }),
    deliverFailure: async ({ behavior, original, tool, error }) => {
      errors.push(error);
      if (
        (behavior === 'directOutput' || behavior === 'rewrite') &&
        tool === 'insert_text' &&
        original !== ''
      ) {
        delivered.push({ tool: 'insert_text', text: original });
        return { tool: 'insert_text' };
      }
      return null;
    },
    onEvent: (runId, event) => {
      const list = events.get(runId) ?? [];
      list.push(event);
      events.set(runId, list);
    },
    retryBaseMs: 1,
    onInternalError: (error) => {
      throw error;
    },
    ...overrides,
  });
  return {
    executor,
    repo,
    events,
    delivered,
    errors,
    async run(request) {
      const { runId } = await executor.start(request);
      await executor.settled(runId);
      return { runId, events: events.get(runId) ?? [] };
    },
    async dispose() {
      await executor.shutdown();
      await skills.close();
      db.close();
      folder.remove();
    },
  };
}
