// The Skill tool: the activated skill's instructions are rendered with its own config and the arguments of
// the tool call — never the caller's — while the user's data of the run (selection, input) is shared; a
// skill cannot activate itself. What the model receives is read from the requests the model server got.
import { describe, expect, it } from 'vitest';
import { agentSkill, callTool, resultFor, useAgentHarness } from './test-support';

const { server: srv, open } = useAgentHarness();

const helper = [
  '---',
  'name: helper',
  'description: Formats things for someone.',
  'arguments: [who, what]',
  'config:',
  '  tone: HELPER-TONE',
  '---',
  'Tone {{config.tone}}. All: [$ARGUMENTS]. First: [$0]. Who: [$who]. What: [$what]. Selected: [{{selection}}].',
  '',
].join('\n');

const caller = agentSkill(
  'caller',
  { 'allowed-tools': ['Skill'], config: '{ tone: CALLER-TONE }' },
  'Caller tone {{config.tone}}, caller arguments [$ARGUMENTS].',
);

describe('the Skill tool', () => {
  it("renders the activated skill with its own config and the call's arguments", async () => {
    const a = await open({ 'caller/SKILL.md': caller, 'helper/SKILL.md': helper });
    srv().script(
      callTool('k1', 'Skill', { skill: 'helper', args: 'alice "bob smith"' }),
      callTool('k2', 'Skill', { skill: 'helper' }),
      { text: 'done' },
    );
    const runId = await a.start('caller', {
      selection: 'the user text',
      config: { tone: 'RUN-TONE' },
      arguments: 'caller-arg-1 caller-arg-2',
    });
    const run = await a.settle(runId);

    expect(run.status).toBe('succeeded');
    // the caller itself got its run's config and arguments
    expect(JSON.stringify(srv().requests[0]!.body)).toContain(
      'Caller tone RUN-TONE, caller arguments [caller-arg-1 caller-arg-2].',
    );
    expect(resultFor(srv().requests[1], 'k1').trim()).toBe(
      'Tone HELPER-TONE. All: [alice "bob smith"]. First: [alice]. Who: [alice]. What: [bob smith]. Selected: [the user text].',
    );
    const bare = resultFor(srv().requests[2], 'k2');
    expect(bare).toContain('Tone HELPER-TONE. All: [].');
    expect(bare).toContain('Selected: [the user text].');
    for (const leaked of ['CALLER-TONE', 'RUN-TONE', 'caller-arg']) expect(bare).not.toContain(leaked);
  });

  it('refuses to activate the skill that is running, and the model is told why', async () => {
    const a = await open({ 'caller/SKILL.md': caller, 'helper/SKILL.md': helper });
    srv().script(callTool('k1', 'Skill', { skill: 'caller', args: 'again' }), { text: 'ok' });
    const runId = await a.start('caller', { input: 'go' });
    const run = await a.settle(runId);

    expect(run.status).toBe('succeeded');
    expect(resultFor(srv().requests[1], 'k1')).toBe(
      'skill "caller" is the skill running now: a skill cannot activate itself — follow the instructions you already have',
    );
    expect(a.of(runId, 'tool_result')).toMatchObject([{ callId: 'k1', isError: true }]);
  });
});
