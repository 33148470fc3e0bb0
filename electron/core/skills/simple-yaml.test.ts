import fc from 'fast-check';
import fs from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { parseSimpleYaml } from './simple-yaml';
import { parseFrontmatterYaml, splitSkillFile } from './parse';

const yamlData = (text: string) => parse(text, { uniqueKeys: true, customTags: [] }) ?? {};

describe('the simple-YAML fast path', () => {
  it('reads flat keys and one-level mappings, with their lines', () => {
    const read = parseSimpleYaml(
      'name: demo\n# a comment\ndescription: Does x, then y.\nmetadata:\n  author: me\n  tag: a-b\n\nlicense: MIT',
    );
    expect(read).toEqual({
      data: {
        name: 'demo',
        description: 'Does x, then y.',
        metadata: { author: 'me', tag: 'a-b' },
        license: 'MIT',
      },
      lines: new Map([
        ['name', 0],
        ['description', 2],
        ['metadata', 4],
        ['metadata.author', 4],
        ['metadata.tag', 5],
        ['license', 7],
      ]),
    });
  });

  it('reads quoted values on one line: double quotes without escapes, single quotes with two for one', () => {
    const read = parseSimpleYaml(
      `name: "quoted: with # and 'single'"\ndescription: 'It''s "fine": yes'\nmetadata:\n  version: "1.0"\n  empty: ''`,
    );
    expect(read?.data).toEqual({
      name: "quoted: with # and 'single'",
      description: 'It\'s "fine": yes',
      metadata: { version: '1.0', empty: '' },
    });
  });

  it('reads literal and folded block scalars, clipped or stripped, with the key’s line', () => {
    const read = parseSimpleYaml(
      'name: demo\ndescription: |-\n  Line one.\n    indented # not a comment\n\n  Line three.\n\nmetadata:\n  about: >\n    Folded\n    into one\n\n    paragraph: two\n  after: x',
    );
    expect(read?.data).toEqual({
      name: 'demo',
      description: 'Line one.\n  indented # not a comment\n\nLine three.',
      metadata: { about: 'Folded into one\nparagraph: two\n', after: 'x' },
    });
    expect(read?.lines.get('description')).toBe(1);
    expect(read?.lines.get('metadata.about')).toBe(8);
    expect(read?.lines.get('metadata.after')).toBe(13);
  });

  it('reads mappings nested to any depth, at any indentation, with each key’s line', () => {
    const read = parseSimpleYaml(
      'name: translate\nmetadata:\n  skilldeck:\n    execution-mode: prompt\n    config:\n      target: English\n  # a note\n  author: me\nlicense: MIT\nwide:\n    four: spaces',
    );
    expect(read?.data).toEqual({
      name: 'translate',
      metadata: { skilldeck: { 'execution-mode': 'prompt', config: { target: 'English' } }, author: 'me' },
      license: 'MIT',
      wide: { four: 'spaces' },
    });
    expect(read?.lines.get('metadata.skilldeck.config.target')).toBe(5);
    // a mapping is where its first key is, as the yaml package places it
    expect(read?.lines.get('metadata')).toBe(2);
    expect(read?.lines.get('metadata.skilldeck')).toBe(3);
    expect(read?.lines.get('metadata.author')).toBe(7);
    expect(read?.lines.get('wide.four')).toBe(10);
  });

  it.each([
    'name: "with \\n an escape"',
    'name: "two" "parts"',
    'name: "unclosed',
    "name: 'odd ' quote'",
    'name: "x" # comment',
    'name: yes\ndescription: 1.5',
    'count: 12',
    'empty:',
    'empty:\nnext: x',
    'list:\n  - a',
    'text: |+\n  block',
    'text: |2\n  block',
    'text: | # comment\n  block',
    'text: |\n\n  starts empty',
    'text: |\n  x\n   \nb: spaces past the indentation',
    'text: >\n  folded\n    more indented',
    'text: |',
    'text: |\nnext: nothing under it',
    'a: b # comment',
    'a: b: c',
    'a: [x, y]',
    'a: &anchor x',
    'a: !tag x',
    'a: x\na: y',
    'a: x\n  continued',
    'deep:\n  a:\n    b: c\n   c: d',
    'deep:\n  a:\n    b: c\n  empty:',
    'a:\n\tb: c',
    '__proto__: x',
    '? complex',
  ])('leaves %j to the yaml package', (text) => {
    expect(parseSimpleYaml(text)).toBeNull();
  });

  it('whatever it accepts, yaml reads the same (generated frontmatter)', () => {
    const key = fc.stringMatching(/^[A-Za-z_][A-Za-z0-9_-]{0,8}$/);
    const quoted = fc.oneof(
      fc.string({ maxLength: 20 }).map((v) => `"${v}"`),
      fc.string({ maxLength: 20 }).map((v) => `'${v}'`),
      fc.string({ maxLength: 20 }).map((v) => `'${v.replaceAll("'", "''")}'`),
    );
    const scalar = fc.oneof(
      quoted,
      fc.string({ maxLength: 30 }),
      fc.stringMatching(/^[a-zA-Z0-9 ,.:#'"!?()@%&*-]{1,30}$/),
      fc.constantFrom(
        'true',
        'null',
        '~',
        '0x1F',
        '1e3',
        '.inf',
        'a:b',
        'a #b',
        '-x',
        'x:',
        'Yes',
        'on',
        '12:30',
      ),
    );
    // a block scalar under `key:`: its lines indented one step more (empty lines, indented ones, any text)
    const block = fc
      .tuple(
        key,
        fc.constantFrom('|', '|-', '>', '>-', '|+', '| '),
        fc.array(fc.oneof(fc.string({ maxLength: 12 }), fc.constantFrom('', '  more', '# hash', 'a: b')), {
          minLength: 1,
          maxLength: 4,
        }),
      )
      .map(
        ([k, header, rows]) =>
          (indent: string, step: string) =>
            `${k}: ${header}\n${rows.map((r) => (r === '' ? '' : `${indent}${step}${r}`)).join('\n')}`,
      );
    // a mapping's lines at `indent`, nested up to three levels, each level indented by `step` (1–4)
    const mapping = (depth: number): fc.Arbitrary<(indent: string, step: string) => string> =>
      fc
        .array(
          depth > 0
            ? fc.oneof(
                fc.tuple(key, scalar).map(
                  ([k, v]) =>
                    () =>
                      `${k}: ${v}`,
                ),
                fc.tuple(key, mapping(depth - 1)).map(
                  ([k, inner]) =>
                    (indent: string, step: string) =>
                      `${k}:\n${inner(indent + step, step)}`,
                ),
                fc.constantFrom(
                  () => '# comment',
                  () => '',
                ),
                block,
              )
            : fc.tuple(key, scalar).map(
                ([k, v]) =>
                  () =>
                    `${k}: ${v}`,
              ),
          { minLength: 1, maxLength: 3 },
        )
        .map(
          (items) => (indent: string, step: string) =>
            items.map((item) => `${indent}${item(indent, step)}`).join('\n'),
        );
    const line = fc.oneof(
      fc.tuple(key, scalar).map(([k, v]) => `${k}: ${v}`),
      block.map((item) => item('', '  ')),
      fc
        .tuple(key, mapping(2), fc.integer({ min: 1, max: 4 }))
        .map(([k, inner, step]) => `${k}:\n${inner(' '.repeat(step), ' '.repeat(step))}`),
      fc.constantFrom('', '# comment'),
    );
    let accepted = 0;
    let blocks = 0;
    fc.assert(
      fc.property(fc.array(line, { maxLength: 6 }), (lines) => {
        const text = lines.join('\n');
        const fast = parseSimpleYaml(text);
        if (fast === null) return;
        accepted++;
        expect(fast.data).toEqual(yamlData(text));
        const full = parseFrontmatterYaml(text);
        for (const [name, at] of fast.lines) expect(full.lineOf(name.split('.')), name).toBe(at + 2);
        if (/: [|>]/.test(text)) blocks++;
      }),
      { numRuns: 3000 },
    );
    expect(accepted).toBeGreaterThan(200);
    expect(blocks).toBeGreaterThan(100); // the property must exercise the fast path, not only bail out
  });

  it('gives the same data and lines as the full parse on every real skill here', () => {
    const roots = ['testdata/corpus', 'testdata/broken', '../../../skills'].map((r) =>
      path.join(import.meta.dirname, r),
    );
    const files = roots.flatMap((root) =>
      (fs.readdirSync(root, { recursive: true }) as string[])
        .filter((f) => f.endsWith('SKILL.md'))
        .map((f) => path.join(root, f)),
    );
    expect(files.length).toBeGreaterThan(40);
    let fastOnes = 0;
    for (const file of files) {
      const text = fs.readFileSync(file, 'utf8');
      const split = splitSkillFile(text, file);
      if (!split.ok) continue;
      const fast = parseSimpleYaml(split.file.yamlText);
      if (!fast) continue;
      fastOnes++;
      expect(fast.data, file).toEqual(yamlData(split.file.yamlText));
      const full = parseFrontmatterYaml(split.file.yamlText);
      for (const [key, line] of fast.lines) {
        expect(full.lineOf(key.split('.')), `${file} ${key}`).toBe(line + 2);
      }
    }
    expect(fastOnes).toBeGreaterThan(5);
  });
});
