import { EXECUTION_MODES, OUTPUT_CHOICES, type ExecutionMode } from '../../../shared/types/finding';
import type { ErrorWords } from '../../../shared/ipc/result';
import { readArguments } from './arguments-field';
import { checkAgent, readEffort } from './claude-fields';
import { isPlainObject, readBoolean, readStringList, readText } from './coerce';
import { findingWords } from './finding-words';
import { readToolList } from './tool-list';
import type { Finding, SkillDefinition } from './types';
import { readWorkflow } from './workflow-spec';

export const SPEC_FIELDS = [
  'name',
  'description',
  'license',
  'compatibility',
  'metadata',
  'allowed-tools',
] as const;
export const CLAUDE_CODE_FIELDS = [
  'argument-hint',
  'arguments',
  'when_to_use',
  'disable-model-invocation',
  'user-invocable',
  'disallowed-tools',
  'model',
  'effort',
  'context',
  'agent',
  'hooks',
  'paths',
  'shell',
] as const;
export const SKILLDECK_FIELDS = [
  'execution-mode',
  'provider',
  'workflow',
  'config',
  'max-iterations',
  'output',
  'permission-mode',
] as const;
/** GHOSTYPE's format: still read, migrated by `skilldeck migrate`. */
export const LEGACY_FIELDS = [
  'skill_type',
  'is_editable',
  'behavior_config',
  'icon',
  'color_hex',
  'modifier_key_code',
  'modifier_key_is_system',
  'modifier_key_display',
  'is_builtin',
  'id',
] as const;

const KNOWN = new Set<string>([...SPEC_FIELDS, ...CLAUDE_CODE_FIELDS, ...SKILLDECK_FIELDS]);
const LEGACY = new Set<string>(LEGACY_FIELDS);
const PERMISSION_MODE_NAMES: readonly string[] = ['default', 'acceptEdits', 'plan', 'unrestricted'];
/** Tools that make a skill an agent: Claude Code's (also as rules, `Bash(git:*)`) and MCP tools. */
const AGENT_TOOL_NAME =
  /^(Read|Write|Edit|MultiEdit|Glob|Grep|LS|Bash|WebFetch|WebSearch|TodoWrite|AskUser|AskUserQuestion|Task|Skill|Memory|NotebookEdit)(\(.*\))?$|^mcp__/;
export const NAME_PATTERN = /^[a-z0-9]+(-[a-z0-9]+)*$/;

export interface FieldContext {
  file: string;
  folderName: string;
  lineOf: (path: readonly (string | number)[]) => number | undefined;
  /** From the folder: `phases/NN-*.md` or `phases/orchestrator.md` present. */
  layout?: 'phases' | 'autonomous';
}

/** Lenient reading: everything Claude Code and the Agent Skills spec accept loads; problems are findings. */
/**
 * Fields that may also sit under `metadata: skilldeck:`, where the Agent Skills spec (and --strict) allows
 * them: Skilldeck's own, and the Claude Code fields the dashboard's form writes.
 */
export const NAMESPACED: ReadonlySet<string> = new Set<string>([
  ...SKILLDECK_FIELDS,
  'model',
  'arguments',
  'argument-hint',
]);
export const NAMESPACE_KEY = 'skilldeck';

/**
 * The definition is returned even with errors (for listing); a skill with an error finding is not runnable.
 * Skilldeck's fields are read at the top level or under `metadata.skilldeck` (the top level wins).
 */
