import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { loadShellParser } from '../permissions/shell-command';
import { modelTools, readCeiling, toolCeiling } from './tool-ceiling';
import { defineTool, type AgentTool } from './types';

await loadShellParser(); // parseRule reads Bash(…) specifiers with it

const tool = (name: string, jsonSchema?: Record<string, unknown>): AgentTool =>
  defineTool({
    name,
    description: `the ${name} tool`,
    effect: 'read',
    input: z.object({ path: z.string() }),
    ...(jsonSchema ? { jsonSchema } : {}),
    execute: async () => ({ output: '', summary: '' }),
  });

describe('readCeiling', () => {
  it('reads tool names and the rules the entries grant; no list is no ceiling', () => {
    expect(readCeiling(null)).toEqual({ names: null, grants: [] });
    const { names, grants } = readCeiling(['Read', 'Bash(npm test:*)', ' mcp__notes ']);
    expect([...names!]).toEqual(['Read', 'Bash', 'mcp__notes']);
    expect(grants).toEqual(['Bash(npm test:*)']);
  });
});

describe('toolCeiling', () => {
  it('allows only the listed tools, an MCP server’s tools by its name, TaskOutput with Task', () => {
    const c = toolCeiling(['Read', 'Task', 'mcp__notes'], []);
    expect(
      ['Read', 'Write', 'Task', 'TaskOutput', 'mcp__notes__find', 'mcp__other__x'].filter(c.allows),
    ).toEqual(['Read', 'Task', 'TaskOutput', 'mcp__notes__find']);
    expect(toolCeiling(['Read'], []).allows('TaskOutput')).toBe(false);
  });

  it('takes disallowed tools away, even without a ceiling or when allowed-tools lists them', () => {
    const c = toolCeiling(null, ['Write', 'Task', 'mcp__notes']);
    expect(
      ['Read', 'Write', 'Task', 'TaskOutput', 'mcp__notes__find', 'mcp__other__x'].filter(c.allows),
    ).toEqual(['Read', 'mcp__other__x']);
    expect(c.grants).toEqual([]);
    expect(toolCeiling(['Read', 'Write'], ['Write']).allows('Write')).toBe(false);
  });

  it('keeps a tool a disallowed entry with a specifier names, denying those calls', () => {
    const c = toolCeiling(['Bash(git:*)'], ['Bash(git push:*)']);
    expect(c.allows('Bash')).toBe(true);
    expect(c.grants).toEqual(['Bash(git:*)']);
    expect(c.denies).toEqual(['Bash(git push:*)']);
  });

  it('offers what the ceiling allows, narrowed by the loop', () => {
    const all = ['Read', 'Grep', 'Write'].map((n) => tool(n));
    const c = toolCeiling(['Read', 'Write'], []);
    expect([...c.offered(all, 'all').keys()]).toEqual(['Read', 'Write']);
    expect([...c.offered(all, ['Read', 'Grep']).keys()]).toEqual(['Read']);
  });

  it('gives Bash’s sandbox the ceiling’s names, none when Network is disallowed', () => {
    expect(toolCeiling(['Bash', 'Network'], []).sandboxNames()).toEqual(new Set(['Bash', 'Network']));
    expect(toolCeiling(null, []).sandboxNames()).toBeNull();
    expect(toolCeiling(null, ['Network']).sandboxNames()).toEqual(new Set());
  });
});

describe('modelTools', () => {
  it('derives the JSON Schema from the input unless the tool brings its own', () => {
    const own = { type: 'object', properties: { q: { type: 'string' } } };
    const offered = modelTools(
      new Map([tool('Read'), tool('mcp__notes__find', own)].map((t) => [t.name, t])),
    );
    expect(offered[0]).toMatchObject({ name: 'Read', description: 'the Read tool' });
    expect(offered[0]!.inputSchema).toMatchObject({ type: 'object', required: ['path'] });
    expect(offered[0]!.inputSchema).not.toHaveProperty('$schema');
    expect(offered[1]!.inputSchema).toBe(own);
  });
});
