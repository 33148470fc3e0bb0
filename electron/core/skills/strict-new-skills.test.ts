// Skills made in the dashboard stay within the Agent Skills spec: each template created through
// skills:create, then edited the way the editor's form saves (only the changed fields, config keys and
// the body through skills:update), passes `skilldeck validate --strict`.
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { SKILL_TEMPLATES } from '../../../shared/types/skill';
import { createTestCore, type TestCore } from '../test-support';
import { validateSkillFolder } from './validate';

let t: TestCore | undefined;
afterEach(async () => {
  await t?.dispose();
  t = undefined;
});

describe('new skills pass validate --strict', () => {
  it.each(SKILL_TEMPLATES)(
    '"%s": as created, and after the form edits every field it offers',
    async (template) => {
      t = createTestCore();
      const created = await t.client.invoke('skills:create', { skillId: 'mine', template });
      const dir = path.join(t.dataDir, 'skills', 'mine');
      expect(await validateSkillFolder(dir, true)).toMatchObject({ valid: true, errors: [], warnings: [] });

      // what the form sends: the fields it edits, config keys, the body (form-model.ts formPatch)
      const edited = await t.client.invoke('skills:update', {
        skillId: 'mine',
        baseHash: created.hash,
        fields: {
          description: 'Mine, edited in the form.',
          provider: 'local',
          model: 'small-model',
          output: 'clipboard',
          arguments: [
            'text',
            { name: 'lang', description: 'The language', default: 'French', options: ['French', 'German'] },
          ],
          'allowed-tools': template === 'agent' ? 'Read, Grep' : 'save_memo',
        },
        config: { tone: 'dry', length: 3 },
        body: 'Write {{config.tone}} notes in $lang about {{input}}.\n',
      });
      expect(edited.findings).toEqual([]);
      expect(edited.definition).toMatchObject({
        provider: 'local',
        model: 'small-model',
        output: 'clipboard',
        arguments: ['text', 'lang'],
        config: { tone: 'dry', length: 3 },
        executionMode: template,
      });
      expect(await validateSkillFolder(dir, true)).toMatchObject({ valid: true, errors: [], warnings: [] });

      // a field removed in the form goes from wherever it was
      const removed = await t.client.invoke('skills:update', {
        skillId: 'mine',
        baseHash: edited.hash,
        fields: { output: null, arguments: null },
        config: { tone: null, length: null },
      });
      expect(removed.definition).not.toHaveProperty('output');
      expect(removed.raw).not.toMatch(/output:|arguments:|config:/);
      expect(await validateSkillFolder(dir, true)).toMatchObject({ valid: true, errors: [], warnings: [] });
    },
  );
});
