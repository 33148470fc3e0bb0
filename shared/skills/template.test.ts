import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { renderTemplate, splitArguments, type TemplateContext } from './template';

const base: TemplateContext = {
  config: {
    target_language: 'French',
    n: 3,
    flag: false,
    nested: { a: { b: 'deep' } },
    list: [1, 'x'],
    nil: null,
  },
  selection: 'SEL',
  clipboard: 'CLIP',
  input: 'IN',
  date: () => new Date(2026, 0, 5, 23, 59),
  arguments: '',
  skillDir: '/skills/translate',
  declaredArguments: [],
};
const render = (text: string, ctx: Partial<TemplateContext> = {}) =>
  renderTemplate(text, { ...base, ...ctx });

describe('renderTemplate', () => {
  it('fills the {{…}} placeholders, config values by path, non-strings as JSON', () => {
    expect(render('{{selection}}|{{clipboard}}|{{input}}|{{ date }}')).toBe(
      'SEL|CLIP|IN|Monday, January 5, 2026',
    );
    expect(render('{{config.target_language}} {{config.n}} {{config.flag}} {{config.nested.a.b}}')).toBe(
      'French 3 false deep',
    );
    expect(render('{{config.list}} {{config.nested}} {{config.nil}}')).toBe(
      '[1,"x"] {"a":{"b":"deep"}} null',
    );
  });

  it('leaves unknown placeholders exactly as written', () => {
    for (const text of [
      '{{nope}}',
      '{{config.missing}}',
      '{{config.nested.a.zz}}',
      '{{config.constructor}}',
      '{{config.target_language.length}}',
      '${foo}',
      '${CLAUDE_SESSION_ID}',
      '{base_dir}',
      '{{ selection',
      '$name',
    ]) {
      expect(render(text)).toBe(text);
    }
  });

  it('resolves {baseDir} and ${CLAUDE_SKILL_DIR} to the skill folder', () => {
    expect(render('{baseDir}/references/a.md and ${CLAUDE_SKILL_DIR}/scripts')).toBe(
      '/skills/translate/references/a.md and /skills/translate/scripts',
    );
  });

  it('does not expand placeholders inside substituted values', () => {
    expect(render('{{selection}}', { selection: '{{input}} $ARGUMENTS {baseDir}' })).toBe(
      '{{input}} $ARGUMENTS {baseDir}',
    );
  });

  it('$ARGUMENTS gets the argument string; appended as ARGUMENTS: … when the body has none', () => {
    expect(render('Translate to $ARGUMENTS.', { arguments: ' fr ' })).toBe('Translate to fr.');
    expect(render('Body.', { arguments: 'fr "very formal"' })).toBe('Body.\n\nARGUMENTS: fr "very formal"');
    expect(render('Body.', { arguments: '   ' })).toBe('Body.');
    expect(render('Body $ARGUMENTS', { arguments: '' })).toBe('Body ');
  });

  it('$0…$N split shell-style, only when the skill declares arguments or uses $ARGUMENTS', () => {
    const args = `a "b c" 'd e'`;
    expect(render('[$0][$1][$2] all=$ARGUMENTS', { arguments: args })).toBe(`[a][b c][d e] all=${args}`);
    expect(render('$ARGUMENTS[1]', { arguments: args })).toBe('b c');
    expect(render('to $1 from $0', { arguments: 'en fr', declaredArguments: ['from', 'to'] })).toBe(
      'to fr from en',
    );
    // no declared arguments and no $ARGUMENTS: `$1` is left alone (awk, shell snippets in a body)
    expect(render("awk '{print $1}'")).toBe("awk '{print $1}'");
    expect(render("awk '{print $1}'", { arguments: 'x' })).toBe("awk '{print $1}'\n\nARGUMENTS: x");
  });

  it('a $N beyond the arguments given is kept as written, like any unknown placeholder', () => {
    expect(render('Quote $ARGUMENTS: price=$5.00, $1 each', { arguments: 'apples' })).toBe(
      'Quote apples: price=$5.00, $1 each',
    );
    expect(
      render('[$0][$1][$2][$3]', { arguments: `a "b c" 'd e'`, declaredArguments: ['x', 'y', 'z'] }),
    ).toBe('[a][b c][d e][$3]');
    expect(render('to $1 from $0 for $9.99', { arguments: 'en', declaredArguments: ['from', 'to'] })).toBe(
      'to $1 from en for $9.99',
    );
    // $ARGUMENTS[N] and a declared $name are explicit: an argument not given is empty
    expect(render('[$ARGUMENTS[3]][$to]', { arguments: 'en', declaredArguments: ['from', 'to'] })).toBe(
      '[][]',
    );
  });

  it('named arguments: $name for a declared argument', () => {
    expect(
      render('from $source to $target ($other)', {
        arguments: 'en fr',
        declaredArguments: ['source', 'target'],
      }),
    ).toBe('from en to fr ($other)');
    expect(render('$source', { arguments: '', declaredArguments: ['source'] })).toBe('');
  });

  it('a declared argument with no word given takes its default ($name, $N, $ARGUMENTS[N])', () => {
    const declared = { declaredArguments: ['text', 'lang'], argumentDefaults: { lang: 'French' } };
    expect(render('$text→$lang|$1|$ARGUMENTS[1]', { arguments: 'hello', ...declared })).toBe(
      'hello→French|French|French',
    );
    // a word given wins over the default; $ARGUMENTS stays what was typed
    expect(render('$lang [$ARGUMENTS]', { arguments: 'hi German', ...declared })).toBe('German [hi German]');
    // an argument without a default is still empty
    expect(render('[$text]', { arguments: '', ...declared })).toBe('[]');
  });

  it('a backslash escapes: \\$1 and \\$ARGUMENTS stay literal', () => {
    expect(render(String.raw`cost \$1, args $ARGUMENTS`, { arguments: 'x' })).toBe('cost $1, args x');
    expect(render(String.raw`literal \$ARGUMENTS`, { arguments: 'x' })).toBe(
      'literal $ARGUMENTS\n\nARGUMENTS: x',
    );
    // nothing to escape from: left as written
    expect(render(String.raw`awk \$1`)).toBe(String.raw`awk \$1`);
  });

  it('$ARGUMENTSX is not $ARGUMENTS', () => {
    expect(render('$ARGUMENTSX', { arguments: 'a' })).toBe('$ARGUMENTSX\n\nARGUMENTS: a');
  });

  it('{{date}} and {{time}} are the local date and time, written in the locale given', () => {
    const leap = () => new Date(2024, 1, 29, 16, 5, 1);
    expect(render('{{date}} {{time}}', { date: leap })).toBe('Thursday, February 29, 2024 4:05 PM');
    // day before month, 24-hour clock (ICU versions differ on the comma after the weekday)
    expect(render('{{date}} {{time}}', { date: leap, locale: 'en-GB' })).toMatch(
      /^Thursday,? 29 February 2024 16:05$/,
    );
    expect(render('{{date}}|{{time}}', { date: leap, locale: 'zh-CN' })).toBe('2024年2月29日星期四|16:05');
    // given values (the CLI's --context date=…) are used as they are
    expect(render('{{date}} {{time}}', { date: leap, context: { date: '2024-02-29', time: 'noon' } })).toBe(
      '2024-02-29 noon',
    );
  });

  it('fills the window context and the language, empty when not known', () => {
    const context = {
      app: 'firefox',
      window_title: 'Inbox — Mozilla Firefox',
      url: 'https://mail.example.com/inbox',
      language: 'Simplified Chinese',
    };
    expect(render('{{app}}|{{ window_title }}|{{url}}|{{language}}', { context })).toBe(
      'firefox|Inbox — Mozilla Firefox|https://mail.example.com/inbox|Simplified Chinese',
    );
    expect(render('[{{app}}][{{window_title}}][{{url}}][{{language}}]')).toBe('[][][][]');
    // a value that looks like a placeholder is not expanded again
    expect(render('{{window_title}}', { context: { window_title: '{{selection}} $ARGUMENTS' } })).toBe(
      '{{selection}} $ARGUMENTS',
    );
    // still unknown: near-misses of the new names
    expect(render('{{App}} {{window-title}} {{url.host}}', { context })).toBe(
      '{{App}} {{window-title}} {{url.host}}',
    );
  });

  it('property: text without placeholder syntax is unchanged', () => {
    fc.assert(
      fc.property(
        fc.string().filter((s) => !/[${\\]/.test(s)),
        (text) => render(text) === text,
      ),
    );
  });

  it('property: substituted values are inserted verbatim (never re-expanded)', () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), (selection, input) => {
        return render('<{{selection}}|{{input}}>', { selection, input }) === `<${selection}|${input}>`;
      }),
    );
  });
});

