import { describe, expect, it } from 'vitest';
import { editorHref, isRouteHash, leavesEditor, skillIdFromHash } from './route';

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

  it('tells leaving the editor (another page or skill) from staying (the same skill, an anchor)', () => {
    expect(leavesEditor('#/runs', 'notes')).toBe(true);
    expect(leavesEditor('#/skills', 'notes')).toBe(true);
    expect(leavesEditor('', 'notes')).toBe(true);
    expect(leavesEditor('#/skills/other', 'notes')).toBe(true);
    expect(leavesEditor('#/skills/notes', 'notes')).toBe(false);
    expect(leavesEditor('#skills/notes/', 'notes')).toBe(false);
    expect(leavesEditor('#main', 'notes')).toBe(false);
    expect(isRouteHash('#runs')).toBe(true);
    expect(isRouteHash('#main')).toBe(false);
  });
});
