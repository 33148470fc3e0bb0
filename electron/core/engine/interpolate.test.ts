import { describe, expect, it } from 'vitest';
import { interpolate, parseJsonOutput, resolveVariable } from './interpolate';

const vars = {
  user_input: 'a video about tea',
  analysis: '```json\n{"type": "technical", "audience": {"age": 30}, "tags": ["a"]}\n```',
  draft: 'plain text draft',
  raw: '{"output": "inner", "n": 2}',
  obj: { k: 'v' },
};

describe('interpolate', () => {
  it('fills ${var}, ${step.output} and JSON keys (also from a ```json fence)', () => {
    expect(interpolate('Topic: ${user_input}', vars)).toBe('Topic: a video about tea');
    expect(interpolate('${draft} / ${draft.output}', vars)).toBe('plain text draft / plain text draft');
    expect(interpolate('${analysis.type} ${analysis.audience.age} ${analysis.tags}', vars)).toBe(
      'technical 30 ["a"]',
    );
    expect(interpolate('${obj.k} ${ user_input }', vars)).toBe('v a video about tea');
  });

  it('a JSON output with its own "output" key: ${step.output} is that key', () => {
    expect(interpolate('${raw.output} ${raw.n}', vars)).toBe('inner 2');
  });

  it('leaves unknown variables and keys as written', () => {
    expect(interpolate('${nope} ${draft.type} ${analysis.nope} ${analysis.type.x}', vars)).toBe(
      '${nope} ${draft.type} ${analysis.nope} ${analysis.type.x}',
    );
    expect(interpolate('{{selection}} $1 ${', vars)).toBe('{{selection}} $1 ${');
  });

  it('a value holding ${…} is not expanded again', () => {
    expect(interpolate('${a}', { a: '${b}', b: 'no' })).toBe('${b}');
  });

  it('a key stored with a dot resolves too', () => {
    expect(resolveVariable('s1.output', { 's1.output': 'x' })).toEqual({ found: true, value: 'x' });
  });
});

describe('parseJsonOutput', () => {
  it('reads whole-text JSON or the first fence; anything else is undefined', () => {
    expect(parseJsonOutput(' {"a":1} ')).toEqual({ a: 1 });
    expect(parseJsonOutput('Here:\n```json\n[1,2]\n```\nDone')).toEqual([1, 2]);
    expect(parseJsonOutput('```\n{"b":true}\n```')).toEqual({ b: true });
    expect(parseJsonOutput('{not json}')).toBeUndefined();
    expect(parseJsonOutput('42')).toBeUndefined();
    expect(parseJsonOutput('hello')).toBeUndefined();
  });
});
