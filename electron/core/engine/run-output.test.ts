// Where a run's result goes, tested with fakes: no executor, no database.
import { describe, expect, it } from 'vitest';
import type { RunEvent } from '../../../shared/types/run';
import type { RunRepo } from '../runs/run-repo';
import type { SkillDefinition } from '../skills/types';
import type { FailureInfo } from './executor-deps';
import { RunEventLog } from './run-events';
import { RunOutput, type RunOutputTarget } from './run-output';

function setup(target: Partial<RunOutputTarget> = {}, failure: { tool: string } | null = null) {
  const events: RunEvent[] = [];
  const delivered: { tool: string; text: string }[] = [];
  const failures: FailureInfo[] = [];
  const repo = { appendEvent: () => undefined } as unknown as RunRepo;
  const output = new RunOutput(
    {
      deliver: async (tool, text) => void delivered.push({ tool, text }),
      deliverFailure: async (info) => (failures.push(info), failure),
    },
    {
      runId: 'run_1',
      skillId: 'translate',
      title: 'Translate',
      definition: { output: undefined, allowedTools: null } as unknown as SkillDefinition,
      ctx: { selection: 'hello', config: {}, skillDir: '/skills/translate', declaredArguments: [] },
      kind: 'directOutput',
      resumed: false,
      isTry: false,
      log: new RunEventLog('run_1', repo, (e) => events.push(e)),
      signal: new AbortController().signal,
      ...target,
    },
  );
  return { output, events, delivered, failures };
}

describe('RunOutput', () => {
  it('delivers to the chosen tool, says so in an event and remembers the tool', async () => {
    const { output, events, delivered } = setup();
    await output.deliver('bonjour');
    expect(delivered).toEqual([{ tool: 'insert_text', text: 'bonjour' }]);
    expect(events).toMatchObject([{ type: 'output', tool: 'insert_text', text: 'bonjour' }]);
    expect(output.tool).toBe('insert_text');
  });

  it('shows a resumed run’s result in the card instead of pasting it', async () => {
    const { output, delivered } = setup({ resumed: true });
    await output.deliver('bonjour');
    expect(delivered).toEqual([{ tool: 'floating_card', text: 'bonjour' }]);
  });

  it('keeps a try’s result in the run: nothing delivered, nothing put back on failure', async () => {
    const { output, events, delivered, failures } = setup({ isTry: true }, { tool: 'insert_text' });
    await output.deliver('bonjour');
    await output.deliverFailure('the model failed');
    expect(delivered).toEqual([]);
    expect(failures).toEqual([]);
    expect(events).toEqual([]);
    expect(output.tool).toBe('');
  });

  it('hands a failure to the failure policy, with the original text and the tool it would have used', async () => {
    const { output, events, failures } = setup({}, { tool: 'insert_text' });
    await output.deliverFailure('the model failed');
    expect(failures).toEqual([
      {
        runId: 'run_1',
        skillId: 'translate',
        title: 'Translate',
        behavior: 'directOutput',
        original: 'hello',
        tool: 'insert_text',
        error: 'the model failed',
      },
    ]);
    expect(events).toMatchObject([{ type: 'output', tool: 'insert_text', text: 'hello' }]);
    expect(output.tool).toBe('insert_text');
  });

  it('records no tool when the policy delivered nothing, and does nothing for a cancelled run', async () => {
    const shown = setup({}, null);
    await shown.output.deliverFailure('boom');
    expect(shown.events).toEqual([]);
    expect(shown.output.tool).toBe('');

    const controller = new AbortController();
    controller.abort();
    const cancelled = setup({ signal: controller.signal }, { tool: 'insert_text' });
    await cancelled.output.deliverFailure('boom');
    expect(cancelled.failures).toEqual([]);
  });
});
