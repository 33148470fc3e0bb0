import { describe, expect, it } from 'vitest';
import { SKILL_TEMPLATES } from '../../../shared/types/skill';
import { loadSkillFile } from './load';
import { renderTemplate } from './templates';

describe('skill templates', () => {
  // --strict too: Skilldeck's fields (execution-mode, workflow, max-iterations) sit under metadata.skilldeck.
  it.each(SKILL_TEMPLATES)('"%s" loads runnable, without findings even --strict, in its mode', (template) => {
    const text = renderTemplate(template, { id: 'my-skill' });
    const loaded = loadSkillFile(text, { file: 'SKILL.md', folderName: 'my-skill', strict: true });
    expect(loaded.findings).toEqual([]);
    expect(loaded.definition).toMatchObject({
      name: 'my-skill',
      executionMode: template,
      executionModeDeclared: template !== 'prompt',
    });
  });

  it('keeps any description one plain string', () => {
    const description = 'Summarise: "quotes", #hashes and: colons\nacross lines';
    const loaded = loadSkillFile(renderTemplate('prompt', { id: 'x', description }), {
      file: 'SKILL.md',
      folderName: 'x',
    });
    expect(loaded.definition!.description).toBe('Summarise: "quotes", #hashes and: colons across lines');
  });
});