export function readDefinition(
  topLevel: Record<string, unknown>,
  ctx: FieldContext,
): { definition: SkillDefinition; findings: Finding[] } {
  const findings: Finding[] = [];
  const data: Record<string, unknown> = { ...topLevel };
  const fromNamespace = new Set<string>();
  const meta = topLevel.metadata;
  const namespace = isPlainObject(meta) && isPlainObject(meta[NAMESPACE_KEY]) ? meta[NAMESPACE_KEY] : null;
  for (const [key, value] of Object.entries(namespace ?? {})) {
    const line = ctx.lineOf(['metadata', NAMESPACE_KEY, key]);
    const where = { file: ctx.file, ...(line ? { line } : {}) };
    if (!NAMESPACED.has(key)) {
      const field = `metadata.${NAMESPACE_KEY}.${key}`;
      findings.push({
        code: 'unknown-field',
        severity: 'warning',
        message: `unknown field \`${field}\` (ignored); see docs/SKILL-FORMAT.md`,
        words: findingWords('unknownField', { field }),
        ...where,
      });
    } else if (key in topLevel) {
      const namespace = `metadata.${NAMESPACE_KEY}`;
      findings.push({
        code: 'duplicate-field',
        severity: 'warning',
        message: `\`${key}\` is set both at the top level and under \`${namespace}\`: the top-level one is used`,
        words: findingWords('duplicateField', { field: key, namespace }),
        ...where,
      });
    } else {
      data[key] = value;
      fromNamespace.add(key);
    }
  }
  const baseLineOf = ctx.lineOf;
  const lineOf: FieldContext['lineOf'] = (path) =>
    fromNamespace.has(String(path[0])) ? baseLineOf(['metadata', NAMESPACE_KEY, ...path]) : baseLineOf(path);
  ctx = { ...ctx, lineOf };
  const at = (key: string) => ctx.lineOf([key]);
  /** A finding about field `key` (on its line when known), its English message and its words. */
  const finding =
    (severity: Finding['severity']) => (code: string, message: string, words: ErrorWords, key?: string) =>
      findings.push({
        code,
        severity,
        message,
        words,
        file: ctx.file,
        ...(key && at(key) ? { line: at(key)! } : {}),
      });
  const warn = finding('warning');
  const fail = finding('error');
  const text = (key: string): string | undefined => {
    const v = data[key];
    if (v === undefined || v === null) return undefined;
    const t = readText(v);
    if (t === undefined)
      warn(
        'invalid-field',
        `\`${key}\` must be text; it is ignored`,
        findingWords('notText', { field: key }),
        key,
      );
    return t;
  };
  const bool = (key: string, fallback: boolean): boolean => {
    const v = data[key];
    if (v === undefined || v === null) return fallback;
    const b = readBoolean(v);
    if (b === undefined)
      warn(
        'invalid-field',
        `\`${key}\` must be true or false (yes/no, on/off, 1/0 also work); using ${fallback}`,
        findingWords('notBoolean', { field: key, fallback: String(fallback) }),
        key,
      );
    return b ?? fallback;
  };

  for (const key of Object.keys(topLevel)) {
    if (LEGACY.has(key))
      warn(
        'legacy-field',
        `\`${key}\` is a GHOSTYPE field: run \`skilldeck migrate\` to move it to the new format`,
        findingWords('legacyField', { field: key }),
        key,
      );
    else if (!KNOWN.has(key))
      warn(
        'unknown-field',
        `unknown field \`${key}\` (ignored); see docs/SKILL-FORMAT.md`,
        findingWords('unknownField', { field: key }),
        key,
      );
  }

  // name
  const name = text('name') ?? ctx.folderName;
  if (data.name !== undefined && name !== ctx.folderName) {
    warn(
      'name-mismatch',
      `\`name\` is "${name}" but the folder is "${ctx.folderName}": the skill's id is its folder name`,
      findingWords('nameMismatch', { name, folder: ctx.folderName }),
      'name',
    );
  }
  if (name.length > 64)
    warn(
      'name-format',
      `\`name\` is ${name.length} characters; the limit is 64`,
      findingWords('nameTooLong', { length: name.length }),
      'name',
    );
  else if (!NAME_PATTERN.test(name)) {
    warn(
      'name-format',
      `\`name\` "${name}" should be lowercase letters, digits and single hyphens (e.g. "my-skill")`,
      findingWords('nameFormat', { name }),
      'name',
    );
  }

  // description
  const description = text('description')?.trim() ?? '';
  if (!description)
    fail(
      'missing-description',
      '`description` is missing or empty: say what the skill does and when to use it',
      findingWords('missingDescription'),
      'description',
    );
  else if (description.length > 1024) {
    warn(
      'description-too-long',
      `\`description\` is ${description.length} characters; the spec's limit is 1024`,
      findingWords('descriptionTooLong', { length: description.length }),
      'description',
    );
  }

  const compatibility = text('compatibility');
  if (compatibility !== undefined && compatibility.length > 500) {
    warn(
      'compatibility-too-long',
      `\`compatibility\` is ${compatibility.length} characters; the limit is 500`,
      findingWords('compatibilityTooLong', { length: compatibility.length }),
      'compatibility',
    );
  }

  const notKeyValues = (key: string) =>
    warn(
      'invalid-field',
      `\`${key}\` must be a mapping of \`key: value\``,
      findingWords('notKeyValues', { field: key }),
      key,
    );
  const metadata: Record<string, string> = {};
  if (data.metadata !== undefined && data.metadata !== null) {
    if (isPlainObject(data.metadata)) {
      for (const [k, v] of Object.entries(data.metadata)) {
        if (k !== NAMESPACE_KEY) metadata[k] = typeof v === 'string' ? v : JSON.stringify(v);
      }
    } else notKeyValues('metadata');
  }

  const toolList = (key: string): string[] | null => {
    const v = data[key];
    if (v === undefined || v === null) return null;
    const read = readToolList(v);
    if ('problem' in read) {
      const words = { ...read.words, values: { field: key, ...read.words.values } };
      warn('invalid-field', `\`${key}\` ${read.problem}`, words, key);
      return null;
    }
    return read.tools;
  };
  const allowedTools = toolList('allowed-tools');
  const disallowedTools = toolList('disallowed-tools') ?? [];

  const list = (key: string): string[] => {
    const v = data[key];
    if (v === undefined || v === null) return [];
    const l = readStringList(v);
    if (!l)
      warn(
        'invalid-field',
        `\`${key}\` must be a list of strings`,
        findingWords('notList', { field: key }),
        key,
      );
    return l ?? [];
  };

  // Skilldeck: execution mode, explicit or inferred
  let executionMode: ExecutionMode = 'prompt';
  const declaredMode = text('execution-mode');
  if (declaredMode !== undefined) {
    if ((EXECUTION_MODES as readonly string[]).includes(declaredMode))
      executionMode = declaredMode as ExecutionMode;
    else
      fail(
        'invalid-execution-mode',
        `\`execution-mode\` "${declaredMode}" is not one of ${EXECUTION_MODES.join(', ')}`,
        findingWords('notOneOf', {
          field: 'execution-mode',
          value: declaredMode,
          allowed: EXECUTION_MODES.join(', '),
        }),
        'execution-mode',
      );
  } else if (data.workflow !== undefined) executionMode = 'workflow';
  else if (ctx.layout) executionMode = ctx.layout;

  let workflow: SkillDefinition['workflow'];
  if (data.workflow !== undefined && data.workflow !== null) {
    const read = readWorkflow(data.workflow, ctx.file, ctx.lineOf);
    findings.push(...read.findings);
    workflow = read.spec;
  } else if (executionMode === 'workflow') {
    fail(
      'workflow-invalid',
      '`execution-mode: workflow` needs a `workflow:` with steps',
      findingWords('workflowMissing'),
      'execution-mode',
    );
  }
  if (
    (executionMode === 'phases' || executionMode === 'autonomous') &&
    declaredMode !== undefined &&
    ctx.layout === undefined
  ) {
    fail(
      'phases-missing',
      `\`execution-mode: ${executionMode}\` needs a phases/ folder (phases/01-name.md…, or phases/orchestrator.md with phases/actions/)`,
      findingWords('phasesMissing', { mode: executionMode }),
      'execution-mode',
    );
  }

  const config: Record<string, unknown> = {};
  if (data.config !== undefined && data.config !== null) {
    if (isPlainObject(data.config)) Object.assign(config, data.config);
    else notKeyValues('config');
  }

  let maxIterations: number | undefined;
  if (data['max-iterations'] !== undefined) {
    const n = Number(data['max-iterations']);
    if (Number.isInteger(n) && n >= 1 && n <= 1000) maxIterations = n;
    else
      warn(
        'invalid-field',
        '`max-iterations` must be a whole number from 1 to 1000; using the default',
        findingWords('maxIterations'),
        'max-iterations',
      );
  }

  // A mistyped output would silently send the result somewhere else: the skill does not run.
  const rawOutput = data.output;
  const output =
    rawOutput === undefined || rawOutput === null
      ? undefined
      : (readText(rawOutput) ?? JSON.stringify(rawOutput));
  if (output !== undefined && !(OUTPUT_CHOICES as readonly string[]).includes(output)) {
    fail(
      'invalid-output',
      `\`output\` "${output}" is not an output tool (${OUTPUT_CHOICES.join(', ')})`,
      findingWords('notOutputTool', { value: output, tools: OUTPUT_CHOICES.join(', ') }),
      'output',
    );
  }

  const context = text('context');
  if (context !== undefined && context !== 'fork')
    warn('invalid-field', '`context` can only be `fork`', findingWords('contextFork'), 'context');
  const agent = text('agent');
  checkAgent(agent, context, warn);
  // Agent mode without `execution-mode`: `context: fork`, or an agent tool in allowed-tools.
  if (
    declaredMode === undefined &&
    executionMode === 'prompt' &&
    (context === 'fork' || (allowedTools ?? []).some((t) => AGENT_TOOL_NAME.test(t.trim())))
  )
    executionMode = 'agent';

  const permissionMode = text('permission-mode');
  if (permissionMode !== undefined && !PERMISSION_MODE_NAMES.includes(permissionMode))
    warn(
      'invalid-field',
      `\`permission-mode\` "${permissionMode}" is not one of ${PERMISSION_MODE_NAMES.join(', ')}`,
      findingWords('notOneOf', {
        field: 'permission-mode',
        value: permissionMode,
        allowed: PERMISSION_MODE_NAMES.join(', '),
      }),
      'permission-mode',
    );
  const hooks = data.hooks;
  if (hooks !== undefined && hooks !== null && !isPlainObject(hooks))
    warn('invalid-field', '`hooks` must be a mapping', findingWords('hooksNotMapping'), 'hooks');
  const argumentsRead = readArguments(data.arguments);
  if ('problem' in argumentsRead) {
    const words = { ...argumentsRead.words, values: { field: 'arguments' } };
    warn('invalid-field', `\`arguments\` ${argumentsRead.problem}`, words, 'arguments');
  }
  const argumentSpecs = argumentsRead.specs;

  // built field by field in this order (each read may add a finding, in this order), optional ones only
  // when set: spreading a small object per field cost more than the rest of the checks
  const definition = { name, description } as SkillDefinition;
  const set = <K extends keyof SkillDefinition>(key: K, value: SkillDefinition[K] | undefined) => {
    if (value !== undefined) definition[key] = value;
  };
  set('license', text('license'));
  set('compatibility', compatibility);
  definition.metadata = metadata;
  definition.allowedTools = allowedTools;
  definition.disallowedTools = disallowedTools;
  set('argumentHint', text('argument-hint'));
  definition.arguments = argumentSpecs.map((a) => a.name);
  definition.argumentSpecs = argumentSpecs;
  set('whenToUse', text('when_to_use'));
  definition.disableModelInvocation = bool('disable-model-invocation', false);
  definition.userInvocable = bool('user-invocable', true);
  set('model', text('model'));
  set('effort', readEffort(text('effort'), warn));
  if (context === 'fork') definition.context = 'fork';
  set('agent', agent);
  if (isPlainObject(hooks)) definition.hooks = hooks as SkillDefinition['hooks'];
  definition.paths = list('paths');
  set('shell', text('shell'));
  definition.executionMode = executionMode;
  definition.executionModeDeclared = declaredMode !== undefined;
  set('provider', text('provider'));
  set('workflow', workflow);
  definition.config = config;
  set('maxIterations', maxIterations);
  set('output', output);
  if (permissionMode !== undefined && PERMISSION_MODE_NAMES.includes(permissionMode))
    definition.permissionMode = permissionMode as NonNullable<SkillDefinition['permissionMode']>;
  return { definition, findings };
}
