import { describe, expect, it } from 'vitest';
import { findCycle, MAX_WORKFLOW_STEPS, readWorkflow } from './workflow-spec';

const noLine = () => undefined;
const read = (value: unknown) => readWorkflow(value, 'SKILL.md', noLine);

describe('workflow spec', () => {
  it('reads steps with defaults and options', () => {
    const { spec, findings } = read({
      max_retries: 1,
      continue_on_failure: 'yes',
      concurrency: 2,
      output: 'b',
      steps: [
        { id: 'a', prompt: 'A', output: 'analysis' },
        {
          id: 'b',
          name: 'Second',
          prompt: 'B',
          depends_on: 'a',
          condition: "${analysis.type} == 'x'",
          retries: 3,
          parallel: 'on',
        },
      ],
    });
    expect(findings).toEqual([]);
    expect(spec).toEqual({
      maxRetries: 1,
      continueOnFailure: true,
      concurrency: 2,
      output: 'b',
      steps: [
        { id: 'a', name: 'a', prompt: 'A', output: 'analysis', dependencies: [], parallel: false },
        {
          id: 'b',
          name: 'Second',
          prompt: 'B',
          dependencies: ['a'],
          parallel: true,
          condition: "${analysis.type} == 'x'",
          retries: 3,
        },
      ],
    });
    expect(read([{ id: 'only', prompt: 'x' }]).spec?.maxRetries).toBe(2);
  });

  it('names the cycle, longest first found', () => {
    expect(
      findCycle([
        { id: 'a', dependencies: ['b'] },
        { id: 'b', dependencies: ['c'] },
        { id: 'c', dependencies: ['a'] },
      ]),
    ).toEqual(['a', 'b', 'c', 'a']);
    expect(findCycle([{ id: 'self', dependencies: ['self'] }])).toEqual(['self', 'self']);
    expect(
      findCycle([
        { id: 'a', dependencies: [] },
        { id: 'b', dependencies: ['a'] },
      ]),
    ).toBeNull();
    expect(
      read({
        steps: [
          { id: 'x', prompt: 'X', dependencies: ['y'] },
          { id: 'y', prompt: 'Y', dependencies: ['x'] },
        ],
      }).findings[0]!.message,
    ).toBe('workflow has a cycle: x → y → x');
  });

  it.each([
    [[], /non-empty list of steps/],
    ['steps', /non-empty list of steps/],
    [[{ prompt: 'no id' }], /has no `id`/],
    [[{ id: 'a b', prompt: 'x' }], /letters, digits/],
    [[{ id: 'a' }], /has no `prompt`/],
    [[{ id: 'a', prompt: 'x', retries: -1 }], /retries/],
    [{ steps: [{ id: 'a', prompt: 'x' }], output: 'zzz' }, /`output` names "zzz"/],
    [{ steps: [{ id: 'a', prompt: 'x' }], concurrency: 0 }, /concurrency/],
  ])('refuses %j', (value, message) => {
    const { spec, findings } = read(value);
    expect(spec).toBeUndefined();
    expect(findings.map((f) => f.message).join('\n')).toMatch(message);
    expect(findings.every((f) => f.severity === 'error')).toBe(true);
  });

  // A chain whose first step depends on the second, and so on: a recursive walk goes as deep as it is long.
  const chain = (n: number, closed = false) =>
    Array.from({ length: n }, (_, i) => ({
      id: `s${i}`,
      prompt: 'p',
      dependencies: i < n - 1 ? [`s${i + 1}`] : closed ? ['s0'] : [],
    }));

  it('finds a cycle, or none, in graphs far deeper than the stack', () => {
    const open = chain(200_000);
    expect(findCycle(open)).toBeNull();
    const ring = chain(200_000, true);
    const cycle = findCycle(ring)!;
    expect(cycle).toHaveLength(200_001);
    expect([cycle[0], cycle[1], cycle.at(-2), cycle.at(-1)]).toEqual(['s0', 's1', 's199999', 's0']);
  });

  it(`refuses more than ${MAX_WORKFLOW_STEPS} steps with one error, whatever the graph`, () => {
    expect(read(chain(MAX_WORKFLOW_STEPS)).findings).toEqual([]);
    for (const steps of [chain(6000), chain(10_000, true)]) {
      const { spec, findings } = read({ steps });
      expect(spec).toBeUndefined();
      expect(findings).toEqual([
        expect.objectContaining({
          code: 'workflow-too-many-steps',
          severity: 'error',
          message: `workflow has ${steps.length} steps: at most ${MAX_WORKFLOW_STEPS} are allowed`,
          words: {
            key: 'findings.workflowTooManySteps',
            values: { count: steps.length, max: MAX_WORKFLOW_STEPS },
          },
        }),
      ]);
    }
  });

  describe('a step condition', () => {
    const withCondition = (condition: unknown) =>
      read({
        steps: [
          { id: 'x', prompt: 'p' },
          { id: 'y', prompt: 'q', dependencies: ['x'], condition },
        ],
      });

    it('that the run could not read is an error, saying where', () => {
      const { spec, findings } = withCondition('${x} >> (((');
      expect(spec).toBeUndefined();
      expect(findings).toEqual([
        expect.objectContaining({
          code: 'workflow-condition',
          severity: 'error',
          message: 'workflow step "y": unexpected ">" at column 7 of its condition: ${x} >> (((',
        }),
      ]);
      for (const [condition, message] of [
        ['', /has an empty `condition`/],
        ["${x} == 'a", /string opened at column 9 .* never closed/],
        ['(${x} or true', /"\(" at column 1 .* never closed/],
        ['${x} ==', /ends where a value is expected/],
        [`${'('.repeat(40)}true${')'.repeat(40)}`, /more than 32 deep/],
        ["${x} > 'high'", /orders "high" with <, >, <= or >=, which compare only numbers/],
        [['a'], /`condition` must be text/],
      ] as const) {
        const found = withCondition(condition).findings;
        expect(
          found.map((f) => f.code),
          String(condition),
        ).toEqual(['workflow-condition']);
        expect(found[0]!.message, String(condition)).toMatch(message);
      }
    });

    it('that reads is kept as text, comparisons of numbers included', () => {
      for (const condition of ['${x.score} >= 3', "${x} == 'a' and not ${x.skip}", 'false'])
        expect(withCondition(condition).findings, condition).toEqual([]);
      // a YAML boolean is a condition too: `condition: false` skips the step
      expect(withCondition(false).spec?.steps[1]!.condition).toBe('false');
    });
  });
});
