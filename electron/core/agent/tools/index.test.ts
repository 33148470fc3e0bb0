import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { agentToolsCore, fileTools } from './index';

describe('agentToolsCore', () => {
  it('lists the eight tools under Claude Code’s names, with their effects', () => {
    expect(Object.fromEntries(agentToolsCore().map((tool) => [tool.name, tool.effect]))).toEqual({
      Read: 'read',
      Write: 'edit',
      Edit: 'edit',
      Glob: 'read',
      Grep: 'read',
      Bash: 'exec',
      WebFetch: 'network',
      WebSearch: 'network',
    });
    expect(fileTools.map((tool) => tool.name)).toEqual(['Read', 'Write', 'Edit', 'Glob', 'Grep']);
    expect(agentToolsCore()).not.toBe(agentToolsCore());
  });

  it('offers every input as a JSON Schema with Claude Code’s field names', () => {
    const schemas = Object.fromEntries(
      agentToolsCore().map((tool) => [
        tool.name,
        z.toJSONSchema(tool.input) as { properties: object; required?: string[] },
      ]),
    );
    expect(schemas.Read!.required).toEqual(['file_path']);
    expect(Object.keys(schemas.Edit!.properties)).toEqual([
      'file_path',
      'old_string',
      'new_string',
      'replace_all',
    ]);
    expect(Object.keys(schemas.Grep!.properties)).toContain('-C');
    expect(schemas.Bash!.required).toEqual(['command']);
    expect(schemas.WebSearch!.required).toEqual(['query']);
    expect(Object.keys(schemas.WebSearch!.properties)).toEqual([
      'query',
      'count',
      'allowed_domains',
      'blocked_domains',
    ]);
    for (const tool of agentToolsCore()) expect(tool.description.length).toBeGreaterThan(40);
  });
});
