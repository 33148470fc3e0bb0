import type { ErrorWords } from '../../../shared/ipc/result';
import { MAX_CONDITION_NESTING, parseCondition } from '../engine/condition';
import { isPlainObject, readBoolean, readStringList, readText } from './coerce';
import { findingWords } from './finding-words';
import { readQuality } from './quality-spec';
import type { Finding, WorkflowSpec, WorkflowStep } from './types';

type LineOf = (path: readonly (string | number)[]) => number | undefined;

const STEP_ID = /^[A-Za-z_][A-Za-z0-9_-]*$/;

/**
 * The most steps a workflow may have. Far above what people write (the largest public ones have tens),
 * and it keeps every walk over the graph — here, in the scheduler, in the dashboard's graph — small.
 */
export const MAX_WORKFLOW_STEPS = 500;

/**
 * Reads `workflow:` — a list of steps, or `{ steps, max_retries, continue_on_failure, concurrency, output }` —
 * and checks the graph: ids present and unique, dependencies known, no cycle (named, e.g. `a → b → a`).
 * Every problem here is an error: a workflow that cannot be scheduled cannot run.
 */
export function readWorkflow(
  value: unknown,
  file: string,
  lineOf: LineOf,
): { spec?: WorkflowSpec; findings: Finding[] } {
  const findings: Finding[] = [];
  const error = (message: string, words: ErrorWords, path: (string | number)[], code = 'workflow-invalid') =>
    findings.push({
      code,
      severity: 'error',
      message,
      words,
      file,
      line: lineOf(['workflow', ...path]) ?? lineOf(['workflow']),
    });

  const options = isPlainObject(value) ? value : {};
  const rawSteps = Array.isArray(value) ? value : options.steps;
  const stepsPath: (string | number)[] = Array.isArray(value) ? [] : ['steps'];
  if (!Array.isArray(rawSteps) || rawSteps.length === 0) {
    error(
      '`workflow` needs a non-empty list of steps (`steps:` with `id` and `prompt` each)',
      findingWords('workflowNoSteps'),
      stepsPath,
    );
    return { findings };
  }
  if (rawSteps.length > MAX_WORKFLOW_STEPS) {
    error(
      `workflow has ${rawSteps.length} steps: at most ${MAX_WORKFLOW_STEPS} are allowed`,
      findingWords('workflowTooManySteps', { count: rawSteps.length, max: MAX_WORKFLOW_STEPS }),
      stepsPath,
      'workflow-too-many-steps',
    );
    return { findings };
  }

  const steps: WorkflowStep[] = [];
  rawSteps.forEach((raw, index) => {
    const at = [...stepsPath, index];
    if (!isPlainObject(raw))
      return error(
        `workflow step ${index + 1} must be a mapping with \`id\` and \`prompt\``,
        findingWords('stepNotMapping', { step: index + 1 }),
        at,
      );
    const id = typeof raw.id === 'string' || typeof raw.id === 'number' ? String(raw.id) : '';
    if (!id)
      return error(
        `workflow step ${index + 1} has no \`id\``,
        findingWords('stepNoId', { step: index + 1 }),
        at,
      );
    if (!STEP_ID.test(id)) {
      return error(
        `workflow step id "${id}" must be letters, digits, _ or - (it is used as \${${id}.output})`,
        findingWords('stepIdFormat', { id, use: `\${${id}.output}` }),
        [...at, 'id'],
      );
    }
    if (typeof raw.prompt !== 'string' || raw.prompt.trim() === '') {
      return error(`workflow step "${id}" has no \`prompt\``, findingWords('stepNoPrompt', { id }), at);
    }
    const dependencies = raw.dependencies ?? raw.depends_on ?? [];
    const deps = readStringList(dependencies);
    if (!deps)
      return error(
        `workflow step "${id}": \`dependencies\` must be a list of step ids`,
        findingWords('stepDependencies', { id }),
        [...at, 'dependencies'],
      );
    const retries = raw.retries === undefined ? undefined : Number(raw.retries);
    if (retries !== undefined && (!Number.isInteger(retries) || retries < 0 || retries > 10)) {
      return error(
        `workflow step "${id}": \`retries\` must be a whole number from 0 to 10`,
        findingWords('stepRetries', { id }),
        [...at, 'retries'],
      );
    }
    const condition =
      raw.condition === undefined || raw.condition === null ? undefined : readText(raw.condition);
    if (raw.condition !== undefined && raw.condition !== null && condition === undefined) {
      return error(
        `workflow step "${id}": \`condition\` must be text`,
        findingWords('conditionNotText', { id }),
        [...at, 'condition'],
        'workflow-condition',
      );
    }
    const conditionProblem = condition === undefined ? null : checkCondition(id, condition);
    if (conditionProblem) {
      return error(
        conditionProblem.message,
        conditionProblem.words,
        [...at, 'condition'],
        'workflow-condition',
      );
    }
    // a bad `quality` is an error of its own: the step stays, so its dependents are not reported too
    const quality =
      raw.quality === undefined || raw.quality === null
        ? undefined
        : readQuality(raw.quality, id, (key) => ({
            file,
            line:
              lineOf(['workflow', ...at, 'quality', ...(key ? [key] : [])]) ?? lineOf(['workflow', ...at]),
          }));
    if (quality) findings.push(...quality.findings);
    steps.push({
      id,
      name: typeof raw.name === 'string' ? raw.name : id,
      prompt: raw.prompt,
      ...(typeof raw.input === 'string' ? { input: raw.input } : {}),
      ...(typeof raw.output === 'string' ? { output: raw.output } : {}),
      dependencies: deps,
      parallel: readBoolean(raw.parallel) ?? false,
      ...(condition !== undefined ? { condition } : {}),
      ...(retries !== undefined ? { retries } : {}),
      ...(quality?.spec ? { quality: quality.spec } : {}),
    });
  });

  const ids = new Map<string, number>();
  steps.forEach((s) => ids.set(s.id, (ids.get(s.id) ?? 0) + 1));
  for (const [id, count] of ids) {
    if (count > 1) {
      const index = rawSteps.findLastIndex((r) => isPlainObject(r) && String(r.id) === id);
      error(
        `workflow step id "${id}" is used ${count} times: ids must be unique`,
        findingWords('stepIdTaken', { id, times: count }),
        [...stepsPath, index, 'id'],
        'workflow-duplicate-id',
      );
    }
  }
  steps.forEach((s) => {
    for (const dep of s.dependencies) {
      if (!ids.has(dep)) {
        const index = rawSteps.findIndex((r) => isPlainObject(r) && String(r.id) === s.id);
        error(
          `workflow step "${s.id}" depends on "${dep}", which is not a step`,
          findingWords('unknownDependency', { id: s.id, dependency: dep }),
          [...stepsPath, index, 'dependencies'],
          'workflow-unknown-dependency',
        );
      }
    }
  });
  const cycle = findCycle(steps);
  if (cycle) {
    const index = rawSteps.findIndex((r) => isPlainObject(r) && String(r.id) === cycle[0]);
    const loop = cycle.join(' → ');
    error(
      `workflow has a cycle: ${loop}`,
      findingWords('workflowCycle', { cycle: loop }),
      [...stepsPath, index],
      'workflow-cycle',
    );
  }

  const maxRetries = options.max_retries === undefined ? 2 : Number(options.max_retries);
  if (!Number.isInteger(maxRetries) || maxRetries < 0 || maxRetries > 10)
    error('`max_retries` must be a whole number from 0 to 10', findingWords('maxRetries'), ['max_retries']);
  const concurrency = options.concurrency === undefined ? undefined : Number(options.concurrency);
  if (concurrency !== undefined && (!Number.isInteger(concurrency) || concurrency < 1 || concurrency > 64)) {
    error('`concurrency` must be a whole number from 1 to 64', findingWords('concurrency'), ['concurrency']);
  }
  const output = typeof options.output === 'string' ? options.output : undefined;
  if (output !== undefined && !ids.has(output))
    error(
      `workflow \`output\` names "${output}", which is not a step`,
      findingWords('workflowOutput', { output }),
      ['output'],
    );

  if (findings.some((f) => f.severity === 'error')) return { findings };
  return {
    spec: {
      steps,
      maxRetries,
      continueOnFailure: readBoolean(options.continue_on_failure) ?? false,
      ...(concurrency !== undefined ? { concurrency } : {}),
      ...(output !== undefined ? { output } : {}),
    },
    findings,
  };
}

