import { describe, expect, it } from 'vitest';
import { createBlockParser, parseBlocks, parseInline } from './markdown';

const kinds = (text: string) => parseBlocks(text).map((b) => b.kind);

describe('parseBlocks', () => {
  it('reads headings, paragraphs, lists, quotes, rules and code fences', () => {
    const blocks = parseBlocks(
      '# Title\n\nSome *text*\nover two lines\n\n- one\n- two\n\n1. first\n2. second\n\n> quoted\n\n---\n\n```js\nconst a = 1;\n```\nafter',
    );
    expect(blocks.map((b) => b.kind)).toEqual([
      'heading',
      'paragraph',
      'list',
      'list',
      'quote',
      'rule',
      'code',
      'paragraph',
    ]);
    expect(blocks[0]).toMatchObject({ level: 1, text: 'Title' });
    expect(blocks[1]).toMatchObject({ text: 'Some *text*\nover two lines' });
    expect(blocks[2]).toMatchObject({ ordered: false, items: ['one', 'two'] });
    expect(blocks[3]).toMatchObject({ ordered: true, start: 1, items: ['first', 'second'] });
    expect(blocks[6]).toMatchObject({ lang: 'js', text: 'const a = 1;', closed: true });
  });

  it('renders a fence still open while streaming as an unfinished code block', () => {
    const blocks = parseBlocks('Intro\n\n```py\nprint("hi")\n# not a heading');
    expect(blocks.map((b) => b.kind)).toEqual(['paragraph', 'code']);
    expect(blocks[1]).toMatchObject({ closed: false, text: 'print("hi")\n# not a heading' });
    expect(kinds('```')).toEqual(['code']);
  });

  it('keeps HTML as text', () => {
    expect(parseBlocks('<img src=x onerror=alert(1)>')).toMatchObject([
      { kind: 'paragraph', text: '<img src=x onerror=alert(1)>' },
    ]);
  });
});

describe('parseInline', () => {
  it('reads code, bold and italic', () => {
    expect(parseInline('a `x*y` **bold** and *it* _too_')).toEqual([
      { kind: 'text', text: 'a ' },
      { kind: 'code', text: 'x*y' },
      { kind: 'text', text: ' ' },
      { kind: 'strong', children: [{ kind: 'text', text: 'bold' }] },
      { kind: 'text', text: ' and ' },
      { kind: 'em', children: [{ kind: 'text', text: 'it' }] },
      { kind: 'text', text: ' ' },
      { kind: 'em', children: [{ kind: 'text', text: 'too' }] },
    ]);
  });

  it('leaves unclosed markers (mid-stream) and snake_case as written', () => {
    expect(parseInline('**half')).toEqual([{ kind: 'text', text: '**half' }]);
    expect(parseInline('run `npm')).toEqual([{ kind: 'text', text: 'run `npm' }]);
    expect(parseInline('snake_case_name')).toEqual([{ kind: 'text', text: 'snake_case_name' }]);
    expect(parseInline('2 * 3 * 4')).toEqual([{ kind: 'text', text: '2 * 3 * 4' }]);
  });

  it('nests italic in bold', () => {
    expect(parseInline('**a *b* c**')).toEqual([
      {
        kind: 'strong',
        children: [
          { kind: 'text', text: 'a ' },
          { kind: 'em', children: [{ kind: 'text', text: 'b' }] },
          { kind: 'text', text: ' c' },
        ],
      },
    ]);
  });
});

describe('createBlockParser', () => {
  const answer =
    '# Plan\n\nFirst *part*,\nsecond line.\n\n- one\n- two\n\n- three\n  more\n\n1. a\n2. b\n\n> q\n> r\n\n---\n\n```ts\nconst a = 1;\n\nconst b = 2;\n```\n\nThe **end**.\n- x\n';

  it('gives the blocks parseBlocks gives, for the text growing a few characters at a time', () => {
    for (const step of [1, 2, 3, 7, 13]) {
      const parse = createBlockParser();
      for (let end = 0; end <= answer.length; end += step) {
        const text = answer.slice(0, end);
        expect(parse(text), `${step}: ${JSON.stringify(text)}`).toEqual(parseBlocks(text));
      }
    }
  });

  it('keeps the finished blocks as the same objects, and reads a text that is not an extension afresh', () => {
    const parse = createBlockParser();
    const before = parse(answer.slice(0, 80));
    const after = parse(answer.slice(0, 120));
    expect(after[0]).toBe(before[0]);
    expect(parse('Other\r\n\r\ntext')).toEqual(parseBlocks('Other\r\n\r\ntext'));
    expect(parse('# Plan')).toEqual(parseBlocks('# Plan'));
  });
});
