import { describe, expect, it } from 'vitest';
import { SkillId } from './skill';
import { skillIdProblem } from './skill-id';

describe('skillIdProblem (the SkillId rule without zod)', () => {
  it('accepts and refuses exactly what the SkillId schema does, with its words', () => {
    const samples = [
      'translate',
      'my-plugin:skill',
      'Ünïcode id',
      'a'.repeat(200),
      'a'.repeat(201),
      '',
      '.',
      '..',
      '...',
      'a/b',
      'a\\b',
      'nul\0',
      ' spaced ',
    ];
    for (const id of samples) {
      const parsed = SkillId.safeParse(id);
      const problem = skillIdProblem(id);
      expect(problem === null, JSON.stringify(id)).toBe(parsed.success);
      if (!parsed.success && /slashes|\. or \.\./.test(parsed.error.issues[0]!.message))
        expect(problem).toBe(parsed.error.issues[0]!.message);
    }
  });
});
