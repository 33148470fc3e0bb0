import type { ExecutionMode } from '../../../../shared/types/finding';
import type { SkillDefinitionData } from '../../../../shared/types/skill-definition';
import { joinToolList } from '../../../../shared/skills/tool-list';
import { argumentDraft, argumentsYaml, type ArgumentDraft } from './form-arguments';

type Definition = SkillDefinitionData;
type Step = NonNullable<Definition['workflow']>['steps'][number];

export type ConfigKind = 'string' | 'number' | 'boolean' | 'json';
export interface ConfigRow {
  key: string;
  value: string;
  kind: ConfigKind;
}

export interface StepDraft {
  id: string;
  prompt: string;
  dependencies: string[];
  /** What the form does not edit (name, input, output, condition…), written back as it was. */
  rest: Omit<Step, 'id' | 'prompt' | 'dependencies'> | null;
}

/** What the editor's form shows: the frontmatter fields it can edit. */
export interface FormValues {
  name: string;
  description: string;
  /** '' = not declared: the mode is inferred. */
  mode: ExecutionMode | '';
  provider: string;
  model: string;
  /** null: no `allowed-tools` (no ceiling). */
  allowedTools: string[] | null;
  config: ConfigRow[];
  /** null: not a workflow skill. */
  steps: StepDraft[] | null;
  /** Where the result goes (`output`); '' = not set: the engine decides. */
  output: string;
  arguments: ArgumentDraft[];
  /** The instructions: SKILL.md's body, as written. */
  body: string;
}

function configRow(key: string, value: unknown): ConfigRow {
  if (typeof value === 'string') return { key, value, kind: 'string' };
  if (typeof value === 'number') return { key, value: String(value), kind: 'number' };
  if (typeof value === 'boolean') return { key, value: String(value), kind: 'boolean' };
  return { key, value: JSON.stringify(value ?? null), kind: 'json' };
}

export function formFromDefinition(definition: Definition, body = ''): FormValues {
  return {
    name: definition.name,
    description: definition.description,
    mode: definition.executionModeDeclared ? definition.executionMode : '',
    provider: definition.provider ?? '',
    model: definition.model ?? '',
    allowedTools: definition.allowedTools ? [...definition.allowedTools] : null,
    config: Object.entries(definition.config).map(([key, value]) => configRow(key, value)),
    steps: definition.workflow
      ? definition.workflow.steps.map(({ id, prompt, dependencies, ...rest }) => ({
          id,
          prompt,
          dependencies: [...dependencies],
          rest,
        }))
      : null,
    output: definition.output ?? '',
    arguments: definition.argumentSpecs.map(argumentDraft),
    body,
  };
}

export class FormProblem extends Error {
  constructor(
    readonly key: 'configJson' | 'configKey' | 'stepId' | 'argumentName',
    readonly detail: string,
  ) {
    super(`${key}: ${detail}`);
  }
}

/** The config as the form holds it, for the preview: a value that cannot be written stays as typed. */
export function configObject(rows: readonly ConfigRow[]): Record<string, unknown> {
  const config: Record<string, unknown> = {};
  for (const row of rows) {
    const key = row.key.trim();
    if (!key || key in config) continue;
    try {
      config[key] = configValue(row);
    } catch {
      config[key] = row.value;
    }
  }
  return config;
}

function configValue(row: ConfigRow): unknown {
  switch (row.kind) {
    case 'string':
      return row.value;
    case 'number': {
      const n = Number(row.value);
      return row.value.trim() !== '' && Number.isFinite(n) ? n : row.value;
    }
    case 'boolean':
      return row.value === 'true' ? true : row.value === 'false' ? false : row.value;
    case 'json':
      try {
        return JSON.parse(row.value) as unknown;
      } catch {
        throw new FormProblem('configJson', row.key);
      }
  }
}

/** A step as written in SKILL.md: only what differs from the defaults, in the documented key order. */
function stepYaml(step: StepDraft): Record<string, unknown> {
  const rest = step.rest;
  const out: Record<string, unknown> = { id: step.id };
  if (rest && rest.name && rest.name !== step.id) out.name = rest.name;
  out.prompt = step.prompt;
  if (rest?.input !== undefined) out.input = rest.input;
  if (rest?.output !== undefined) out.output = rest.output;
  if (step.dependencies.length > 0) out.dependencies = step.dependencies;
  if (rest?.condition !== undefined) out.condition = rest.condition;
  if (rest?.retries !== undefined) out.retries = rest.retries;
  if (rest?.parallel) out.parallel = true;
  if (rest?.quality) out.quality = qualityYaml(rest.quality);
  return out;
}

