import fs from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { stringify } from 'yaml';
import { describe, expect, it } from 'vitest';
import { editSkillText, renderSkillText } from './serialize';
import { loadSkillFile } from './load';
import { splitSkillFile } from './parse';

const parse = (text: string) => {
  const split = splitSkillFile(text, 'SKILL.md');
  if (!split.ok) throw new Error(split.findings[0]!.message);
  return { data: split.file.data, body: split.file.body };
};

const key = fc.stringMatching(/^[a-z][a-z0-9_-]{0,11}$/);
const text = fc.oneof(
  fc.string(),
  fc.constantFrom(
    'yes',
    'no',
    'on',
    '1.0',
    '0x10',
    'null',
    '~',
    '#not a comment',
    'a: b',
    '- item',
    '"quoted"',
    "it's",
    '---',
    '',
    ' padded ',
  ),
  fc.string({ unit: 'grapheme' }),
);
const scalar = fc.oneof(
  text,
  fc.integer(),
  fc.boolean(),
  fc.constant(null),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);
const value = fc.letrec((tie) => ({
  node: fc.oneof(
    { depthSize: 'small' },
    scalar,
    fc.array(tie('node'), { maxLength: 3 }),
    fc.dictionary(key, tie('node'), { maxKeys: 3 }),
  ),
})).node;
const frontmatter = fc.dictionary(key, value, { minKeys: 1, maxKeys: 6 });
const body = fc.string().map((s) => s.replace(/^---$/gm, '- - -'));

const skillText = (data: Record<string, unknown>, b: string, crlf: boolean) => {
  const t = `---\n${stringify(data)}---\n${b}`;
  return crlf ? t.replace(/\n/g, '\r\n') : t;
};

describe('serialize', () => {
  it('parse(serialize(parse(x))) equals parse(x) for generated frontmatter', () => {
    fc.assert(
      fc.property(frontmatter, body, fc.boolean(), (data, b, crlf) => {
        const x = skillText(data, b, crlf);
        const once = parse(x);
        expect(parse(editSkillText(x, {}))).toEqual(once);
      }),
      { numRuns: 300 },
    );
  });

  it('an edit changes exactly the fields it names', () => {
    fc.assert(
      fc.property(frontmatter, body, key, value, (data, b, k, v) => {
        const x = skillText(data, b, false);
        const edited = parse(editSkillText(x, { fields: { [k]: v } }));
        expect(edited.data).toEqual({ ...(parse(x).data as object), [k]: v });
        expect(edited.body).toBe(parse(x).body);
      }),
      { numRuns: 200 },
    );
  });

  it('keeps comments, key order, quoting, block scalars, line ends and BOM', () => {
    const original = [
      '\uFEFF---',
      '# Translator skill',
      'name: translate # the id',
      "description: 'Translate: keep tone'",
      'config:',
      '  target_language: English',
      '  # second choice',
      '  second_language: "Chinese (Simplified)"',
      'notes: |',
      '  line one',
      '  line two',
      'tags: [a, b]',
      '---',
      'Body stays.',
      '',
    ].join('\r\n');
    const edited = editSkillText(original, {
      fields: { model: 'gpt-4o-mini', description: 'Translate, keeping tone' },
      config: { target_language: 'French' },
    });
    expect(edited).toBe(
      [
        '\uFEFF---',
        '# Translator skill',
        'name: translate # the id',
        "description: 'Translate, keeping tone'",
        'config:',
        '  target_language: French',
        '  # second choice',
        '  second_language: "Chinese (Simplified)"',
        'notes: |',
        '  line one',
        '  line two',
        'tags: [a, b]',
        'model: gpt-4o-mini',
        '---',
        'Body stays.',
        '',
      ].join('\r\n'),
    );
  });

  it('removes fields and config keys, and replaces the body', () => {
    const edited = editSkillText('---\nname: a\ndescription: d\nmodel: x\nconfig:\n  k: 1\n---\nold\n', {
      fields: { model: undefined },
      config: { k: undefined },
      body: 'new\n',
    });
    expect(edited).toBe('---\nname: a\ndescription: d\n---\nnew\n');
  });

  it('renders a new skill and refuses to edit an unreadable one', () => {
    expect(renderSkillText({ name: 'x', description: 'Does x.' }, 'You do x.')).toBe(
      '---\nname: x\ndescription: Does x.\n---\nYou do x.\n',
    );
    expect(() => editSkillText('no frontmatter', { fields: { a: 1 } })).toThrow(/raw editor/);
  });
});

