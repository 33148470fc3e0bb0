// One agent run (DESIGN §6): the tools a skill may use (allowed-tools is the ceiling), the permission check
// before each call (rules, mode, and the user when they say ask), sub-agents, AskUser, and the loop.
import os from 'node:os';
import { z } from 'zod';
import type { RunEvent } from '../../../shared/types/run';
import type { RunEventInput } from '../engine/run-events';
import type {
  ChatMessage,
  ModelTool,
  StreamTextResult,
  ToolCallPart,
  ToolResultPart,
} from '../providers/gateway';
import { decide, outsidePathAllowed, privateNetworkAllowed } from '../permissions/decide';
import { isInside } from '../fs/inside';
import { generalizeRule } from '../permissions/generalize';
import type { AuditEntry } from '../permissions/permission-repo';
import { isReadTool, parseRule, RuleError } from '../permissions/rules';
import type { PermissionAnswer, UserPrompts } from '../permissions/broker';
import type { PermissionEnv, PermissionMode, PermissionRules, ToolInvocation } from '../permissions/types';
import { loadShellParser } from '../permissions/shell-command';
import { NETWORK_RULE, sandboxGrants } from '../permissions/sandbox-grants';
import { isReadOnlyCommand } from './read-only-command';
import { runAgentLoop, type AgentOutcome, type AgentState } from './loop';
import type { SkillActivation } from './activate-skill';
import { createMetaTools, type SubagentType } from './meta-tools';
import { capOutput } from './tools/output';
import { ToolInputError } from './tools/paths';
import {
  MAX_TOOL_OUTPUT,
  type AgentTool,
  type AgentToolContext,
  type AgentToolResult,
  type ToolTarget,
} from './types';

/** Default timeout of a permission prompt: no answer is a deny. */
export const PERMISSION_TIMEOUT_MS = 120_000;
export const DEFAULT_MAX_ITERATIONS = 20;

/** The note of a tool that cut its own output (tools/output.ts capOutput, Bash). */
const TRUNCATED = /\n\[output truncated: \d+ characters, first \d+ shown\]/;

const SUBAGENTS: Record<
  SubagentType,
  { tools: string[] | 'all'; maxIterations: number; readOnlyBash?: boolean }
> = {
  explore: { tools: ['Read', 'Glob', 'Grep'], maxIterations: 5 },
  plan: { tools: ['Read', 'Glob', 'Grep', 'Bash'], maxIterations: 10, readOnlyBash: true },
  'general-purpose': { tools: 'all', maxIterations: 10 },
};

/** The tool names in an allowed-tools list (`Bash(npm test:*)` → Bash) and the rules it grants. */
export function readCeiling(allowedTools: readonly string[] | null): {
  names: Set<string> | null;
  grants: string[];
} {
  if (allowedTools === null) return { names: null, grants: [] };
  const names = new Set<string>();
  const grants: string[] = [];
  for (const entry of allowedTools) {
    try {
      const rule = parseRule(entry);
      names.add(rule.tool);
      if (rule.specifier !== undefined) grants.push(entry);
    } catch (error) {
      if (!(error instanceof RuleError)) throw error;
      names.add(entry.trim());
    }
  }
  return { names, grants };
}

