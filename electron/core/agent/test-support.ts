// Agent runs end to end for tests: a real core (SQLite, registry, executor, broker) on temp folders, its
// model the local wire-format server over HTTP (OpenAI-compatible), a real temp working directory, and the
// run events as the event hub sends them.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ChannelInput, ChannelOutput } from '../../../shared/ipc/contract';
import type { Channel } from '../../../shared/ipc/names';
import type { RunDetail, RunEvent, RunStart } from '../../../shared/types/run';
import type { CoreOptions } from '../core';
import { adhocProvider } from '../providers/adhoc';
import { memorySecrets } from '../providers/test-support';
import { createTestCore, writeTree, type TestCore } from '../test-support';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import {
  echoResponder,
  startLlmServer,
  type LlmServer,
  type PlannedResponse,
  type RecordedRequest,
} from '../testing/llm-server';

type In<C extends Channel> = ChannelInput<C>;
type Out<C extends Channel> = ChannelOutput<C>;

export type EventOf<T extends RunEvent['type']> = Extract<RunEvent, { type: T }>;

/** One message of an OpenAI chat-completions request body. */
export interface WireMessage {
  role: string;
  content?: string | { type: string; text?: string }[] | null;
  tool_calls?: { id: string; function: { name: string; arguments: string } }[];
  tool_call_id?: string;
}

export interface AgentHarness {
  server: LlmServer;
  t: TestCore;
  /** The working directory runs get by default (a real path). */
  workdir: string;
  /** Every run event the hub sent, per run. */
  events: Map<string, RunEvent[]>;
  /** Dispatches through the core's contract; throws on an error envelope. */
  call<C extends Channel>(channel: C, input: In<C>): Promise<Out<C>>;
  /** Starts a run (workdir defaults to `workdir`). */
  start(skillId: string, request?: Omit<RunStart, 'skillId'>): Promise<string>;
  /** Waits for the run's end and returns `runs:get`. */
  settle(runId: string): Promise<RunDetail>;
  /** Resolves with the first event of `type` (matching `where`) of the run, already sent or still to come. */
  next<T extends RunEvent['type']>(
    runId: string,
    type: T,
    where?: (e: EventOf<T>) => boolean,
  ): Promise<EventOf<T>>;
  of<T extends RunEvent['type']>(runId: string, type: T): EventOf<T>[];
  /** Closes the core and opens a new one on the same data and skill folders. */
  reopen(): void;
  dispose(): Promise<void>;
}

export const frontmatter = (fields: Record<string, string | number | string[]>): string =>
  Object.entries(fields)
    .map(([k, v]) => (Array.isArray(v) ? `${k}:\n${v.map((x) => `  - "${x}"`).join('\n')}` : `${k}: ${v}`))
    .join('\n');

/** A SKILL.md: `name` and `description` filled in, the other fields as given. */
export const agentSkill = (
  name: string,
  fields: Record<string, string | number | string[]>,
  body = `You are the ${name} agent.`,
): string =>
  `---\n${frontmatter({ name, description: `The ${name} test skill.`, 'execution-mode': 'agent', ...fields })}\n---\n${body}\n`;

