import { describe, expect, it } from 'vitest';
import { SKILL_TEMPLATES } from '../../../shared/types/skill';
import { loadSkillFile } from './load';
import { renderTemplate } from './templates';

describe('skill templates', () => {
  // Not --strict: the Agent Skills spec has no execution-mode, workflow or max-iterations.
  it.each(SKILL_TEMPLATES)('"%s" loads runnable, without findings, in its mode', (template) => {
    const text = renderTemplate(template, { id: 'my-skill' });
    const loaded = loadSkillFile(text, { file: 'SKILL.md', folderName: 'my-skill' });
    expect(loaded.findings).toEqual([]);
    expect(loaded.definition).toMatchObject({ name: 'my-skill', executionMode: template });
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
