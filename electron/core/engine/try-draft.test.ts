// "Try it": runs:start with the SKILL.md text of an unsaved draft runs the draft, read as loading the file
// would (the skill's folder as context), never writes it, keeps the result in the run and marks it a try.
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { AppError } from '../../../shared/ipc/result';
import { engineHarness, fakeGateway, type EngineHarness } from './test-support';

const SAVED = `---
name: notes
description: Takes notes.
metadata:
  skilldeck:
    output: clipboard
---
The saved instructions.
`;

const draft = (body: string, extra = '') =>
  `---\nname: notes\ndescription: Takes notes.\nmetadata:\n  skilldeck:\n    output: clipboard\n${extra}---\n${body}\n`;

let h: EngineHarness | undefined;
afterEach(async () => {
  await h?.dispose();
  h = undefined;
});

/** The skill's file in the harness's folder (the registry's entry knows where). */
async function fileOf(harness: EngineHarness, id: string) {
  const run = await harness.run({ skillId: id, input: 'x', draft: SAVED });
  const { ctx } = harness.repo.loadState(run.runId) as { ctx: { skillDir: string } };
  return path.join(ctx.skillDir, 'SKILL.md');
}

describe('Try it: a draft run', () => {
  it('runs the unsaved instructions and model, leaves the file as it was, keeps the result in the run', async () => {
    const gw = fakeGateway(() => ({ chunks: ['Tri', 'ed'] }));
    h = await engineHarness({ 'notes/SKILL.md': SAVED }, gw);
    const file = await fileOf(h, 'notes');
    const before = fs.readFileSync(file);
    gw.calls.length = 0;

    const text = draft(
      'Unsaved: write {{config.tone}} notes about $0.',
      '    model: draft-model\n    config:\n      tone: terse\n    arguments: [topic]\n',
    );
    const { runId, events } = await h.run({
      skillId: 'notes',
      input: 'the meeting',
      arguments: 'budget',
      draft: text,
    });

    expect(gw.calls[0]!.system).toBe('Unsaved: write terse notes about budget.\n');
    expect(gw.calls[0]!.model).toBe('draft-model');
    expect(fs.readFileSync(file)).toEqual(before);
    // no output tool acted (not the skill's clipboard): the answer is the run's
    expect(h.delivered).toEqual([]);
    expect(events.some((e) => e.type === 'output')).toBe(false);
    expect(events.at(-1)).toMatchObject({ type: 'complete', status: 'succeeded', output: 'Tried' });
    expect(h.repo.get(runId)).toMatchObject({ isTry: true, outputTool: null, output: 'Tried' });

    // history can show only tries, or leave them out
    const plain = await h.run({ skillId: 'notes', input: 'again' });
    expect(h.repo.get(plain.runId)!.isTry).toBe(false);
    const ids = (isTry?: boolean) =>
      h!.repo.list({ limit: 50, offset: 0, ...(isTry === undefined ? {} : { isTry }) }).runs.map((r) => r.id);
    expect(ids(true)).toContain(runId);
    expect(ids(true)).not.toContain(plain.runId);
    expect(ids(false)).toEqual([plain.runId]);
    expect(ids()).toHaveLength(3);
  });

  it('refuses a draft that cannot run, with its first error in words, and records no run', async () => {
    h = await engineHarness(
      { 'notes/SKILL.md': SAVED },
      fakeGateway(() => ({ text: 'x' })),
    );
    const broken = draft('Body.', '    execution-mode: sideways\n');
    const refusal = await h.executor.start({ skillId: 'notes', draft: broken }).catch((e: unknown) => e);
    expect(refusal).toBeInstanceOf(AppError);
    expect(refusal).toMatchObject({
      code: 'BAD_REQUEST',
      words: { key: 'runs.draftCannotRun', values: { id: 'notes' } },
    });
    expect((refusal as AppError).message).toMatch(
      /^this draft of notes cannot run: line \d+: `execution-mode` "sideways"/,
    );
    expect(h.repo.list({ limit: 50, offset: 0 }).total).toBe(0);
  });

  it('reads the draft with the skill’s folder as context: its phases/ make it a phases skill', async () => {
    const gw = fakeGateway((request) => ({ text: `[${request.system}]` }));
    h = await engineHarness(
      {
        'staged/SKILL.md': '---\nname: staged\ndescription: In phases.\n---\nShared.\n',
        'staged/phases/01-first.md': 'First phase.',
        'staged/phases/02-second.md': 'Second phase.',
      },
      gw,
    );
    const { runId } = await h.run({
      skillId: 'staged',
      input: 'go',
      draft: '---\nname: staged\ndescription: In phases, edited.\n---\nShared, edited.\n',
    });
    expect(h.repo.get(runId)).toMatchObject({ mode: 'phases', status: 'succeeded', isTry: true });
    expect(gw.calls).toHaveLength(2);
  });

  it('resumes an interrupted try with its draft, not the file', async () => {
    const gw = fakeGateway((request) => ({ text: request.system }));
    h = await engineHarness({ 'notes/SKILL.md': SAVED }, gw);
    const file = await fileOf(h, 'notes');
    gw.calls.length = 0;
    const text = draft('The draft that was tried.');
    // a try cut off by a restart: its row, the state it started with, then interrupted
    const runId = 'run_cutoff_try';
    h.repo.create({ id: runId, skillId: 'notes', mode: 'prompt', input: 'x', startedAt: 1, isTry: true });
    h.repo.saveState(runId, {
      ctx: { instruction: 'x', config: {}, skillDir: path.dirname(file), declaredArguments: [] },
      draft: text,
    });
    h.repo.markInterrupted();
    await h.executor.resume(runId);
    await h.executor.settled(runId);
    expect(gw.calls[0]!.system).toBe('The draft that was tried.\n');
    expect(h.repo.get(runId)).toMatchObject({ status: 'succeeded', isTry: true });
    expect(h.delivered).toEqual([]);
  });
});