export async function agentHarness(
  server: LlmServer,
  files: Record<string, string>,
  options: Partial<CoreOptions> = {},
): Promise<AgentHarness> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'skilldeck-agent-data-'));
  const skillsDir = fs.mkdtempSync(path.join(os.tmpdir(), 'skilldeck-agent-skills-'));
  const workdir = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'skilldeck-agent-work-')));
  writeTree(skillsDir, files);
  const overrides: Partial<CoreOptions> = {
    watchSkills: false,
    gateway: adhocProvider(
      { kind: 'openai-compatible', baseUrl: `${server.url}/v1`, model: 'm' },
      memorySecrets(),
    ),
    ...options,
  };
  const events = new Map<string, RunEvent[]>();
  const waiters = new Set<() => void>();
  let unsubscribe = () => undefined as unknown;

  const h: AgentHarness = {
    server,
    t: undefined as unknown as TestCore,
    workdir,
    events,
    async call(channel, input) {
      const result = await h.t.core.dispatch(channel, input);
      if (!result.ok) throw new Error(`${channel}: ${result.error.code} ${result.error.message}`);
      return result.value as Out<typeof channel>;
    },
    async start(skillId, request = {}) {
      const { runId } = await h.call('runs:start', { skillId, workdir, ...request });
      return runId;
    },
    async settle(runId) {
      await h.t.core.executor.settled(runId);
      return h.call('runs:get', { runId });
    },
    of: (runId, type) => (events.get(runId) ?? []).filter((e) => e.type === type) as EventOf<typeof type>[],
    next(runId, type, where = () => true) {
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no ${type} event in run ${runId}`));
        }, 8000);
        const check = () => {
          const found = h.of(runId, type).find(where);
          if (found) {
            clearTimeout(timer);
            waiters.delete(check);
            resolve(found);
          }
        };
        waiters.add(check);
        check();
      });
    },
    reopen() {
      unsubscribe();
      h.t = h.t.reopen();
      subscribe();
    },
    async dispose() {
      unsubscribe();
      await h.t.dispose();
      fs.rmSync(workdir, { recursive: true, force: true });
    },
  };
  const subscribe = () => {
    unsubscribe = h.t.core.events.subscribe((name, payload) => {
      if (name !== 'runs:event') return;
      const { runId, event } = payload as { runId: string; event: RunEvent };
      const list = events.get(runId) ?? [];
      list.push(event);
      events.set(runId, list);
      for (const w of [...waiters]) w();
    });
  };
  h.t = createTestCore(overrides, { dataDir, skillsDir });
  subscribe();
  await h.t.core.skills.ready();
  return h;
}

// ---- what the model was sent -------------------------------------------------------------------

export const wireMessages = (request: RecordedRequest): WireMessage[] =>
  (request.body as { messages: WireMessage[] }).messages;

export const textOf = (m: WireMessage | undefined): string =>
  m === undefined || m.content == null
    ? ''
    : typeof m.content === 'string'
      ? m.content
      : m.content.map((p) => p.text ?? '').join('');

export const systemOf = (request: RecordedRequest): string =>
  textOf(wireMessages(request).find((m) => m.role === 'system'));

/** The tool names offered in a request. */
export const offeredTools = (request: RecordedRequest): string[] =>
  ((request.body as { tools?: { function: { name: string } }[] }).tools ?? []).map((t) => t.function.name);

/** The tool results a request carries, by call id. */
export function toolResults(request: RecordedRequest): Map<string, string> {
  const map = new Map<string, string>();
  for (const m of wireMessages(request))
    if (m.role === 'tool' && m.tool_call_id !== undefined) map.set(m.tool_call_id, textOf(m));
  return map;
}

/** The one tool result a request carries for `callId` (fails loudly when absent). */
export function resultFor(request: RecordedRequest | undefined, callId: string): string {
  if (!request) throw new Error('no such request');
  const text = toolResults(request).get(callId);
  if (text === undefined) throw new Error(`request has no tool result for ${callId}`);
  return text;
}

/** A scripted model answer that calls one tool. */
export const callTool = (id: string, name: string, input: unknown, text = ''): PlannedResponse => ({
  text,
  toolCalls: [{ id, name, arguments: JSON.stringify(input) }],
});

/**
 * The hooks of an agent test file: one local model server for the file, one harness per test (disposed
 * after it), the server's recorded requests cleared before each test.
 */
export function useAgentHarness(): {
  server: () => LlmServer;
  open: (files: Record<string, string>, options?: Partial<CoreOptions>) => Promise<AgentHarness>;
} {
  let server: LlmServer | undefined;
  let current: AgentHarness | undefined;
  beforeAll(async () => {
    server = await startLlmServer();
  });
  afterAll(() => server?.close());
  beforeEach(() => {
    server!.requests.length = 0;
    server!.setResponder(echoResponder);
  });
  afterEach(async () => {
    await current?.dispose();
    current = undefined;
  });
  return {
    server: () => server!,
    async open(files, options = {}) {
      current = await agentHarness(server!, files, options);
      return current;
    },
  };
}
