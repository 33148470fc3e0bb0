import { afterEach, describe, expect, it } from 'vitest';
import { engineHarness, fakeGateway, messageText, type EngineHarness } from './test-support';

// `<`, `>`, `<=`, `>=` in a step's condition, through a real workflow run: numbers are ordered as numbers;
// anything else makes the condition false and the skip says why.

const flow = `---
name: flow
description: Scores, then acts on the score.
workflow:
  steps:
    - id: score
      prompt: Score it.
    - id: high
      prompt: High.
      dependencies: [score]
      condition: "\${score} >= 7"
    - id: low
      prompt: Low.
      dependencies: [score]
      condition: "\${score} < 7"
---
Flow.
`;

let h: EngineHarness | undefined;
afterEach(async () => {
  await h?.dispose();
  h = undefined;
});

const answering = (score: string) =>
  fakeGateway((request) => ({
    text: request.system === 'Score it.' ? score : messageText(request.messages[0]),
  }));

describe('ordering in a workflow condition', () => {
  it('compares the output as a number: 10 is above 7, though "10" sorts before "7" as text', async () => {
    h = await engineHarness({ 'flow/SKILL.md': flow }, answering(' 10 '));
    const { events } = await h.run({ skillId: 'flow', input: 'go' });
    expect(events.filter((e) => e.type === 'step_complete').map((e) => e.stepId)).toEqual(['score', 'high']);
    expect(events.filter((e) => e.type === 'step_skipped')).toMatchObject([
      { stepId: 'low', reason: 'condition is false: ${score} < 7' },
    ]);
  });

  it('skips a step whose ordering meets text, saying only numbers can be ordered', async () => {
    h = await engineHarness({ 'flow/SKILL.md': flow }, answering('very high'));
    const { events } = await h.run({ skillId: 'flow', input: 'go' });
    const skipped = events.filter((e) => e.type === 'step_skipped');
    expect(skipped.map((e) => e.stepId)).toEqual(['high', 'low']);
    for (const e of skipped)
      expect(e).toMatchObject({ reason: expect.stringContaining('"very high", which is not a number') });
  });
});