describe('splitArguments', () => {
  it('splits like a shell, without expansion', () => {
    expect(splitArguments(`a "b c" 'd e'`)).toEqual(['a', 'b c', 'd e']);
    expect(splitArguments(`  x\ty  `)).toEqual(['x', 'y']);
    expect(splitArguments(`a"b c"d`)).toEqual(['ab cd']);
    expect(splitArguments(String.raw`"say \"hi\"" it\'s`)).toEqual(['say "hi"', "it's"]);
    expect(splitArguments(`'$HOME' ""`)).toEqual(['$HOME', '']);
    // unbalanced quoting (an apostrophe in prose): split on whitespace, quotes kept as written
    expect(splitArguments(`don't be "formal`)).toEqual([`don't`, 'be', '"formal']);
    expect(splitArguments('trailing \\')).toEqual(['trailing', '\\']);
    expect(splitArguments('C# is #fun x>5 a|b *.md ${HOME}')).toEqual([
      'C#',
      'is',
      '#fun',
      'x>5',
      'a|b',
      '*.md',
      '${HOME}',
    ]);
    expect(splitArguments('')).toEqual([]);
  });

  it('property: space-separated plain words round-trip', () => {
    fc.assert(
      fc.property(fc.array(fc.stringMatching(/^[A-Za-z0-9._-]+$/), { maxLength: 8 }), (words) => {
        expect(splitArguments(words.join(' '))).toEqual(words);
      }),
    );
  });

  it('property: single-quoted words come back as they were', () => {
    fc.assert(
      fc.property(fc.array(fc.string().filter((s) => !s.includes("'"))), (words) => {
        expect(splitArguments(words.map((w) => `'${w}'`).join(' '))).toEqual(words);
      }),
    );
  });
});
