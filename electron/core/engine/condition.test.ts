import { describe, expect, it } from 'vitest';
import { evaluateCondition, MAX_CONDITION_NESTING, parseCondition, truthy } from './condition';

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

  it('orders numbers with <, >, <= and >= (text holding a number counts as one)', () => {
    expect(value('${analysis.score} > 5')).toEqual({ value: true });
    expect(value('${analysis.score} < 5')).toEqual({ value: false });
    expect(value('${count} >= 3 and ${count} <= 3.0')).toEqual({ value: true });
    expect(value("'10' > 9")).toEqual({ value: true }); // as numbers, not as text
    expect(value('-1 < 0')).toEqual({ value: true });
  });

  it('orders nothing but numbers: otherwise the condition is false, with a reason', () => {
    for (const expr of ['${draft} > 3', "${analysis.type} < 'z'", '${analysis.urgent} >= 0']) {
      const result = value(expr);
      expect(result.value, expr).toBe(false);
      expect(result.reason, expr).toMatch(/only numbers can be ordered/);
    }
  });
});

describe('parseCondition', () => {
  it('says what is wrong, and where', () => {
    expect(parseCondition('${x} >> (((')).toEqual({
      ok: false,
      error: { problem: 'unexpected', found: '>', column: 7 },
    });
    expect(parseCondition('   ')).toEqual({ ok: false, error: { problem: 'empty' } });
    expect(parseCondition("${a} == 'x")).toEqual({
      ok: false,
      error: { problem: 'unclosedString', column: 9 },
    });
    expect(parseCondition('(${a} or (true)')).toEqual({
      ok: false,
      error: { problem: 'unclosedParen', column: 1 },
    });
    expect(parseCondition('${a} ==')).toEqual({ ok: false, error: { problem: 'endsEarly' } });
    expect(parseCondition('${a} == 1 == 2')).toEqual({
      ok: false,
      error: { problem: 'unexpected', found: '==', column: 11 },
    });
    expect(parseCondition('a @ b')).toEqual({
      ok: false,
      error: { problem: 'unexpected', found: '@', column: 3 },
    });
  });

  it('refuses nesting deeper than the limit without overflowing the stack', () => {
    const fine = `${'('.repeat(MAX_CONDITION_NESTING)}true${')'.repeat(MAX_CONDITION_NESTING)}`;
    expect(parseCondition(fine).ok).toBe(true);
    // the opening bracket or `not` one past the limit is the one named
    expect(parseCondition('('.repeat(100_000))).toEqual({
      ok: false,
      error: { problem: 'tooDeep', column: MAX_CONDITION_NESTING + 1 },
    });
    expect(parseCondition(`${'not '.repeat(100_000)}true`)).toEqual({
      ok: false,
      error: { problem: 'tooDeep', column: MAX_CONDITION_NESTING * 4 + 1 },
    });
  });

  it('reads and / or chains of any length', () => {
    const long = Array.from({ length: 50_000 }, () => 'true').join(' and ');
    expect(parseCondition(long).ok).toBe(true);
    expect(evaluateCondition(long, {})).toEqual({ value: true });
  });

  it('names the literals an ordering compares that are not numbers', () => {
    expect(parseCondition("${a} > 'high'")).toMatchObject({ ok: true, notNumbers: ['high'] });
    expect(parseCondition('${a} > 3 and ${b} < "2.5"')).toMatchObject({ ok: true, notNumbers: [] });
    expect(parseCondition('true >= ${b}')).toMatchObject({ ok: true, notNumbers: ['true'] });
  });
});