export interface AgentRunDeps {
  runId: string;
  skillId: string;
  /** The system prompt for the tools offered: the body plus the environment, skills and memory sections. */
  system: (tools: readonly string[]) => string;
  /** The loop's step (default `agent`). */
  stepId?: string;
  /** The skill's own folder: read-only tools may read it (references/, scripts/) wherever the workdir is. */
  skillDir?: string;
  state: AgentState;
  /** Every tool this process has (core, meta tools are added here, output, MCP). */
  tools: AgentTool[];
  allowedTools: readonly string[] | null;
  disallowedTools: readonly string[];
  maxIterations: number;
  contextTokens: number;
  workdir: string;
  dataDir: string;
  mode: PermissionMode;
  rules: () => PermissionRules;
  addSkillRule: (rule: string) => void;
  audit: (entry: AuditEntry) => void;
  prompts: UserPrompts;
  permissionTimeoutMs?: number;
  /** One model turn of step `stepId` (tokens streamed as events). */
  turn: (
    stepId: string,
    request: { system: string; messages: ChatMessage[]; tools: ModelTool[] },
  ) => Promise<StreamTextResult>;
  emit: (event: RunEventInput) => void;
  /** Sends an event already in the run's history to whoever follows the run, without logging it again. */
  replay: (event: RunEvent) => void;
  /** A resumed run: the AskUser questions it was waiting on, asked again under the same request ids. */
  reopenQuestions?: Extract<RunEvent, { type: 'ask_user' }>[];
  save: (state: AgentState) => void;
  /** The Skill tool: another skill's instructions, rendered with its own config and these arguments. */
  activateSkill: (name: string, args: string) => Promise<SkillActivation>;
  /** Starts and ends a sub-agent's step (step_start / step_complete in the run). */
  subStep: (stepId: string, name: string) => { end: (ok: boolean, output: string) => void };
  signal: AbortSignal;
}

const toJsonSchema = (tool: AgentTool): Record<string, unknown> => {
  if (tool.jsonSchema) return tool.jsonSchema;
  const schema = z.toJSONSchema(tool.input, { io: 'input', unrepresentable: 'any' }) as Record<
    string,
    unknown
  >;
  delete schema.$schema;
  return schema;
};

