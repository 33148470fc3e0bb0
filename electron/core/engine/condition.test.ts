import { describe, expect, it } from 'vitest';
import { evaluateCondition, truthy } from './condition';

const vars = {
  analysis: '{"type": "technical", "score": 7, "urgent": false, "tags": []}',
  draft: 'some text',
  empty: '',
  no: 'no',
  count: '3',
};
const value = (expr: string) => evaluateCondition(expr, vars);

describe('evaluateCondition', () => {
  it('compares with == and != (quoted strings, numbers, booleans)', () => {
    expect(value("${analysis.type} == 'technical'")).toEqual({ value: true });
    expect(value('${analysis.type} == "casual"')).toEqual({ value: false });
    expect(value("${analysis.type} != 'casual'")).toEqual({ value: true });
    expect(value('${analysis.score} == 7')).toEqual({ value: true });
    expect(value('${count} == 3.0')).toEqual({ value: true });
    expect(value('${analysis.urgent} == false')).toEqual({ value: true });
    expect(value("analysis.type == 'technical'")).toEqual({ value: true }); // bare path
  });

  it('and / or / not (also && || !), parentheses, precedence', () => {
    expect(value("${analysis.type} == 'technical' and ${analysis.score} == 7")).toEqual({ value: true });
    expect(value("${analysis.type} == 'x' or ${draft}")).toEqual({ value: true });
    expect(value('not ${analysis.urgent}')).toEqual({ value: true });
    expect(value('!${draft} || ${count} == 3')).toEqual({ value: true });
    expect(value('true or false and false')).toEqual({ value: true }); // and binds tighter
    expect(value('(true or false) and false')).toEqual({ value: false });
    expect(value('NOT (${empty} AND true)')).toEqual({ value: true });
  });

  it('bare truthiness', () => {
    expect(value('${draft}')).toEqual({ value: true });
    expect(value('${empty}')).toEqual({ value: false });
    expect(value('${no}')).toEqual({ value: false });
    expect(value('${analysis.tags}')).toEqual({ value: false });
    expect(value("'it''s'")).toMatchObject({
      value: false,
      reason: expect.stringContaining('cannot read') as string,
    });
  });

  it('an unknown variable makes the condition false, with a reason', () => {
    const result = value("${missing.type} == 'technical'");
    expect(result.value).toBe(false);
    expect(result.reason).toMatch(/unknown variable \$\{missing\.type\}/);
    // even where it would not decide the answer, or under not
    expect(value('true or ${missing}').value).toBe(false);
    expect(value('not ${missing}').value).toBe(false);
  });

  it('a condition that does not parse is false, with a reason', () => {
    for (const expr of ['', '==', "${draft} == 'x", '(true', 'true)', '${draft} ===', '@', 'a b']) {
      const result = value(expr);
      expect(result.value, expr).toBe(false);
      expect(result.reason, expr).toBeDefined();
    }
  });

  it('truthy', () => {
    expect([true, 1, 'yes', 'x', ['a'], {}].map(truthy)).toEqual([true, true, true, true, true, true]);
    expect([false, 0, '', ' FALSE ', '0', 'none', null, undefined, []].map(truthy)).toEqual(
      Array(9).fill(false),
    );
  });
});
