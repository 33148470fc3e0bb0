import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import type { RunEvent } from '../../shared/types/run';
import { createStepProgress, formatElapsed, plainStepLine, renderStepList, StepList } from './step-progress';

const runId = 'run_abcdef12';
const events: RunEvent[] = [
  { type: 'run_start', t: 0, runId, skill: 'video-script', mode: 'workflow' },
  { type: 'step_start', t: 5, stepId: 'analysis', name: 'Analysis', index: 0, total: 3 },
  { type: 'step_start', t: 10, stepId: 'outline', name: 'Outline', index: 1, total: 3 },
  { type: 'step_complete', t: 1205, stepId: 'analysis', output: 'A' },
  { type: 'step_error', t: 1500, stepId: 'outline', attempt: 1, willRetry: true, error: 'timed out' },
  { type: 'step_skipped', t: 1600, stepId: 'shots', reason: 'condition false' },
];

describe('the live step list', () => {
  it('shows each step with its state and elapsed time', () => {
    const list = new StepList();
    for (const event of events) list.apply(event);
    expect(renderStepList(list, 2010).split('\n')).toEqual([
      '✓ 1/3 Analysis  1.2s',
      '↻ 2/3 Outline   2.0s  attempt 1 failed, retrying: timed out',
      '– - shots     skipped  condition false',
    ]);
    list.apply({ type: 'step_complete', t: 3010, stepId: 'outline', output: 'B' });
    expect(renderStepList(list, 9999).split('\n')[1]).toBe('✓ 2/3 Outline   3.0s');
    expect(renderStepList(list, 0, 12).split('\n')[0]).toBe('✓ 1/3 Analy…');
  });

  it('plain lines say when a step starts and ends', () => {
    const list = new StepList();
    const lines = events.flatMap((e) => {
      const row = list.apply(e);
      return row ? [plainStepLine(row)] : [];
    });
    expect(lines).toEqual([
      'skilldeck: step 1/3 Analysis started',
      'skilldeck: step 2/3 Outline started',
      'skilldeck: step 1/3 Analysis done in 1.2s',
      'skilldeck: step 2/3 Outline: attempt 1 failed, retrying: timed out',
      'skilldeck: step - shots skipped: condition false',
    ]);
  });

  it('says a low quality score and the re-run, then the score the step passed with', () => {
    const list = new StepList();
    const quality = (attempt: number, score: number, willRetry: boolean): RunEvent => ({
      type: 'step_quality',
      t: 100 * attempt,
      stepId: 'draft',
      attempt,
      score,
      reason: willRetry ? 'No examples.' : 'Good.',
      passed: !willRetry,
      threshold: 70,
      willRetry,
    });
    const lines = [
      { type: 'step_start', t: 0, stepId: 'draft', name: 'Draft', index: 0, total: 1 } as RunEvent,
      quality(1, 40, true),
      quality(2, 85, false),
      { type: 'step_complete', t: 1500, stepId: 'draft', output: 'x' } as RunEvent,
    ].flatMap((e) => {
      const row = list.apply(e);
      return row ? [plainStepLine(row)] : [];
    });
    expect(lines).toEqual([
      'skilldeck: step 1/1 Draft started',
      'skilldeck: step 1/1 Draft: scored 40/100 (needs 70), running it again: No examples.',
      'skilldeck: step 1/1 Draft done in 1.5s (quality 85/100)',
    ]);
    expect(renderStepList(list, 2000)).toBe('✓ 1/1 Draft  1.5s  quality 85/100');
  });

  it('formats elapsed times', () => {
    expect([0, 1234, 12_345, 125_000].map(formatElapsed)).toEqual(['0.0s', '1.2s', '12s', '2m05s']);
  });

  it('on a terminal, redraws the list in place and leaves it when the run completes', async () => {
    const stream = Object.assign(new PassThrough(), { isTTY: true, columns: 80, rows: 24 });
    let written = '';
    stream.on('data', (chunk: Buffer) => (written += chunk.toString()));
    const lines: string[] = [];
    const progress = await createStepProgress({
      stream,
      isTTY: true,
      plain: true,
      writeLine: (l) => lines.push(l),
    });
    for (const event of events.slice(0, 4)) progress.onEvent(event);
    progress.onEvent({ type: 'step_complete', t: 1300, stepId: 'outline', output: 'B' });
    progress.onEvent({ type: 'complete', t: 1400, runId, status: 'succeeded', output: 'B', error: null });
    expect(lines).toEqual([]); // no plain lines on a terminal
    expect(written).toContain('\u001b[2K'); // lines erased and redrawn
    expect(written).toContain('✓ 1/3 Analysis  1.2s');
    expect(written).toContain('✓ 2/3 Outline   1.3s');
  });

  it('shows nothing for a prompt run, and no plain lines when told not to', async () => {
    const lines: string[] = [];
    const stream = new PassThrough();
    const prompt = await createStepProgress({
      stream,
      isTTY: false,
      plain: true,
      writeLine: (l) => lines.push(l),
    });
    prompt.onEvent({ type: 'run_start', t: 0, runId, skill: 'translate', mode: 'prompt' });
    prompt.onEvent({ type: 'step_start', t: 1, stepId: 'main', name: 'translate', index: 0, total: 1 });
    const quiet = await createStepProgress({
      stream,
      isTTY: false,
      plain: false,
      writeLine: (l) => lines.push(l),
    });
    for (const event of events) quiet.onEvent(event);
    expect(lines).toEqual([]);
  });
});