/**
 * A step's condition read by the parser that evaluates it: what it cannot read, or an ordering
 * (`<`, `>`, `<=`, `>=`) of a literal that is not a number, is the step's error.
 */
function checkCondition(id: string, condition: string): { message: string; words: ErrorWords } | null {
  const parsed = parseCondition(condition);
  if (parsed.ok) {
    const value = parsed.notNumbers[0];
    if (value === undefined) return null;
    return {
      message: `workflow step "${id}": its condition orders "${value}" with <, >, <= or >=, which compare only numbers: ${condition}`,
      words: findingWords('conditionNotNumber', { id, value, condition }),
    };
  }
  const problem = parsed.error;
  const at = `workflow step "${id}"`;
  switch (problem.problem) {
    case 'empty':
      return { message: `${at} has an empty \`condition\``, words: findingWords('conditionEmpty', { id }) };
    case 'unexpected':
      return {
        message: `${at}: unexpected "${problem.found}" at column ${problem.column} of its condition: ${condition}`,
        words: findingWords('conditionUnexpected', {
          id,
          found: problem.found,
          column: problem.column,
          condition,
        }),
      };
    case 'unclosedString':
      return {
        message: `${at}: the string opened at column ${problem.column} of its condition is never closed: ${condition}`,
        words: findingWords('conditionUnclosedString', { id, column: problem.column, condition }),
      };
    case 'unclosedParen':
      return {
        message: `${at}: the "(" at column ${problem.column} of its condition is never closed: ${condition}`,
        words: findingWords('conditionUnclosedParen', { id, column: problem.column, condition }),
      };
    case 'endsEarly':
      return {
        message: `${at}: its condition ends where a value is expected: ${condition}`,
        words: findingWords('conditionEndsEarly', { id, condition }),
      };
    case 'tooDeep':
      return {
        message: `${at}: its condition nests brackets and "not" more than ${MAX_CONDITION_NESTING} deep: ${condition}`,
        words: findingWords('conditionTooDeep', { id, max: MAX_CONDITION_NESTING, condition }),
      };
  }
}