export async function runAgent(d: AgentRunDeps): Promise<AgentOutcome> {
  await loadShellParser(); // the permission rules read Bash commands with it
  const ceiling = readCeiling(d.allowedTools);
  const disallowed = new Set(
    d.disallowedTools.map((t) => readCeiling([t]).names!.values().next().value as string),
  );
  const home = os.homedir();
  const env = (): PermissionEnv => {
    const base = d.rules();
    return {
      mode: d.mode,
      workdir: d.workdir,
      home,
      rules: { ...base, allow: [...base.allow, ...ceiling.grants, ...d.state.runGrants] },
    };
  };
  const toolCtx = (call?: { id: string; stepId: string }): AgentToolContext => ({
    ...(call ? { call } : {}),
    runId: d.runId,
    skillId: d.skillId,
    workdir: d.workdir,
    dataDir: d.dataDir,
    signal: d.signal,
    outsideAllowed: (tool, abs) =>
      (d.skillDir !== undefined && isReadTool(tool) && isInside(d.skillDir, abs)) ||
      outsidePathAllowed(tool, abs, env()),
    privateNetworkAllowed: (url) => privateNetworkAllowed(url, env()),
    // `disallowed-tools: Network` takes the network away as a ceiling without it would
    sandboxGrants: () => sandboxGrants(env(), disallowed.has(NETWORK_RULE) ? new Set() : ceiling.names),
    ...(d.skillDir !== undefined ? { skillDir: d.skillDir } : {}),
  });
  let subagents = 0;

  const allowedByCeiling = (name: string): boolean =>
    // TaskOutput reads what Task started: it comes with Task
    name === 'TaskOutput'
      ? !disallowed.has(name) && allowedByCeiling('Task')
      : !disallowed.has(name) &&
        (ceiling.names === null ||
          ceiling.names.has(name) ||
          [...ceiling.names].some((n) => n.startsWith('mcp__') && name.startsWith(`${n}__`)));

  /** The tools a loop offers: the ceiling applied, then the loop's own restriction. */
  function offered(all: AgentTool[], only: string[] | 'all'): Map<string, AgentTool> {
    const map = new Map<string, AgentTool>();
    for (const t of all)
      if (allowedByCeiling(t.name) && (only === 'all' || only.includes(t.name))) map.set(t.name, t);
    return map;
  }

  function audit(
    tool: string,
    input: unknown,
    decision: AuditEntry['decision'],
    source: AuditEntry['source'],
    reason: string,
    rule: string | null = null,
  ) {
    d.audit({
      runId: d.runId,
      skillId: d.skillId,
      tool,
      input,
      decision,
      source,
      rule,
      reason,
      at: Date.now(),
    });
  }

  /** Allowed? Asks the user when the rules and mode say so. */
  async function permit(
    stepId: string,
    call: ToolCallPart,
    tool: AgentTool,
    input: Record<string, unknown>,
    target: ToolTarget,
  ): Promise<{ allowed: true } | { allowed: false; reason: string }> {
    const inv: ToolInvocation = { tool: tool.name, effect: tool.effect, input, target };
    const e = env();
    const decision = decide(inv, e);
    const decided = (
      allowed: boolean,
      source: AuditEntry['source'],
      reason: string,
      rule: string | null,
      requestId: string | null = null,
    ) => {
      audit(tool.name, input, allowed ? 'allow' : 'deny', source, reason, rule);
      const quiet =
        allowed && source === 'mode' && ['read', 'interact', 'meta', 'output'].includes(tool.effect);
      if (!quiet)
        d.emit({
          type: 'permission_decision',
          requestId,
          callId: call.id,
          tool: tool.name,
          decision: allowed ? 'allow' : 'deny',
          source,
          rule,
          reason,
          ...(allowed && target.sandbox ? { sandbox: target.sandbox } : {}),
        });
    };
    if (decision.decision === 'allow') {
      const grant = decision.rule !== undefined && d.state.runGrants.includes(decision.rule);
      decided(
        true,
        decision.rule ? (grant ? 'run-grant' : 'rule') : 'mode',
        decision.reason,
        decision.rule ?? null,
      );
      return { allowed: true };
    }
    if (decision.decision === 'deny') {
      decided(false, decision.rule ? 'rule' : 'mode', decision.reason, decision.rule ?? null);
      return { allowed: false, reason: `permission denied (${decision.reason})` };
    }
    const suggestedRule = generalizeRule(inv, e);
    audit(tool.name, input, 'ask', decision.rule ? 'rule' : 'mode', decision.reason, decision.rule ?? null);
    let requestId: string | null = null;
    const answer = await d.prompts.ask(
      {
        runId: d.runId,
        kind: 'permission',
        callId: call.id,
        timeoutMs: d.permissionTimeoutMs ?? PERMISSION_TIMEOUT_MS,
      },
      (id, expiresAt) => {
        requestId = id;
        d.emit({
          type: 'permission_request',
          requestId: id,
          runId: d.runId,
          skill: d.skillId,
          stepId,
          workdir: d.workdir,
          callId: call.id,
          tool: tool.name,
          input,
          ...(target.diff !== undefined ? { diff: target.diff } : {}),
          reason: decision.reason,
          ...(decision.why ? { why: decision.why } : {}),
          suggestedRule,
          ...(target.sandbox ? { sandbox: target.sandbox } : {}),
          expiresAt,
        });
      },
      d.signal,
    );
    if (answer.kind === 'cancelled') return { allowed: false, reason: 'cancelled' };
    if (answer.kind === 'timeout') {
      const ms = d.permissionTimeoutMs ?? PERMISSION_TIMEOUT_MS;
      const within = ms < 1000 ? `${ms} ms` : `${Math.round(ms / 1000)} s`;
      decided(false, 'timeout', `no answer within ${within}`, null, requestId);
      return {
        allowed: false,
        reason: `the user did not answer the permission prompt within ${within}, so ${tool.name} was not run`,
      };
    }
    return applyAnswer(answer.answer, suggestedRule, (allowed, reason, rule) =>
      decided(allowed, 'user', reason, rule, requestId),
    );
  }

  function applyAnswer(
    a: PermissionAnswer,
    suggested: string,
    decided: (allowed: boolean, reason: string, rule: string | null) => void,
  ): { allowed: true } | { allowed: false; reason: string } {
    switch (a.choice) {
      case 'allow_once':
        decided(true, 'allowed once', null);
        return { allowed: true };
      case 'allow_run': {
        const rule = a.rule ?? suggested;
        if (!d.state.runGrants.includes(rule)) d.state.runGrants.push(rule);
        d.save(d.state);
        decided(true, 'allowed for this run', rule);
        return { allowed: true };
      }
      case 'allow_always': {
        const rule = a.rule ?? suggested;
        d.addSkillRule(rule);
        decided(true, 'always allowed for this skill', rule);
        return { allowed: true };
      }
      case 'deny': {
        const reason = a.reason?.trim() ? a.reason.trim() : 'no reason given';
        decided(false, `denied: ${reason}`, null);
        return { allowed: false, reason: `the user denied this call: ${reason}` };
      }
    }
  }

  async function callTool(
    stepId: string,
    call: ToolCallPart,
    tools: Map<string, AgentTool>,
    resumed = false,
  ): Promise<ToolResultPart> {
    // the call a resumed run waited in is in the history already
    if (!resumed) d.emit({ type: 'tool_call', stepId, callId: call.id, tool: call.name, input: call.input });
    const result = await runCall(stepId, call, tools);
    // a tool that cut its own output (Bash keeps only the first 30,000 characters) already says so
    const output =
      result.output.length <= MAX_TOOL_OUTPUT + 1000 && TRUNCATED.test(result.output)
        ? result.output
        : capOutput(result.output);
    d.emit({
      type: 'tool_result',
      stepId,
      callId: call.id,
      tool: call.name,
      summary: result.summary,
      output,
      isError: result.isError === true,
    });
    return { id: call.id, name: call.name, output, ...(result.isError ? { isError: true } : {}) };
  }

  async function runCall(
    stepId: string,
    call: ToolCallPart,
    tools: Map<string, AgentTool>,
  ): Promise<AgentToolResult> {
    const refuse = (output: string): AgentToolResult => ({ output, summary: output, isError: true });
    const tool = tools.get(call.name);
    if (!tool) {
      const known =
        d.tools.some((t) => t.name === call.name) || call.name === 'Task' || call.name === 'TaskOutput';
      const nested = stepId.startsWith('task-') && (call.name === 'Task' || call.name === 'TaskOutput');
      const message = nested
        ? `tool ${call.name} is not allowed here: a sub-agent cannot start sub-agents`
        : known
          ? `tool ${call.name} is not allowed for skill ${d.skillId}`
          : `unknown tool ${call.name}; the tools here are ${[...tools.keys()].join(', ')}`;
      audit(call.name, call.input, 'deny', 'rule', message, 'allowed-tools');
      d.emit({
        type: 'permission_decision',
        requestId: null,
        callId: call.id,
        tool: call.name,
        decision: 'deny',
        source: 'ceiling',
        rule: null,
        reason: message,
      });
      return refuse(message);
    }
    const parsed = tool.input.safeParse(call.input);
    if (!parsed.success) {
      const problems = parsed.error.issues
        .map((i) => `${i.path.length > 0 ? i.path.join('.') : 'input'}: ${i.message}`)
        .join('; ');
      return refuse(`bad input for ${tool.name}: ${problems}`);
    }
    const input = parsed.data as Record<string, unknown>;
    const ctx = toolCtx({ id: call.id, stepId });
    try {
      const target: ToolTarget = tool.target ? await tool.target(input, ctx) : { paths: [] };
      if (target.error !== undefined) return refuse(target.error);
      const permission = await permit(stepId, call, tool, input, target);
      if (!permission.allowed) {
        if (permission.reason === 'cancelled') return refuse('cancelled');
        return {
          output: permission.reason,
          summary: `${tool.name} not run: ${permission.reason}`,
          isError: true,
        };
      }
      return await tool.execute(input, ctx);
    } catch (error) {
      if (error instanceof ToolInputError) return refuse(error.message);
      if (d.signal.aborted) return refuse('cancelled');
      const message = error instanceof Error ? error.message : String(error);
      return refuse(`${tool.name} failed: ${message}`);
    }
  }

  const reopen = [...(d.reopenQuestions ?? [])];
  /** The same question, asked at the same call before a restart: it is open again, not asked anew. */
  function takeReopened(question: string, options: string[], call: { id: string; stepId: string }) {
    const at = reopen.findIndex(
      (e) =>
        e.callId === call.id &&
        e.stepId === call.stepId &&
        e.question === question &&
        JSON.stringify(e.options) === JSON.stringify(options),
    );
    return at < 0 ? undefined : reopen.splice(at, 1)[0];
  }

  /** AskUser's question: an `ask_user` event, the run waiting until `runs:answer` (null when cancelled). */
  async function askUser(
    question: string,
    options: string[],
    call: { id: string; stepId: string },
  ): Promise<string | null> {
    let asked = '';
    const reopened = takeReopened(question, options, call);
    const answer = await d.prompts.question(
      { runId: d.runId, callId: call.id, ...(reopened ? { requestId: reopened.requestId } : {}) },
      (requestId) => {
        asked = requestId;
        if (reopened) d.replay(reopened);
        else d.emit({ type: 'ask_user', requestId, stepId: call.stepId, callId: call.id, question, options });
      },
      d.signal,
    );
    if (answer.kind === 'cancelled') return null;
    d.emit({ type: 'ask_user_answer', requestId: asked, answer: answer.answer });
    return answer.answer;
  }

  const metaBase = {
    skillId: d.skillId,
    dataDir: d.dataDir,
    todos: () => d.state.todos,
    setTodos: (todos: AgentState['todos']) => {
      d.state.todos = todos;
      d.save(d.state);
    },
    ask: askUser,
    activateSkill: d.activateSkill,
  };

  async function runSubagent(
    type: SubagentType,
    description: string,
    prompt: string,
  ): Promise<AgentToolResult> {
    const spec = SUBAGENTS[type];
    const stepId = `task-${++subagents}`;
    const sub = d.subStep(stepId, `${type}: ${description}`);
    // no nesting: a sub-agent has no Task tools
    const all = [...d.tools, ...createMetaTools({ ...metaBase, runSubagent: null })];
    let tools = offered(all, spec.tools);
    if (spec.readOnlyBash && tools.has('Bash')) {
      const bash = tools.get('Bash')!;
      tools = new Map(tools);
      tools.set('Bash', {
        ...bash,
        async target(input, ctx) {
          const command = String((input as { command?: unknown }).command ?? '');
          if (!isReadOnlyCommand(command))
            return {
              paths: [],
              command,
              error: `a plan sub-agent only runs read-only commands; "${command}" is not one`,
            };
          return bash.target ? bash.target(input, ctx) : { paths: [], command };
        },
      });
    }
    const state: AgentState = {
      messages: [{ role: 'user', content: prompt }],
      iteration: 0,
      pending: null,
      todos: [],
      runGrants: d.state.runGrants,
      lastText: '',
    };
    const outcome = await runAgentLoop({
      system: `${d.system([...tools.keys()])}\n\n# Sub-agent\nYou are a ${type} sub-agent working on: ${description}. Answer with your findings when done.`,
      state,
      tools: [...tools.values()].map((t) => ({
        name: t.name,
        description: t.description,
        inputSchema: toJsonSchema(t),
      })),
      maxIterations: spec.maxIterations,
      contextTokens: d.contextTokens,
      model: (request) => d.turn(stepId, request),
      callTool: (call) => callTool(stepId, call, tools),
      save: () => undefined,
      signal: d.signal,
    });
    sub.end(outcome.ok, outcome.ok ? outcome.output : outcome.error);
    return outcome.ok
      ? { output: outcome.output, summary: `${type} sub-agent finished: ${description}` }
      : {
          output: `the sub-agent stopped: ${outcome.error}${outcome.output ? `\n${outcome.output}` : ''}`,
          summary: `${type} sub-agent failed: ${description}`,
          isError: true,
        };
  }

  const all = [...d.tools, ...createMetaTools({ ...metaBase, runSubagent })];
  const tools = offered(all, 'all');
  const stepId = d.stepId ?? 'agent';
  return runAgentLoop({
    system: d.system([...tools.keys()]),
    state: d.state,
    tools: [...tools.values()].map((t) => ({
      name: t.name,
      description: t.description,
      inputSchema: toJsonSchema(t),
    })),
    maxIterations: d.maxIterations,
    contextTokens: d.contextTokens,
    model: (request) => d.turn(stepId, request),
    callTool: (call, resumed) => callTool(stepId, call, tools, resumed),
    save: d.save,
    signal: d.signal,
  });
}

export type { RunEvent };
