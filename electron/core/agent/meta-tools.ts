// The agent tools that act on the run rather than on files: TodoWrite, AskUser, Skill, Memory, and Task and
// TaskOutput from subagents.ts. They get what they need from the run through MetaToolDeps.
import fs from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { writeFileAtomic } from '../fs/atomic-write';
import { isInside } from '../fs/inside';
import { realPathOf } from '../fs/real-path';
import type { SkillActivation } from './activate-skill';
import type { Todo } from './loop';
import { createTaskTools, type RunSubagent } from './subagents';
import { defineTool, type AgentTool, type AgentToolResult } from './types';

export interface MetaToolDeps {
  skillId: string;
  dataDir: string;
  todos: () => Todo[];
  setTodos: (todos: Todo[]) => void;
  /** Asks the user and waits for the answer (the run is `waiting` meanwhile); null when cancelled. */
  ask: (question: string, options: string[], call: { id: string; stepId: string }) => Promise<string | null>;
  /** A model-invocable skill by name or id, activated: its body, or why it cannot be. */
  activateSkill: (name: string, args: string) => Promise<SkillActivation>;
  /** Runs a sub-agent to its end; null when sub-agents are not available here (inside a sub-agent). */
  runSubagent: RunSubagent | null;
}

const ok = (output: string, summary: string): AgentToolResult => ({ output, summary });
const fail = (output: string, summary = output): AgentToolResult => ({ output, summary, isError: true });

export const MEMORY_KEY = /^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$/;

/** `memory/<skill id>/` in the data dir. */
export const memoryDir = (dataDir: string, skillId: string) =>
  path.join(dataDir, 'memory', skillId.replace(/[^A-Za-z0-9._-]/g, '_'));

export function createMetaTools(deps: MetaToolDeps): AgentTool[] {
  const tools: AgentTool[] = [
    defineTool({
      name: 'TodoWrite',
      description:
        'Replaces the run’s todo list: each item has content, a status (pending, in_progress, completed) and an optional activeForm.',
      effect: 'meta',
      input: z.object({
        todos: z.array(
          z.object({
            content: z.string().min(1),
            status: z.enum(['pending', 'in_progress', 'completed']),
            activeForm: z.string().optional(),
          }),
        ),
      }),
      async execute({ todos }) {
        deps.setTodos(todos);
        const done = todos.filter((t) => t.status === 'completed').length;
        const lines = todos.map(
          (t) =>
            `${t.status === 'completed' ? '[x]' : t.status === 'in_progress' ? '[~]' : '[ ]'} ${t.content}`,
        );
        return ok(`Todo list updated:\n${lines.join('\n')}`, `Todos: ${done}/${todos.length} done`);
      },
    }),
    defineTool({
      name: 'AskUser',
      description:
        'Asks the user a question and waits for the answer. Give options when the answer is one of a few choices.',
      effect: 'interact',
      input: z.object({ question: z.string().min(1), options: z.array(z.string()).optional() }),
      async execute({ question, options }, ctx) {
        if (!ctx.call) return fail('AskUser runs only inside an agent loop');
        const answer = await deps.ask(question, options ?? [], ctx.call);
        if (answer === null) return fail('cancelled');
        return ok(`The user answered: ${answer}`, `Asked: ${question} → ${answer}`);
      },
    }),
    defineTool({
      name: 'Skill',
      description:
        'Activates another skill by name: its instructions come back as the result; follow them (a skill that runs in its own context answers with its result instead). args: the text that follows the skill’s name as a command (its $ARGUMENTS).',
      effect: 'meta',
      input: z.object({ skill: z.string().min(1), args: z.string().optional() }),
      async execute({ skill, args }, ctx) {
        const found = await deps.activateSkill(skill, args ?? '');
        if (!found.ok) return fail(found.error);
        // `context: fork`: the skill runs as its sub-agent, its instructions the task (not inside one: no nesting)
        if (found.fork && deps.runSubagent) {
          if ('problem' in found.fork) return fail(`skill ${found.name} cannot run: ${found.fork.problem}`);
          return deps.runSubagent(found.fork, `skill ${found.name}`, found.body, {
            parentStepId: ctx.call?.stepId ?? '',
            callId: ctx.call?.id ?? '',
          });
        }
        return ok(found.body, `Skill ${found.name} activated`);
      },
    }),
    defineTool({
      name: 'Memory',
      description:
        'The skill’s persistent notes, one Markdown file per key: action read (key), write (key, content), list, delete (key).',
      effect: 'meta',
      input: z.object({
        action: z.enum(['read', 'write', 'list', 'delete']),
        key: z.string().optional(),
        content: z.string().optional(),
      }),
      async execute({ action, key, content }) {
        const dir = memoryDir(deps.dataDir, deps.skillId);
        if (action === 'list') {
          const names = await fs.readdir(dir).catch(() => [] as string[]);
          const keys = names
            .filter((n) => n.endsWith('.md'))
            .map((n) => n.slice(0, -3))
            .sort();
          return ok(keys.length > 0 ? keys.join('\n') : '(no memories yet)', `Memory: ${keys.length} keys`);
        }
        if (key === undefined || !MEMORY_KEY.test(key))
          return fail('a memory key is letters, digits, ".", "_" or "-" (at most 100), e.g. "preferences"');
        const file = path.join(dir, `${key}.md`);
        // the same check as the file tools: a key is read and written where it really is
        if (!isInside(realPathOf(dir), realPathOf(file)))
          return fail(`memory "${key}" is a link leading outside the memory folder`);
        if (action === 'read') {
          const text = await fs.readFile(file, 'utf8').catch(() => undefined);
          return text === undefined ? fail(`no memory "${key}"`) : ok(text, `Read memory ${key}`);
        }
        if (action === 'delete') {
          const existed = await fs.rm(file).then(
            () => true,
            () => false,
          );
          return existed ? ok(`deleted "${key}"`, `Deleted memory ${key}`) : fail(`no memory "${key}"`);
        }
        if (content === undefined) return fail('write needs content');
        await fs.mkdir(dir, { recursive: true });
        await writeFileAtomic(file, content);
        return ok(`saved "${key}" (${content.length} characters)`, `Saved memory ${key}`);
      },
    }),
  ];
  // Task and TaskOutput (subagents.ts), not inside a sub-agent
  if (deps.runSubagent) tools.push(...createTaskTools(deps.runSubagent));
  return tools;
}