/** A step's quality check as written in SKILL.md (docs/SKILL-FORMAT.md): defaults left out. */
function qualityYaml(q: NonNullable<Step['quality']>): Record<string, unknown> {
  return {
    threshold: q.threshold,
    ...(q.criteria !== undefined ? { criteria: q.criteria } : {}),
    ...(q.maxAttempts !== 2 ? { max_attempts: q.maxAttempts } : {}),
    ...(q.onFail !== 'retry' ? { on_fail: q.onFail } : {}),
    ...(q.model !== undefined ? { model: q.model } : {}),
    ...(q.provider !== undefined ? { provider: q.provider } : {}),
  };
}

function workflowYaml(steps: StepDraft[], original: Definition['workflow']): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  if (original && original.maxRetries !== 2) out.max_retries = original.maxRetries;
  if (original?.continueOnFailure) out.continue_on_failure = true;
  if (original?.concurrency !== undefined) out.concurrency = original.concurrency;
  if (original?.output !== undefined && steps.some((s) => s.id === original.output))
    out.output = original.output;
  out.steps = steps.map(stepYaml);
  return out;
}

export interface FormPatch {
  /** Fields to set (where SKILL.md keeps them: top level or `metadata.skilldeck`); null removes one. */
  fields?: Record<string, unknown>;
  /** Keys under `config:`; null removes one. */
  config?: Record<string, unknown>;
  /** The new body (the instructions), as written. */
  body?: string;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * What changed between the form as opened and as edited, as a `skills:update` patch (only the changed
 * fields, so everything else in SKILL.md — comments, order, unknown fields — stays). null: no change.
 * Throws FormProblem for a value that cannot be written (bad JSON, empty or repeated key, step id).
 */
export function formPatch(opened: FormValues, edited: FormValues, definition: Definition): FormPatch | null {
  const fields: Record<string, unknown> = {};
  const text = (key: string, a: string, b: string, removable = true) => {
    if (a.trim() === b.trim()) return;
    fields[key] = b.trim() === '' && removable ? null : b.trim();
  };
  text('name', opened.name, edited.name);
  text('description', opened.description, edited.description, false);
  if (opened.mode !== edited.mode) fields['execution-mode'] = edited.mode === '' ? null : edited.mode;
  text('provider', opened.provider, edited.provider);
  text('model', opened.model, edited.model);
  if (!same(opened.allowedTools, edited.allowedTools))
    fields['allowed-tools'] = edited.allowedTools === null ? null : joinToolList(edited.allowedTools);
  if (opened.output !== edited.output) fields.output = edited.output === '' ? null : edited.output;
  if (!same(opened.arguments, edited.arguments)) {
    const written = argumentsYaml(edited.arguments);
    if ('badName' in written) throw new FormProblem('argumentName', written.badName);
    fields.arguments = written.entries.length > 0 ? written.entries : null;
  }

  if (edited.steps && !same(opened.steps, edited.steps)) {
    const ids = new Set<string>();
    for (const step of edited.steps) {
      if (!/^[A-Za-z0-9_-]+$/.test(step.id) || ids.has(step.id)) throw new FormProblem('stepId', step.id);
      ids.add(step.id);
    }
    const steps = edited.steps.map((s) => ({ ...s, dependencies: s.dependencies.filter((d) => ids.has(d)) }));
    fields.workflow = workflowYaml(steps, definition.workflow);
  }

  const config: Record<string, unknown> = {};
  const keys = new Set<string>();
  for (const row of edited.config) {
    const key = row.key.trim();
    if (!key || keys.has(key)) throw new FormProblem('configKey', key);
    keys.add(key);
    const before = opened.config.find((r) => r.key === key);
    if (!before || before.value !== row.value || before.kind !== row.kind) config[key] = configValue(row);
  }
  for (const row of opened.config) if (!keys.has(row.key)) config[row.key] = null;

  const patch: FormPatch = {};
  if (Object.keys(fields).length > 0) patch.fields = fields;
  if (Object.keys(config).length > 0) patch.config = config;
  if (opened.body !== edited.body) patch.body = edited.body;
  return patch.fields || patch.config || patch.body !== undefined ? patch : null;
}

/**
 * The form as edited, carried over to a newer version of the file (saved as text meanwhile): the fields
 * changed in the form keep their edit, the others take the new value. null: nothing edited is left.
 */
export function rebaseForm(edited: FormValues, before: FormValues, after: FormValues): FormValues | null {
  const rebased = { ...after };
  for (const key of Object.keys(after) as (keyof FormValues)[]) {
    if (!same(edited[key], before[key])) (rebased as Record<string, unknown>)[key] = edited[key];
  }
  return same(rebased, after) ? null : rebased;
}