describe('editing Skilldeck fields where the file keeps them', () => {
  // The built-in translate skill keeps execution-mode, output and config under metadata.skilldeck.
  const translate = fs.readFileSync(path.join(__dirname, '../../../skills/translate/SKILL.md'), 'utf8');
  const load = (text: string) => loadSkillFile(text, { file: 'SKILL.md', folderName: 'translate' });

  it('sets config keys under metadata.skilldeck, with no top-level copy', () => {
    const edited = editSkillText(translate, { config: { target_language: 'French', tone: 'formal' } });
    expect(edited).toBe(
      translate.replace(
        '      target_language: English\n      fallback_language: Chinese (Simplified)\n',
        '      target_language: French\n      fallback_language: Chinese (Simplified)\n      tone: formal\n',
      ),
    );
    const loaded = load(edited);
    expect(loaded.frontmatter).not.toHaveProperty('config');
    expect(loaded.definition?.config).toEqual({
      source_language: 'auto',
      target_language: 'French',
      fallback_language: 'Chinese (Simplified)',
      tone: 'formal',
    });
    expect(loaded.findings).toEqual([]);
  });

  it('sets and removes nested fields in place; new fields go under metadata.skilldeck too', () => {
    const edited = editSkillText(translate, {
      fields: { 'execution-mode': 'agent', output: undefined, provider: 'ollama', description: 'Short.' },
    });
    const loaded = load(edited);
    expect(loaded.findings).toEqual([]);
    expect(loaded.frontmatter).toMatchObject({
      description: 'Short.',
      metadata: {
        skilldeck: { 'execution-mode': 'agent', config: { target_language: 'English' }, provider: 'ollama' },
      },
    });
    expect(loaded.frontmatter).not.toHaveProperty('execution-mode');
    expect(loaded.frontmatter).not.toHaveProperty('provider');
    expect((loaded.frontmatter!.metadata as { skilldeck: object }).skilldeck).not.toHaveProperty('output');
    expect(edited).toContain(
      'license: MIT\nmetadata:\n  skilldeck:\n    execution-mode: agent\n    config:\n',
    );
    expect(loaded.definition).toMatchObject({ provider: 'ollama', executionMode: 'agent' });
  });

  it('puts new fields of a spec-only file under metadata.skilldeck, keeping its other metadata', () => {
    const plain = '---\nname: a\ndescription: d\nmetadata:\n  author: me\n---\nBody.\n';
    const edited = editSkillText(plain, {
      fields: { model: 'm', output: 'clipboard', arguments: [{ name: 'lang', default: 'fr' }] },
      config: { tone: 'dry' },
    });
    expect(edited).toBe(
      [
        '---',
        'name: a',
        'description: d',
        'metadata:',
        '  author: me',
        '  skilldeck:',
        '    model: m',
        '    output: clipboard',
        '    arguments:',
        '      - name: lang',
        '        default: fr',
        '    config:',
        '      tone: dry',
        '---',
        'Body.',
        '',
      ].join('\n'),
    );
    expect(loadSkillFile(edited, { file: 'SKILL.md', folderName: 'a', strict: true }).findings).toEqual([]);
    // from nothing at all
    expect(editSkillText('---\nname: a\ndescription: d\n---\n', { fields: { output: 'save_memo' } })).toBe(
      '---\nname: a\ndescription: d\nmetadata:\n  skilldeck:\n    output: save_memo\n---\n',
    );
  });

  it('follows a file that keeps its Skilldeck fields at the top level, and one whose metadata is not a mapping', () => {
    const topLevel = '---\nname: a\ndescription: d\nexecution-mode: prompt\n---\n';
    expect(editSkillText(topLevel, { fields: { output: 'clipboard' }, config: { k: 1 } })).toBe(
      '---\nname: a\ndescription: d\nexecution-mode: prompt\noutput: clipboard\nconfig:\n  k: 1\n---\n',
    );
    const odd = '---\nname: a\ndescription: d\nmetadata: see README\n---\n';
    expect(editSkillText(odd, { fields: { output: 'clipboard' } })).toBe(
      '---\nname: a\ndescription: d\nmetadata: see README\noutput: clipboard\n---\n',
    );
  });

  it('keeps comments and unknown fields, and drops the containers an edit empties', () => {
    const text = [
      '---',
      'name: translate',
      'description: d',
      'x-custom: kept # unknown field',
      'metadata:',
      '  author: me',
      '  skilldeck:',
      '    # how it runs',
      '    execution-mode: prompt # the default',
      '    config:',
      '      target_language: English # change me',
      '---',
      'Body.',
      '',
    ].join('\n');
    const edited = editSkillText(text, { config: { target_language: 'German' } });
    expect(edited).toBe(text.replace('English # change me', 'German # change me'));

    const emptied = editSkillText(text, {
      fields: { 'execution-mode': undefined },
      config: { target_language: undefined },
    });
    expect(emptied).toBe(
      '---\nname: translate\ndescription: d\nx-custom: kept # unknown field\nmetadata:\n  author: me\n---\nBody.\n',
    );
  });

  it('writes at the top level when the field is there, and removes a field from both places', () => {
    const both = '---\nname: a\ndescription: d\nmodel: x\nmetadata:\n  skilldeck:\n    model: y\n---\n';
    expect(editSkillText(both, { fields: { model: 'z' } })).toBe(both.replace('model: x', 'model: z'));
    expect(editSkillText(both, { fields: { model: undefined } })).toBe('---\nname: a\ndescription: d\n---\n');
    // a config key removed from a file without config
    expect(editSkillText('---\nname: a\n---\n', { config: { k: undefined } })).toBe('---\nname: a\n---\n');
  });
});
