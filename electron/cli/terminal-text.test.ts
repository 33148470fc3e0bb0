import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { block, oneLine, terminalJson } from './terminal-text';

// eslint-disable-next-line no-control-regex -- finding control characters is the point
const RAW = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/u;

describe('terminal text', () => {
  it('oneLine leaves no control character and changes nothing else', () => {
    expect(oneLine('a\u001b[2Jb\nc\td\u009b\u202e\u007f')).toBe(String.raw`a\x1b[2Jb\nc\td\x9b\u202e\x7f`);
    expect(oneLine('héllo 世界 🦜 — “ok”')).toBe('héllo 世界 🦜 — “ok”');
    fc.assert(fc.property(fc.string({ unit: 'binary' }), (text) => !RAW.test(oneLine(text))));
  });

  it('block keeps newlines and tabs, turns CRLF into newlines and escapes the rest', () => {
    expect(block('a\r\n\tb\rc\u001b[0m')).toBe(String.raw`a` + '\n\tb' + String.raw`\rc\x1b[0m`);
  });

  it('terminalJson parses back to the same value and holds no raw control', () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.string({ unit: 'binary' }), (value, text) => {
        const out = terminalJson({ value, text });
        return (
          !RAW.test(out.replace(/\n/g, '')) &&
          JSON.stringify(JSON.parse(out)) === JSON.stringify({ value, text })
        );
      }),
    );
  });
});
