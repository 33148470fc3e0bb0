import { split } from 'shlex';
import { describe, expect, it } from 'vitest';
import {
  argumentsText,
  asksForSelection,
  initialArguments,
  paletteRequest,
  sheetRequest,
} from './sheet-request';

const specs = [
  { name: 'language', default: 'French', options: ['French', 'German'] },
  { name: 'tone', options: ['formal', 'very formal'] },
  { name: 'note' },
];
const empty = { input: '', selection: '', args: {}, freeArguments: '', config: {} };

describe('the run sheet request', () => {
  it('starts the named fields at their default, else their first option, else empty', () => {
    expect(initialArguments(specs)).toEqual({ language: 'French', tone: 'formal', note: '' });
  });

  it('sends named fields as words the engine splits back the same (quotes kept), trailing blanks dropped', () => {
    const text = argumentsText(specs, { language: 'German', tone: 'very formal', note: "it's fine" });
    expect(split(text)).toEqual(['German', 'very formal', "it's fine"]);
    expect(argumentsText(specs, { language: 'German', tone: '', note: '' })).toBe('German');
    expect(split(argumentsText(specs, { language: '', tone: '', note: 'x' }))).toEqual(['', '', 'x']);
    expect(argumentsText(specs, {})).toBe('');
  });

  it('leaves empty boxes out and sends only the config values edited, typed back', () => {
    const skill = { argumentSpecs: [], config: { n: 3, name: 'a' } };
    expect(sheetRequest('s', empty, skill)).toEqual({ skillId: 's' });
    expect(
      sheetRequest(
        's',
        { ...empty, input: 'hi', selection: ' ', freeArguments: ' fr ', config: { n: '5', name: 'a' } },
        skill,
      ),
    ).toEqual({ skillId: 's', input: 'hi', arguments: 'fr', config: { n: 5 } });
    expect(
      sheetRequest('s', { ...empty, args: { language: 'German' } }, { argumentSpecs: specs, config: {} }),
    ).toEqual({ skillId: 's', arguments: 'German' });
  });

  it('the palette sends what is typed as the input, and as the arguments of a skill that takes some', () => {
    expect(paletteRequest({ id: 'a', takesArguments: false }, 'hello')).toEqual({
      skillId: 'a',
      input: 'hello',
    });
    expect(paletteRequest({ id: 'a', takesArguments: true }, ' fr ')).toEqual({
      skillId: 'a',
      input: ' fr ',
      arguments: 'fr',
    });
    expect(paletteRequest({ id: 'a', takesArguments: true }, '  ')).toEqual({ skillId: 'a' });
  });

  it('opens the selection box for a skill reading {{selection}} or whose answer replaces or follows it', () => {
    expect(asksForSelection({ usesSelection: true, definition: {} })).toBe(true);
    expect(asksForSelection({ usesSelection: false, definition: { output: 'replace_selection' } })).toBe(
      true,
    );
    expect(asksForSelection({ usesSelection: false, definition: { output: 'insert_after' } })).toBe(true);
    expect(asksForSelection({ usesSelection: false, definition: { output: 'clipboard' } })).toBe(false);
    expect(asksForSelection({ usesSelection: false, definition: null })).toBe(false);
  });
});
