import { describe, expect, it } from 'vitest';
import { expectWordsSayMessage } from '../testing/error-words';
import { argumentDefaults } from './argument-specs';
import { loadSkillFile } from './load';

const load = (argumentsYaml: string) =>
  loadSkillFile(Buffer.from(`---\nname: demo\ndescription: Demo.\n${argumentsYaml}\n---\nBody $0\n`), {
    file: '/skills/demo/SKILL.md',
    folderName: 'demo',
  });

describe('arguments: names and mappings', () => {
  it('reads names, a space-separated string and mappings with description, default and options', () => {
    expect(load('arguments: from to').definition?.argumentSpecs).toEqual([{ name: 'from' }, { name: 'to' }]);
    const loaded = load(
      [
        'arguments:',
        '  - file',
        '  - name: language',
        '    description: The language to write in',
        '    default: English',
        '    options: [English, French, German]',
        '  - name: count',
        '    default: 3',
        '    options: 1, 3, 5',
      ].join('\n'),
    );
    expect(loaded.findings).toEqual([]);
    expect(loaded.definition?.arguments).toEqual(['file', 'language', 'count']);
    expect(loaded.definition?.argumentSpecs).toEqual([
      { name: 'file' },
      {
        name: 'language',
        description: 'The language to write in',
        default: 'English',
        options: ['English', 'French', 'German'],
      },
      { name: 'count', default: '3', options: ['1', '3', '5'] },
    ]);
    expect(argumentDefaults(loaded.definition!.argumentSpecs)).toEqual({ language: 'English', count: '3' });
  });

  it('warns, in words the dashboard can say, and keeps what it can', () => {
    const loaded = load(
      [
        'arguments:',
        '  - name: tone',
        '    default: loud',
        '    options: [calm, warm]',
        '  - description: no name here',
        '  - tone',
        '  - name: size',
        '    options: {a: 1}',
      ].join('\n'),
    );
    expect(loaded.runnable).toBe(true);
    expect(loaded.findings.map((f) => f.message)).toEqual([
      '`arguments` "tone": the default "loud" is not one of its options',
      '`arguments` entry 2 needs a `name`: it is ignored',
      '`arguments` names "tone" twice: the first one is used',
      '`arguments` "size": `options` must be a list of values; they are ignored',
    ]);
    expect(loaded.findings.every((f) => f.severity === 'warning' && f.line !== undefined)).toBe(true);
    for (const finding of loaded.findings) expectWordsSayMessage(finding.words, finding.message);
    expect(loaded.definition?.argumentSpecs).toEqual([
      { name: 'tone', default: 'loud', options: ['calm', 'warm'] },
      { name: 'size' },
    ]);

    const notList = load('arguments:\n  a: b');
    expect(notList.definition?.argumentSpecs).toEqual([]);
    expectWordsSayMessage(notList.findings[0]?.words, notList.findings[0]!.message);
  });
});
