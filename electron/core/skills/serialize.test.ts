import fc from 'fast-check';
import { stringify } from 'yaml';
import { describe, expect, it } from 'vitest';
import { editSkillText, renderSkillText } from './serialize';
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
