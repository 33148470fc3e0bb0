// An autonomous skill (phases/orchestrator.md + phases/actions/*.md) run through the real core's executor,
// its model the local wire-format server: the run, its steps and its saved state.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { callTool, offeredTools, resultFor, systemOf, useAgentHarness } from './test-support';

const { server: srv, open } = useAgentHarness();

const research = path.join(import.meta.dirname, '..', 'engine', 'testdata', 'autonomous', 'research');
const files = Object.fromEntries(
  ['SKILL.md', 'phases/orchestrator.md', 'phases/actions/search.md', 'phases/actions/answer.md'].map(
    (rel) => [`research/${rel}`, fs.readFileSync(path.join(research, rel), 'utf8')],
  ),
);
const json = (value: unknown) => ({ text: JSON.stringify(value) });

describe('autonomous skills through the executor', () => {
  it('runs the orchestrator and its actions until complete', async () => {
    const a = await open(files);
    srv().script(
      json({ action: 'search', reason: 'no notes yet' }),
      json({ context: { notes: 'Rayleigh scattering' } }),
      json({ action: 'answer', reason: 'notes are enough' }),
      json({ results: { output: 'Because of Rayleigh scattering.' } }),
      json({ action: 'complete', reason: 'answered' }),
    );
    const { runId } = await a.call('runs:start', { skillId: 'research', input: 'Why is the sky blue?' });
    const run = await a.settle(runId);

    expect(run.status).toBe('succeeded');
    expect(run.mode).toBe('autonomous');
    expect(run.output).toBe('Because of Rayleigh scattering.');
    expect(run.steps.map((s) => [s.stepId, s.status])).toEqual([
      ['orchestrator-1', 'succeeded'],
      ['search-1', 'succeeded'],
      ['orchestrator-2', 'succeeded'],
      ['answer-2', 'succeeded'],
      ['orchestrator-3', 'succeeded'],
    ]);
    expect(srv().requests).toHaveLength(5);
    expect(systemOf(srv().requests[0]!)).toContain('## Actions');
    const saved = a.t.core.runs.loadState(runId) as { autonomous: Record<string, unknown> };
    expect(saved.autonomous).toMatchObject({
      status: 'completed',
      completed_actions: ['search', 'answer'],
      error_count: 0,
    });
  });

  it('runs an action that lists tools as an agent loop with those tools only', async () => {
    const a = await open(files);
    fs.writeFileSync(path.join(a.workdir, 'notes.md'), 'Rayleigh scattering\n');
    srv().script(
      json({ action: 'search', reason: 'read the notes' }),
      callTool('r1', 'Read', { file_path: 'notes.md' }),
      json({ context: { notes: 'Rayleigh' }, results: { output: 'Rayleigh.' }, status: 'completed' }),
    );
    const { runId } = await a.call('runs:start', {
      skillId: 'research',
      input: 'Why is the sky blue?',
      workdir: a.workdir,
    });
    const run = await a.settle(runId);

    expect(run.status).toBe('succeeded');
    expect(run.output).toBe('Rayleigh.');
    expect(offeredTools(srv().requests[0]!)).toEqual([]);
    expect(offeredTools(srv().requests[1]!).sort()).toEqual(['Grep', 'Read']);
    expect(resultFor(srv().requests[2], 'r1')).toContain('Rayleigh scattering');
    expect(a.of(runId, 'tool_call')).toMatchObject([{ stepId: 'search-1', tool: 'Read' }]);
  });

  it('aborts after too many errors', async () => {
    const a = await open(files);
    srv().script(
      { text: 'I would search next.' },
      json({ action: 'browse', reason: 'no such action' }),
      json({ action: 'search', reason: 'ok' }),
      { text: 'not json at all' },
      // (a 400 would end the loop at once: client-errors.test.ts)
      json({ action: 'fly', reason: 'no such action either' }),
    );
    const { runId } = await a.call('runs:start', { skillId: 'research', input: 'Why?' });
    const run = await a.settle(runId);

    expect(run.status).toBe('failed');
    expect(run.error).toMatch(/^aborted after 4 errors:/);
    expect(run.error).toContain('unknown action "browse" (actions: answer, search)');
    expect(run.error).toContain('search: the answer is not a JSON object: not json at all');
    expect(srv().requests).toHaveLength(5);
    const saved = a.t.core.runs.loadState(runId) as { autonomous: Record<string, unknown> };
    expect(saved.autonomous).toMatchObject({ status: 'aborted', error_count: 4 });
  });
});
