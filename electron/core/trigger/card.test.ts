// The floating card while a triggered run streams shows what the run panel shows as the run's text: the
// streaming step's text (started again when the step is retried), then the run's output — never the
// tokens of every attempt and every step run together. Real trigger flow, real core, the wire-format server.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createMemoryPorts, type MemoryPorts } from '../memory-ports';
import { startLlmServer, type LlmServer } from '../testing/llm-server';
import { createServerTestCore, type TestCore } from '../test-support';

let server: LlmServer;
let t: TestCore | undefined;
beforeEach(async () => {
  server = await startLlmServer();
});
afterEach(async () => {
  await t?.dispose();
  t = undefined;
  await server.close();
});

const workflow = (steps: string) =>
  `---\nname: flow\ndescription: A workflow.\nworkflow:\n  max_retries: 1\n  steps:\n${steps}---\n`;

async function triggered(ports: MemoryPorts, skill: string) {
  ports.selected = { text: 'some text', method: 'primary' };
  t = createServerTestCore(server.url, ports);
  t.writeSkill('flow', skill);
  await t.core.skills.ready();
  const result = await t.client.invoke('trigger:run', { skillId: 'flow' });
  await t.core.executor.settled(result.runId!);
  return { runId: result.runId!, cards: ports.cards.filter((c) => c.runId === result.runId) };
}

/** Whether `text` is what one of `answers` had streamed so far. */
const streamedOf = (text: string, answers: string[]) => answers.some((a) => a.startsWith(text));

describe('the floating card of a triggered run', () => {
  it('starts the text again when a step cut off mid-stream is retried', async () => {
    const answer = ['HELLO-', 'WORLD-', 'FULL', '-ANSWER'];
    server.script(
      { chunks: answer, chunkDelayMs: 40, disconnectAfterChunks: 3 },
      { chunks: answer, chunkDelayMs: 40 },
    );
    const { runId, cards } = await triggered(
      createMemoryPorts(),
      workflow('    - id: write\n      prompt: Write.\n'),
    );

    expect(t!.core.runs.get(runId)).toMatchObject({ status: 'succeeded', output: 'HELLO-WORLD-FULL-ANSWER' });
    expect(server.requests).toHaveLength(2);
    const pending = cards.filter((c) => c.pending).map((c) => c.text);
    // it did show the cut-off attempt's text, then began again
    expect(pending).toContain('HELLO-WORLD-FULL');
    expect(pending.indexOf('HELLO-WORLD-FULL')).toBeLessThan(pending.lastIndexOf(''));
    for (const text of pending) expect(streamedOf(text, ['HELLO-WORLD-FULL-ANSWER'])).toBe(true);
    expect(cards.at(-1)).toMatchObject({ pending: false, text: 'HELLO-WORLD-FULL-ANSWER' });
  });

  it("shows each step's own text in a two-step workflow, and the run's output at the end", async () => {
    server.script(
      { chunks: ['DEFAULT-', 'REPLY'], chunkDelayMs: 40 },
      { chunks: ['SECOND-', 'ANSWER'], chunkDelayMs: 40 },
    );
    const { runId, cards } = await triggered(
      createMemoryPorts(),
      workflow(
        '    - id: draft\n      prompt: Draft.\n    - id: polish\n      prompt: Polish.\n      dependencies: [draft]\n',
      ),
    );

    expect(t!.core.runs.get(runId)).toMatchObject({ status: 'succeeded', output: 'SECOND-ANSWER' });
    const pending = cards.filter((c) => c.pending).map((c) => c.text);
    expect(pending).toContain('DEFAULT-REPLY');
    expect(pending).toContain('SECOND-');
    for (const text of pending) expect(streamedOf(text, ['DEFAULT-REPLY', 'SECOND-ANSWER'])).toBe(true);
    expect(cards.at(-1)).toMatchObject({ pending: false, text: 'SECOND-ANSWER' });
  });
});