/**
 * The first dependency cycle found, as ids from a step back to itself, or null. Depth-first with its own
 * stack (not recursion), so a graph of any depth is walked without overflowing the call stack.
 */
export function findCycle(steps: readonly Pick<WorkflowStep, 'id' | 'dependencies'>[]): string[] | null {
  const byId = new Map(steps.map((s) => [s.id, s]));
  const state = new Map<string, 'visiting' | 'done'>();
  // the path being walked, each with the index of the next dependency to look at
  const path: { id: string; next: number }[] = [];
  for (const start of steps) {
    if (state.has(start.id)) continue;
    state.set(start.id, 'visiting');
    path.push({ id: start.id, next: 0 });
    while (path.length > 0) {
      const top = path.at(-1)!;
      // a step depends on its dependencies: edges go step → dependency, reported in that direction
      const deps = byId.get(top.id)?.dependencies ?? [];
      if (top.next >= deps.length) {
        state.set(top.id, 'done');
        path.pop();
        continue;
      }
      const dep = deps[top.next++]!;
      if (!byId.has(dep) || state.get(dep) === 'done') continue;
      if (state.get(dep) === 'visiting') {
        const from = path.findIndex((p) => p.id === dep);
        return [...path.slice(from).map((p) => p.id), dep];
      }
      state.set(dep, 'visiting');
      path.push({ id: dep, next: 0 });
    }
  }
  return null;
}
