import i18next from 'i18next';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { initReactI18next } from 'react-i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { localeResources } from '../../i18n';
import { createBlockParser, parseBlocks, parseInline, safeHref, type Block, type Inline } from './markdown';
import { Markdown } from './Markdown';

const kinds = (text: string) => parseBlocks(text).map((b) => b.kind);

/** A list block's items as text: the first paragraph of each, nested lists as `{ ordered, items }`. */
type Shape = string | { ordered: boolean; start: number; items: Shape[][] };
function shape(block: Block | undefined): Shape {
  if (block?.kind !== 'list') throw new Error(`not a list: ${JSON.stringify(block)}`);
  return {
    ordered: block.ordered,
    start: block.start,
    items: block.items.map((item) =>
      item.blocks.map((b) => (b.kind === 'list' ? shape(b) : b.kind === 'paragraph' ? b.text : b.kind)),
    ),
  };
}

const plainText = (nodes: Inline[]): string =>
  nodes.map((x) => ('text' in x ? x.text : 'children' in x ? plainText(x.children) : '\n')).join('');

/** Every link in these inline nodes, at any depth. */
function links(nodes: Inline[]): { href: string; text: string }[] {
  return nodes.flatMap((node) =>
    node.kind === 'link'
      ? [{ href: node.href, text: plainText(node.children) }]
      : 'children' in node
        ? links(node.children)
        : [],
  );
}

const html = (text: string) => renderToStaticMarkup(createElement(Markdown, { text }));

