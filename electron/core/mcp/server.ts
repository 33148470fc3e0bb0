// Skilldeck as an MCP server: other agents list the skills, read one (progressive disclosure: body and the
// names of its resource files) and run one through the same executor the app uses.
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import { AppError } from '../../../shared/ipc/result';
import type { Core } from '../core';
import type { PlatformPorts } from '../platform';
import type { SkillEntry } from '../skills/registry';

export interface SkillsMcpServerOptions {
  /** Reported to clients as the server's version. */
  version?: string;
}

const text = (value: string, isError = false): CallToolResult => ({
  content: [{ type: 'text', text: value }],
  ...(isError ? { isError: true } : {}),
});

const failure = (error: unknown): CallToolResult =>
  text(error instanceof Error ? error.message : String(error), true);

/**
 * Output ports for a core serving MCP: the result goes back in the tool answer, so insertion and the card
 * print nothing (stdout is the transport); notices go to `log` (stderr).
 */
export function quietPorts(
  log: (line: string) => void,
): Omit<PlatformPorts, 'secrets' | 'focus' | 'selection' | 'commandBar'> {
  let clipboard = '';
  return {
    inserter: { insert: () => Promise.resolve({ inserted: true }) },
    card: { show: () => Promise.resolve(undefined) },
    notifier: {
      notify: (title, body) => {
        log(`${title}: ${body}`);
        return Promise.resolve();
      },
    },
    clipboard: {
      readText: () => Promise.resolve(clipboard),
      writeText: (value) => {
        clipboard = value;
        return Promise.resolve();
      },
    },
  };
}

export function createSkillsMcpServer(core: Core, options: SkillsMcpServerOptions = {}): McpServer {
  const server = new McpServer({ name: 'skilldeck', version: options.version ?? '0.0.0' });

  const runnable = async (): Promise<SkillEntry[]> => {
    await core.skills.ready();
    return core.skills.list().filter((s) => s.runnable && s.shadowedBy === null);
  };

  /** A skill by id, else by its `name:` (they differ only when a folder was renamed). */
  const find = async (name: string): Promise<SkillEntry> => {
    const skills = await runnable();
    const skill = skills.find((s) => s.id === name) ?? skills.find((s) => s.name === name);
    if (!skill) {
      throw new AppError(
        'NOT_FOUND',
        `no runnable skill named "${name}": list_skills shows the ones there are`,
      );
    }
    return skill;
  };

  server.registerTool(
    'list_skills',
    {
      description:
        'Lists the Skilldeck skills that can run: id, name, description and execution mode of each.',
      annotations: { readOnlyHint: true },
    },
    async () => {
      const skills = (await runnable()).map((s) => ({
        id: s.id,
        name: s.name,
        description: s.description,
        mode: s.mode,
      }));
      return { ...text(JSON.stringify(skills, null, 2)), structuredContent: { skills } };
    },
  );

  server.registerTool(
    'load_skill',
    {
      description:
        "Reads one skill's instructions (the SKILL.md body) and lists its resource files (references/, scripts/, assets/).",
      inputSchema: { name: z.string().min(1).describe('The skill id, as list_skills gives it') },
      annotations: { readOnlyHint: true },
    },
    async ({ name }) => {
      try {
        const entry = await find(name);
        const skill = await core.skills.activateEntry(entry);
        const resources = await core.skills.listResources(entry.id);
        const listing =
          resources.length === 0
            ? 'Resource files: none.'
            : `Resource files (relative to ${entry.realDir}):\n${resources.map((r) => `- ${r.path} (${r.size} bytes)`).join('\n')}`;
        return {
          ...text(`# ${entry.name}\n\n${skill.loaded.body.trim()}\n\n${listing}`),
          structuredContent: {
            id: entry.id,
            name: entry.name,
            description: entry.description,
            mode: entry.mode,
            body: skill.loaded.body,
            baseDir: entry.realDir,
            resources,
          },
        };
      } catch (error) {
        return failure(error);
      }
    },
  );

  server.registerTool(
    'run_skill',
    {
      description:
        "Runs one skill to its end and answers with its output. `input` is what a user would type (the skill's instruction), `selection` the text it works on (as if selected), `arguments` what follows the skill's name as a command ($ARGUMENTS).",
      inputSchema: {
        name: z.string().min(1).describe('The skill id, as list_skills gives it'),
        input: z.string().max(100_000).optional(),
        selection: z.string().max(1_000_000).optional(),
        arguments: z.string().max(100_000).optional(),
      },
    },
    async ({ name, input, selection, arguments: args }, extra) => {
      let skill: SkillEntry;
      try {
        skill = await find(name);
      } catch (error) {
        return failure(error);
      }
      const started = await core.dispatch('runs:start', {
        skillId: skill.id,
        input,
        selection,
        arguments: args,
      });
      if (!started.ok) return text(`${skill.id} did not start: ${started.error.message}`, true);
      const { runId } = started.value as { runId: string };
      const cancel = () => core.executor.cancel(runId);
      extra.signal.addEventListener('abort', cancel, { once: true });
      try {
        await core.executor.settled(runId);
      } finally {
        extra.signal.removeEventListener('abort', cancel);
      }
      const run = core.runs.get(runId);
      if (!run) return text(`${skill.id}: run ${runId} left no record`, true);
      if (run.status !== 'succeeded') {
        return text(`${skill.id} ${run.status}: ${run.error ?? 'no reason given'}`, true);
      }
      return text(run.output ?? '');
    },
  );

  return server;
}
