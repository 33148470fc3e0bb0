import { describe, expect, it } from 'vitest';
import { editorHref, skillIdFromHash } from './route';

describe('editor route', () => {
  it('reads the skill id of #/skills/<id> and nothing else', () => {
    expect(skillIdFromHash('#/skills/translate')).toBe('translate');
    expect(skillIdFromHash('#skills/my-skill/')).toBe('my-skill');
    expect(skillIdFromHash(editorHref('plugin:a b'))).toBe('plugin:a b');
    expect(skillIdFromHash('#/skills')).toBeNull();
    expect(skillIdFromHash('#/skills/')).toBeNull();
    expect(skillIdFromHash('#/runs')).toBeNull();
    expect(skillIdFromHash('#/skills/a%2Fb')).toBeNull();
    expect(skillIdFromHash('#/skills/%E0%A4%A')).toBeNull();
  });
});
