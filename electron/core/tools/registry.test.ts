import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { createToolRegistry, ToolError } from './registry';

const ctx = () => ({ runId: 'r', skillId: 's', signal: new AbortController().signal });

describe('tool registry', () => {
  const make = () => {
    const registry = createToolRegistry();
    registry.register(
      'echo',
      {
        description: 'echo',
        kind: 'output',
        input: z.object({ text: z.string(), times: z.number().default(1) }),
      },
      ({ text, times }, c) => `${c.skillId}:${text.repeat(times)}`,
    );
    registry.register(
      'Read',
      { description: 'read', kind: 'agent', input: z.object({ path: z.string() }) },
      () => 1,
    );
    return registry;
  };

  it('executes a tool with its parsed input (defaults applied) and context', async () => {
    await expect(make().execute('echo', { text: 'ab', times: 2 }, ctx())).resolves.toBe('s:abab');
    await expect(make().execute('echo', { text: 'x' }, ctx())).resolves.toBe('s:x');
  });

  it('bad input is a clear error naming the tool and the field; the handler is not called', async () => {
    const error = await make()
      .execute('echo', { text: 3 }, ctx())
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ToolError);
    expect((error as ToolError).code).toBe('INVALID_TOOL_INPUT');
    expect((error as ToolError).message).toMatch(/^bad input for tool "echo": text: /);
  });

  it('an unknown tool is a clear error listing the known ones', async () => {
    await expect(make().execute('Bash', {}, ctx())).rejects.toThrow('unknown tool "Bash"; known: echo, Read');
    await expect(createToolRegistry().execute('x', {}, ctx())).rejects.toMatchObject({
      code: 'UNKNOWN_TOOL',
    });
  });

  it('has, get, list (by kind), duplicate names refused', () => {
    const registry = make();
    expect(registry.has('echo')).toBe(true);
    expect(registry.has('nope')).toBe(false);
    expect(registry.get('Read')?.spec.kind).toBe('agent');
    expect(registry.list().map((t) => t.name)).toEqual(['echo', 'Read']);
    expect(registry.list('output').map((t) => t.name)).toEqual(['echo']);
    expect(() =>
      registry.register('echo', { description: '', kind: 'output', input: z.object({}) }, () => 0),
    ).toThrow(/already registered/);
  });

  it('a cancelled run does not start a tool', async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(
      make().execute('echo', { text: 'x' }, { runId: 'r', skillId: 's', signal: controller.signal }),
    ).rejects.toMatchObject({ code: 'TOOL_CANCELLED' });
  });
});
