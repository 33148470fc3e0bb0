// `user-invocable: false` through a real core: no hotkey is bound to such a skill, no trigger (hotkey,
// link, launcher) starts it — refused before anything is captured, in words the dashboard can say — while
// the dashboard's editor may still run it and `skills:list` says who may start it.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createMemoryPorts } from '../memory-ports';
import { expectWordsSayMessage } from '../testing/error-words';
import { startLlmServer, type LlmServer } from '../testing/llm-server';
import { createServerTestCore, type TestCore } from '../test-support';

let server: LlmServer;
let t: TestCore | undefined;
beforeAll(async () => {
  server = await startLlmServer();
});
afterAll(() => server.close());
afterEach(async () => {
  await t?.dispose();
  t = undefined;
});

const HIDDEN = '---\nname: hidden\ndescription: Helps models.\nuser-invocable: false\n---\nHelp.\n';
const hotkey = { accelerator: 'CommandOrControl+Alt+H', display: 'Ctrl+Alt+H' };

async function setup() {
  const ports = createMemoryPorts();
  ports.selected = { text: 'some text', method: 'primary' };
  t = createServerTestCore(server.url, ports);
  t.writeSkill('hidden', HIDDEN);
  t.writeSkill('open', '---\nname: open\ndescription: Anyone.\n---\nGo.\n');
  await t.core.skills.ready();
  return { t, ports };
}

describe('a skill for models only', () => {
  it('is listed as such', async () => {
    const { t } = await setup();
    const listed = await t.client.invoke('skills:list', undefined);
    expect(listed.find((s) => s.id === 'hidden')?.userInvocable).toBe(false);
    expect(listed.find((s) => s.id === 'open')?.userInvocable).toBe(true);
  });

  it('cannot get a hotkey, saying why', async () => {
    const { t } = await setup();
    const refused = await t.core.dispatch('meta:update', { skillId: 'hidden', patch: { hotkey } });
    expect(refused.ok).toBe(false);
    if (refused.ok) return;
    expect(refused.error.code).toBe('FORBIDDEN');
    expect(refused.error.message).toContain('user-invocable: false');
    expectWordsSayMessage(refused.error.words, refused.error.message);
    // its look may still change, and another skill takes the key
    expect((await t.core.dispatch('meta:update', { skillId: 'hidden', patch: { emoji: '🤖' } })).ok).toBe(
      true,
    );
    expect((await t.core.dispatch('meta:update', { skillId: 'open', patch: { hotkey } })).ok).toBe(true);
  });

  it('is not started by a trigger, and nothing is captured for it', async () => {
    const { t, ports } = await setup();
    let captures = 0;
    const capture = ports.selection.capture;
    ports.selection.capture = (o) => (captures++, capture(o));
    for (const source of ['hotkey', 'link'] as const) {
      const refused = await t.core.dispatch('trigger:run', { skillId: 'hidden', source });
      expect(refused.ok).toBe(false);
      if (refused.ok) return;
      expect(refused.error.code).toBe('FORBIDDEN');
      expectWordsSayMessage(refused.error.words, refused.error.message);
    }
    expect(captures).toBe(0);
    expect(server.requests).toHaveLength(0);
    expect(t.core.runs.usage()).toEqual([]);
  });

  it('still runs from the dashboard’s editor (runs:start), to try it', async () => {
    const { t } = await setup();
    const { runId } = await t.client.invoke('runs:start', { skillId: 'hidden', input: 'x' });
    await t.core.executor.settled(runId);
    expect(t.core.runs.get(runId)?.status).toBe('succeeded');
  });
});