beforeAll(async () => {
  await i18next.use(initReactI18next).init({ lng: 'en', resources: localeResources() });
});

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
    expect(shape(blocks[2])).toEqual({ ordered: false, start: 1, items: [['one'], ['two']] });
    expect(shape(blocks[3])).toEqual({ ordered: true, start: 1, items: [['first'], ['second']] });
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

  it('keeps single line breaks (a poem, an address) as breaks, without the next line’s indent', () => {
    const br = { kind: 'break' };
    expect(parseInline('Old silent pond\nA frog jumps into the pond\n  splash! Silence again.')).toEqual([
      { kind: 'text', text: 'Old silent pond' },
      br,
      { kind: 'text', text: 'A frog jumps into the pond' },
      br,
      { kind: 'text', text: 'splash! Silence again.' },
    ]);
    // Markdown's own hard breaks (two spaces, a backslash) are one break, not text
    expect(parseInline('Jane Doe  \n12 Main St\\\nSpringfield')).toEqual([
      { kind: 'text', text: 'Jane Doe' },
      br,
      { kind: 'text', text: '12 Main St' },
      br,
      { kind: 'text', text: 'Springfield' },
    ]);
    expect(parseInline('*one\ntwo*')).toEqual([
      { kind: 'em', children: [{ kind: 'text', text: 'one' }, br, { kind: 'text', text: 'two' }] },
    ]);
    // inside a code span a line break is a space, as CommonMark says
    expect(parseInline('`a\nb`')).toEqual([{ kind: 'code', text: 'a b' }]);
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

describe('links', () => {
  it('reads [text](url), <autolinks> and bare https:// URLs', () => {
    expect(parseInline('see [the **docs**](https://example.com/a_(b) "Docs") now')).toEqual([
      { kind: 'text', text: 'see ' },
      {
        kind: 'link',
        href: 'https://example.com/a_(b)',
        children: [
          { kind: 'text', text: 'the ' },
          { kind: 'strong', children: [{ kind: 'text', text: 'docs' }] },
        ],
      },
      { kind: 'text', text: ' now' },
    ]);
    expect(
      links(parseInline('<https://x.org/a?b=1> and <me@example.com> or <mailto:me@example.com>')),
    ).toEqual([
      { href: 'https://x.org/a?b=1', text: 'https://x.org/a?b=1' },
      { href: 'mailto:me@example.com', text: 'me@example.com' },
      { href: 'mailto:me@example.com', text: 'mailto:me@example.com' },
    ]);
    // trailing punctuation and an unbalanced `)` are not part of a bare URL
    expect(parseInline('(see https://example.com/x_y), or HTTP://Example.com.')).toEqual([
      { kind: 'text', text: '(see ' },
      {
        kind: 'link',
        href: 'https://example.com/x_y',
        children: [{ kind: 'text', text: 'https://example.com/x_y' }],
      },
      { kind: 'text', text: '), or ' },
      { kind: 'link', href: 'http://example.com/', children: [{ kind: 'text', text: 'HTTP://Example.com' }] },
      { kind: 'text', text: '.' },
    ]);
    expect(
      links(parseInline('[a](<https://x.com/a b>) ![chart](https://x.com/c.png) [m](mailto:a@b.co)')),
    ).toEqual([
      { href: 'https://x.com/a%20b', text: 'a' },
      { href: 'https://x.com/c.png', text: 'chart' },
      { href: 'mailto:a@b.co', text: 'm' },
    ]);
  });

  it('keeps what is not a link as text', () => {
    for (const text of [
      '\\[not](https://x.com)',
      '[a]',
      'a <b> c',
      '`[a](https://x.com)`',
      'xhttps://x.com',
      'https://',
    ]) {
      expect(links(parseInline(text)), text).toEqual([]);
    }
    // no link inside a link
    expect(links(parseInline('[see https://a.com and <https://b.com>](https://c.com)'))).toEqual([
      { href: 'https://c.com/', text: 'see https://a.com and <https://b.com>' },
    ]);
  });

  it('shows links to anything but http:, https: and mailto: as the text they were written as', () => {
    for (const text of [
      '[x](javascript:alert(1))',
      '[x](JaVaScRiPt:alert(1))',
      '[x]( javascript:alert(1))',
      '[x](<java\tscript:alert(1)>)',
      '[x](<\u0001javascript:alert(1)>)',
      '[x](&#106;avascript:alert(1))',
      '[x](javascript&colon;alert(1))',
      '[x](jav&#x61;script:alert(1))',
      '[x](vbscript:msgbox(1))',
      '[x](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)',
      '[x](file:///etc/passwd)',
      '[x](./README.md)',
      '[x](//evil.example/)',
      '[x](#top)',
      '![x](javascript:alert(1))',
      '<javascript:alert(1)>',
      '<JAVASCRIPT:alert(1)>',
      '<data:text/html,<script>alert(1)</script>>',
    ]) {
      const nodes = parseInline(text);
      expect(links(nodes), text).toEqual([]);
      expect(html(text), text).not.toContain('<a');
      expect(html(text), text).not.toMatch(/href/i);
    }
    expect(parseInline('[x](javascript:alert(1)) then *y*')).toEqual([
      { kind: 'text', text: '[x](javascript:alert(1)) then ' },
      { kind: 'em', children: [{ kind: 'text', text: 'y' }] },
    ]);
  });

  it('only lets absolute http:, https: and mailto: URLs through, normalized', () => {
    expect(safeHref('https://example.com')).toBe('https://example.com/');
    expect(safeHref('HTTP://EXAMPLE.com/A')).toBe('http://example.com/A');
    expect(safeHref('mailto:a@b.co')).toBe('mailto:a@b.co');
    for (const bad of [
      '',
      ' https://x.com',
      'https://',
      'https://x.com/\n',
      'mailto:',
      'javascript:alert(1)',
      'ftp://x.com',
      'blob:https://x.com/1',
    ]) {
      expect(safeHref(bad), JSON.stringify(bad)).toBeNull();
    }
  });

  it('is text until the link closes, while it streams', () => {
    const full = 'See [the *docs*](https://example.com/a_(b) "t") and <https://x.org>.';
    const closesAt = full.indexOf(')', full.indexOf('"t"')) + 1;
    for (let end = 0; end < full.length; end++) {
      const text = full.slice(0, end);
      const found = links(parseInline(text));
      if (end < closesAt) {
        expect(found, text).toEqual([]);
        // the label keeps its formatting meanwhile, and nothing is dropped or rearranged
        const nodes = parseInline(text);
        expect(plainText(nodes), text).toBe(text.replace('*docs*', 'docs'));
        if (text.includes('*docs*'))
          expect(nodes).toContainEqual({ kind: 'em', children: [{ kind: 'text', text: 'docs' }] });
      } else {
        expect(found[0], text).toEqual({ href: 'https://example.com/a_(b)', text: 'the docs' });
      }
    }
  });
});

describe('tables', () => {
  it('reads a header, the alignment row, body rows, inline formatting and escaped pipes', () => {
    const blocks = parseBlocks(
      'Totals:\n| Name | Qty | Note | Plain |\n| :--- | ---: | :-: | --- |\n| **a** | 1 | `x \\| y` | [l](https://x.com) |\n| b | 2 |\nc | 3 | d | e | extra',
    );
    expect(blocks.map((b) => b.kind)).toEqual(['paragraph', 'table']);
    expect(blocks[0]).toMatchObject({ text: 'Totals:' });
    expect(blocks[1]).toMatchObject({
      kind: 'table',
      align: ['left', 'right', 'center', null],
      header: ['Name', 'Qty', 'Note', 'Plain'],
      rows: [
        ['**a**', '1', '`x | y`', '[l](https://x.com)'],
        ['b', '2', '', ''],
        ['c', '3', 'd', 'e'],
      ],
    });
  });

  it('ends at a blank line or another block, and needs as many delimiter cells as header cells', () => {
    expect(kinds('a | b\n--- | ---\n1 | 2\n\nafter')).toEqual(['table', 'paragraph']);
    expect(kinds('| a | b |\n|---|---|\n| 1 | 2 |\n# Next')).toEqual(['table', 'heading']);
    expect(kinds('| a | b |\n|---|\n| 1 | 2 |')).toEqual(['paragraph']);
    expect(kinds('a\n---')).toEqual(['paragraph', 'rule']);
    expect(kinds('- x | y\n- z')).toEqual(['list']);
  });

  it('is a paragraph until its delimiter row arrives', () => {
    expect(kinds('| a | b |')).toEqual(['paragraph']);
    expect(kinds('| a | b |\n|')).toEqual(['paragraph']);
    expect(kinds('| a | b |\n| --')).toEqual(['paragraph']);
    expect(kinds('| a | b |\n| --- | -')).toEqual(['table']);
    expect(parseBlocks('| a | b |\n| --- | --- |\n| 1 | half')[0]).toMatchObject({ rows: [['1', 'half']] });
  });

  it('renders <table> with <thead>, <th scope="col">, <tbody> and the alignment, in a scrolling region', () => {
    const out = html('| A | B |\n| :-: | --: |\n| [x](https://x.com) | **2** |');
    expect(out).toContain('<div class="md-table-wrap" role="region" aria-label="Table" tabindex="0">');
    expect(out).toContain(
      '<thead><tr><th scope="col" data-align="center"><span>A</span></th><th scope="col" data-align="right"><span>B</span></th></tr></thead>',
    );
    expect(out).toContain('<tbody><tr><td data-align="center"><a href="https://x.com/"');
    expect(out).toContain('<td data-align="right"><strong><span>2</span></strong></td>');
  });
});

describe('nested lists', () => {
  it('nests items indented under an item: 2 or 4 spaces or a tab, ordered in unordered and back', () => {
    const blocks = parseBlocks(
      '- one\n  1. sub one\n  2. sub two\n     - deep\n- two\n    - four spaces\n- three\n\t- tab\n\n7. seven\n   - under seven\n8. eight',
    );
    expect(blocks.map((b) => b.kind)).toEqual(['list', 'list']);
    expect(shape(blocks[0])).toEqual({
      ordered: false,
      start: 1,
      items: [
        [
          'one',
          {
            ordered: true,
            start: 1,
            items: [['sub one'], ['sub two', { ordered: false, start: 1, items: [['deep']] }]],
          },
        ],
        ['two', { ordered: false, start: 1, items: [['four spaces']] }],
        ['three', { ordered: false, start: 1, items: [['tab']] }],
      ],
    });
    expect(shape(blocks[1])).toEqual({
      ordered: true,
      start: 7,
      items: [['seven', { ordered: false, start: 1, items: [['under seven']] }], ['eight']],
    });
  });

  it('keeps a list going over blank lines and indented paragraphs or code; one space is not nesting', () => {
    const blocks = parseBlocks(
      '1. **Install**\n\n   Run this:\n\n   ```sh\n   npm i\n   ```\n\n2. Use it\n   still item two\n - sibling\n\nafter',
    );
    expect(blocks.map((b) => b.kind)).toEqual(['list', 'list', 'paragraph']);
    const list = blocks[0]!;
    expect(list.kind === 'list' && list.items.map((item) => item.blocks.map((b) => b.kind))).toEqual([
      ['paragraph', 'paragraph', 'code'],
      ['paragraph'],
    ]);
    expect(list.kind === 'list' && list.items[0]!.blocks[2]).toMatchObject({ text: 'npm i', closed: true });
    expect(list.kind === 'list' && list.items[1]!.blocks[0]).toMatchObject({
      text: 'Use it\nstill item two',
    });
    // ` - sibling` is another list (bullets after numbers), not nested under item 2
    expect(shape(blocks[1])).toEqual({ ordered: false, start: 1, items: [['sibling']] });
  });

  it('reads task items', () => {
    const list = parseBlocks('- [x] done\n- [ ] todo\n- [link](https://x.com)\n- [ ]')[0]!;
    expect(list.kind === 'list' && list.items.map((item) => item.checked)).toEqual([true, false, null, null]);
    expect(shape(list)).toEqual({
      ordered: false,
      start: 1,
      items: [['done'], ['todo'], ['[link](https://x.com)'], ['[ ]']],
    });
  });

  it('keeps very deep nesting as text instead of recursing without end', () => {
    const text = Array.from({ length: 400 }, (_, i) => `${'  '.repeat(i)}- level ${i}`).join('\n');
    let block: Block | undefined = parseBlocks(text)[0];
    let depth = 0;
    while (block?.kind === 'list') {
      depth++;
      block = block.items[0]!.blocks[1];
    }
    expect(depth).toBeLessThan(20);
    expect(html(text)).toContain('level 399');
  });

  it('renders nested <ul>/<ol> with the start number, and task items as disabled checkboxes', () => {
    expect(html('3. a\n   - b\n     1. c\n4. d')).toBe(
      '<div class="md"><ol start="3"><li><span>a</span><ul><li><span>b</span><ol start="1"><li><span>c</span></li></ol></li></ul></li><li><span>d</span></li></ol></div>',
    );
    const tasks = html('- [x] done\n- [ ] todo');
    expect(tasks).toContain('<li class="md-task"><input type="checkbox" class="md-task-box" disabled=""');
    expect(tasks).toContain('aria-label="Done" checked=""/><span>done</span></li>');
    expect(tasks).toContain('aria-label="Not done"/><span>todo</span></li>');
  });
});

describe('rendering links', () => {
  it('opens links in a new window (the window-open handler sends them to the browser)', () => {
    expect(html('[a](https://x.com/?q=1&r=2)')).toBe(
      '<div class="md"><p><a href="https://x.com/?q=1&amp;r=2" title="https://x.com/?q=1&amp;r=2" target="_blank" rel="noopener noreferrer"><span>a</span></a></p></div>',
    );
  });
});

describe('streaming links, tables and nested lists', () => {
  const answer = [
    '## Sources',
    '',
    'See [the guide](https://example.com/guide_(v2)) and <https://x.org>, or mail <me@example.com>.',
    'Not a link: [x](javascript:alert(1)).',
    '| Tool | Runs | Notes |',
    '| :--- | ---: | :---: |',
    '| **vitest** | 42 | fast \\| quiet |',
    '| [pw](https://playwright.dev) | 7 |',
    '',
    '- first',
    '  1. nested *one*',
    '  2. nested two',
    '     - deeper with https://bare.example.com/path.',
    '- [x] task done',
    '',
    '  more about the task',
    '',
    '3. three',
    '\t- tabbed',
    '',
    '```',
    '| not | a table |',
    '```',
    'The end.',
    '',
  ].join('\n');

  it('gives, character by character, the blocks parseBlocks gives at every step, and the same at the end', () => {
    for (const step of [1, 2, 5, 11]) {
      const parse = createBlockParser();
      let end = 0;
      for (; end < answer.length; end += step) {
        const text = answer.slice(0, end);
        expect(parse(text), `${step}: ${JSON.stringify(text)}`).toEqual(parseBlocks(text));
      }
      expect(parse(answer)).toEqual(parseBlocks(answer));
    }
    expect(kinds(answer)).toEqual(['heading', 'paragraph', 'table', 'list', 'list', 'code', 'paragraph']);
  });

  it('renders the streamed answer like the whole one', () => {
    const whole = html(answer);
    expect(whole).toContain('<table class="md-table">');
    expect(whole).toContain('<a href="https://example.com/guide_(v2)"');
    expect(whole).toContain('<a href="https://bare.example.com/path"');
    expect(whole).not.toContain('javascript:alert(1)"');
  });
});
