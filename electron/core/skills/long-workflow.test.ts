import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestCore, skillText, type TestCore } from '../test-support';
import { findSkillFolders, validateSkillFolder } from './validate';

// One huge workflow (a 6,000-step chain of 360 KB, a 10,000-step cycle: both under the 1 MiB limit) used to
// overflow the stack of the cycle check, so listing, sources and runs:start failed for every skill.

/** Step i depends on step i+1 (and the last on the first when `closed`): as deep as it is long. */
function chainSkill(name: string, steps: number, closed = false): string {
  const lines = [`---\nname: ${name}\ndescription: A very long chain.\nworkflow:\n  steps:`];
  for (let i = 0; i < steps; i++) {
    const next = i < steps - 1 ? `s${i + 1}` : closed ? 's0' : null;
    lines.push(`    - id: s${i}\n      prompt: p${next ? `\n      dependencies: [${next}]` : ''}`);
  }
  return `${lines.join('\n')}\n---\nBody.\n`;
}

let t: TestCore | undefined;
afterEach(async () => {
  await t?.dispose();
  t = undefined;
});

describe('a skill with a huge workflow', () => {
  it('is listed with its error, and its neighbours list, show and run as before', async () => {
    t = createTestCore();
    t.writeSkill('chain', chainSkill('chain', 6000));
    t.writeSkill('ring', chainSkill('ring', 10_000, true));
    t.writeSkill('fine', skillText('fine'));

    const listed = await t.client.invoke('skills:list', undefined);
    expect(listed.map((s) => [s.id, s.runnable])).toEqual([
      ['chain', false],
      ['fine', true],
      ['ring', false],
    ]);
    expect(listed.find((s) => s.id === 'chain')!.findings.map((f) => f.code)).toEqual([
      'workflow-too-many-steps',
    ]);
    const sources = await t.client.invoke('skills:sources', undefined);
    expect(sources.find((s) => s.path === t!.skillsDir)?.skillCount).toBe(3);
    await expect(t.client.invoke('skills:get', { skillId: 'fine' })).resolves.toMatchObject({ id: 'fine' });
    await expect(t.client.invoke('runs:start', { skillId: 'fine', input: 'hi' })).resolves.toMatchObject({
      runId: expect.any(String),
    });
    const refused = await t.client.request('runs:start', { skillId: 'chain', input: 'hi' });
    expect(refused).toMatchObject({ ok: false, error: { code: 'BAD_REQUEST' } });
  });

  it('gets a verdict from validate, as every other skill does', async () => {
    t = createTestCore();
    t.writeSkill('chain', chainSkill('chain', 6000));
    t.writeSkill('fine', skillText('fine'));
    const verdicts = await Promise.all(
      (await findSkillFolders(t.skillsDir)).map((dir) => validateSkillFolder(dir, false)),
    );
    expect(verdicts.map((v) => [path.basename(v.path), v.valid, v.errors.map((e) => e.code)])).toEqual([
      ['chain', false, ['workflow-too-many-steps']],
      ['fine', true, []],
    ]);
  });
});
