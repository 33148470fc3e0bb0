import { describe, expect, it } from 'vitest';
import { loadSkillFile } from './load';

const load = (yaml: string) =>
  loadSkillFile(`---\nname: my-skill\ndescription: Does a thing.\n${yaml}\n---\nBody $0.\n`, {
    file: 'SKILL.md',
    folderName: 'my-skill',
  });

describe('arguments', () => {
  it('reads names (a list or a space-separated string) as Claude Code writes them', () => {
    for (const yaml of ['arguments: [source, target]', 'arguments: source target']) {
      const { definition, findings } = load(yaml);
      expect(findings).toEqual([]);
      expect(definition!.arguments).toEqual(['source', 'target']);
      expect(definition!.argumentSpecs).toEqual([{ name: 'source' }, { name: 'target' }]);
    }
  });

  it('reads entries with a description, a default and options, beside plain names', () => {
    const { definition, findings } = load(
      [
        'arguments:',
        '  - text',
        '  - name: lang',
        '    description: The language to write in',
        '    default: French',
        '    options: [French, German, 3]',
      ].join('\n'),
    );
    expect(findings).toEqual([]);
    expect(definition!.arguments).toEqual(['text', 'lang']);
    expect(definition!.argumentSpecs).toEqual([
      { name: 'text' },
      {
        name: 'lang',
        description: 'The language to write in',
        default: 'French',
        options: ['French', 'German', '3'],
      },
    ]);
  });

  it('reads them under metadata.skilldeck too, with argument-hint', () => {
    const { definition, findings } = load(
      'metadata:\n  skilldeck:\n    argument-hint: "[lang]"\n    arguments:\n      - name: lang\n        default: en',
    );
    expect(findings).toEqual([]);
    expect(definition!.argumentHint).toBe('[lang]');
    expect(definition!.argumentSpecs).toEqual([{ name: 'lang', default: 'en' }]);
  });

  it('keeps the entries it can read and warns once about the others', () => {
    const { definition, findings } = load(
      'arguments:\n  - name: a\n  - name: a\n  - { name: b, colour: red }\n  - { description: no name }\n  - c',
    );
    expect(definition!.arguments).toEqual(['a', 'c']);
    expect(findings).toHaveLength(1);
    expect(findings[0]).toMatchObject({
      code: 'invalid-field',
      severity: 'warning',
      line: expect.any(Number),
    });
    expect(findings[0]!.message).toContain('`arguments` must be a list of names');
    expect(load('arguments: { a: 1 }').findings[0]).toMatchObject({ code: 'invalid-field' });
  });
});
