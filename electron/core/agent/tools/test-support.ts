// A real temp working directory and a tool context over it, for the tools' tests.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AgentTool, AgentToolContext, AgentToolResult } from '../types';

export interface TempWorkdir {
  /** The working directory (a real path). */
  dir: string;
  /** A folder beside it, outside the working directory. */
  outside: string;
  ctx: (overrides?: Partial<AgentToolContext>) => AgentToolContext;
  write: (rel: string, content: string | Buffer) => string;
  cleanup: () => void;
}

export function tempWorkdir(): TempWorkdir {
  const top = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'skilldeck-tools-')));
  const dir = path.join(top, 'work');
  const outside = path.join(top, 'outside');
  fs.mkdirSync(dir);
  fs.mkdirSync(outside);
  return {
    dir,
    outside,
    ctx: (overrides = {}) => ({
      runId: 'run-1',
      skillId: 'test',
      workdir: dir,
      dataDir: path.join(top, 'data'),
      signal: new AbortController().signal,
      outsideAllowed: () => false,
      privateNetworkAllowed: () => false,
      sandboxGrants: () => ({ network: false, readOnly: [], writable: [] }),
      ...overrides,
    }),
    write: (rel, content) => {
      const file = path.resolve(dir, rel);
      fs.mkdirSync(path.dirname(file), { recursive: true });
      fs.writeFileSync(file, content);
      return file;
    },
    cleanup: () => fs.rmSync(top, { recursive: true, force: true }),
  };
}

/** Parses the input through the tool's schema, as the loop does, then runs it. */
export async function run(tool: AgentTool, input: unknown, ctx: AgentToolContext): Promise<AgentToolResult> {
  return tool.execute(tool.input.parse(input), ctx);
}

export async function targetOf(tool: AgentTool, input: unknown, ctx: AgentToolContext) {
  return tool.target!(tool.input.parse(input), ctx);
}
