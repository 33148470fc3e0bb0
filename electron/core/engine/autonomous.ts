// `execution-mode: autonomous`: phases/orchestrator.md picks the next action among phases/actions/*.md
// from the run's state, one model call per choice and one per action, until the state is completed.
// Numbered phases around the orchestrator (hybrid skills) run before and after the loop like phases mode.
import fs from 'node:fs/promises';
import path from 'node:path';
import { parse as parseYaml } from 'yaml';
import { detectLayout, sortPhases, type PhaseFile } from '../skills/layout';
import { splitToolList } from '../skills/tool-list';

export interface AutonomousState {
  status: 'running' | 'completed' | 'aborted';
  current_action: string | null;
  completed_actions: string[];
  context: Record<string, unknown>;
  pending_items: unknown[];
  results: Record<string, unknown>;
  errors: { action: string | null; message: string; at: number }[];
  error_count: number;
  iteration: number;
}

export type StepCall = (
  info: { id: string; name: string; index: number; total: number },
  system: string,
  user: string,
) => Promise<
  | { ok: true; output: string }
  /** `final`: no attempt can fix it (a 400 from the provider): the loop ends at once. */
  | { ok: false; error: string; cancelled: boolean; final?: boolean }
>;

export interface AutonomousOptions {
  skillDir: string;
  /** The SKILL.md body, already templated (may be empty); prepended to the orchestrator's instructions. */
  body: string;
  /** The run's user message (input/selection). */
  input: string;
  /** Templating for phase/action files (the lead passes renderBody bound to the run context). */
  render: (text: string) => string;
  maxIterations: number;
  maxRetries: number;
  signal: AbortSignal;
  /**
   * A saved state to resume from. With `current_action` set, that action was cut off: it runs again
   * (the orchestrator's choice stands).
   */
  initialState?: AutonomousState;
  /** Saved with the state: the last action's answer. */
  initialLastActionText?: string | null;
  step: StepCall;
  agentStep?: (
    info: Parameters<StepCall>[0],
    system: string,
    user: string,
    tools: string[],
  ) => ReturnType<StepCall>;
  /** Called after every change of the state (the lead persists it in SQLite). */
  saveState: (state: AutonomousState, lastActionText: string | null) => void;
}

export type AutonomousResult =
  | { ok: true; output: string; state: AutonomousState }
  | { ok: false; output: string | null; error: string; state: AutonomousState };

export function initialAutonomousState(): AutonomousState {
  return {
    status: 'running',
    current_action: null,
    completed_actions: [],
    context: {},
    pending_items: [],
    results: {},
    errors: [],
    error_count: 0,
    iteration: 0,
  };
}

export interface ActionFile {
  /** The file name without `.md`: what the orchestrator answers. */
  name: string;
  file: string;
  description: string;
  /** Instructions without the frontmatter. */
  text: string;
  /** From `tools:` (or `allowed-tools:`) in the frontmatter or the first lines; empty = a plain model call. */
  tools: string[];
}

const FRONTMATTER = /^\uFEFF?---\r?\n([\s\S]*?)\r?\n---[ \t]*(?:\r?\n|$)/;
const TOOLS_LINE = /^(?:allowed-)?tools:\s*(.+)$/i;

/** An action file's description, instructions and tools. A frontmatter that does not parse is ignored. */
export function readActionFile(file: string, raw: string): ActionFile {
  let text = raw.replace(/^\uFEFF/, '');
  let meta: Record<string, unknown> = {};
  const fm = FRONTMATTER.exec(raw);
  if (fm) {
    text = raw.slice(fm[0].length);
    try {
      const parsed: unknown = parseYaml(fm[1]!, { maxAliasCount: 100 });
      if (parsed && typeof parsed === 'object' && !Array.isArray(parsed))
        meta = parsed as Record<string, unknown>;
    } catch {
      meta = {};
    }
  }
  const lines = text
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter((l) => l !== '');
  let tools: string[] = [];
  const declared = meta.tools ?? meta['allowed-tools'];
  if (typeof declared === 'string') tools = splitToolList(declared);
  else if (Array.isArray(declared)) tools = declared.filter((t): t is string => typeof t === 'string');
  else {
    const line = lines.slice(0, 5).find((l) => TOOLS_LINE.test(l));
    if (line) tools = splitToolList(TOOLS_LINE.exec(line)![1]!);
  }
  const firstLine = lines.find((l) => !TOOLS_LINE.test(l)) ?? '';
  const description =
    typeof meta.description === 'string' ? meta.description.trim() : firstLine.replace(/^#+\s*/, '');
  return { name: file.replace(/\.md$/i, ''), file, description, text: text.trim(), tools };
}

/** A JSON object in a model's answer: the whole text, a ```json fenced block, or the first {...} in it. */
export function parseJsonObject(text: string): Record<string, unknown> | null {
  const candidates = [text.trim()];
  for (const m of text.matchAll(/```[a-zA-Z]*[ \t]*\r?\n([\s\S]*?)```/g)) candidates.push(m[1]!.trim());
  const start = text.indexOf('{');
  if (start >= 0) {
    const end = matchingBrace(text, start);
    if (end > start) candidates.push(text.slice(start, end + 1));
  }
  for (const candidate of candidates) {
    try {
      const value: unknown = JSON.parse(candidate);
      if (value && typeof value === 'object' && !Array.isArray(value))
        return value as Record<string, unknown>;
    } catch {
      // try the next candidate
    }
  }
  return null;
}

/** The index of the `}` closing the `{` at `start`, skipping braces inside strings; -1 when unclosed. */
function matchingBrace(text: string, start: number): number {
  let depth = 0;
  let inString = false;
  for (let i = start; i < text.length; i++) {
    const ch = text[i];
    if (inString) {
      if (ch === '\\') i++;
      else if (ch === '"') inString = false;
    } else if (ch === '"') inString = true;
    else if (ch === '{') depth++;
    else if (ch === '}' && --depth === 0) return i;
  }
  return -1;
}

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** Applies an action's answer: context/results shallow-merged, pending_items replaced, status completed. */
function applyUpdates(state: AutonomousState, updates: Record<string, unknown>): void {
  if (isRecord(updates.context)) state.context = { ...state.context, ...updates.context };
  if (isRecord(updates.results)) state.results = { ...state.results, ...updates.results };
  if (Array.isArray(updates.pending_items)) state.pending_items = updates.pending_items as unknown[];
  if (updates.status === 'completed') state.status = 'completed';
}

const stateMessage = (state: AutonomousState, input: string) =>
  `Current state:\n\`\`\`json\n${JSON.stringify(state, null, 2)}\n\`\`\`\n\nInput:\n${input}`;

function orchestratorSystem(body: string, instructions: string, actions: readonly ActionFile[]): string {
  const list = actions.map((a) => `- \`${a.name}\`${a.description ? `: ${a.description}` : ''}`).join('\n');
  const names = actions.map((a) => `"${a.name}"`).join(', ');
  return [
    body.trim(),
    instructions,
    `## Actions\n\n${list}`,
    'Answer with ONLY a JSON object, no other text: ' +
      `{"action": <one of ${names}, or "complete" when the task is done>, "reason": "<one sentence>"}`,
  ]
    .filter((part) => part !== '')
    .join('\n\n');
}

const ACTION_ANSWER =
  'Answer with ONLY a JSON object of updates to the state: ' +
  '{"context": {…}, "results": {…}, "pending_items": […], "status": "completed"} — every key optional; ' +
  'context and results are merged into the state, pending_items replaces the list, "status": "completed" ends ' +
  'the run. Put the final answer, as text, in results.output.';

function errorReport(state: AutonomousState): string {
  const lines = state.errors.map((e) => `- ${e.action ?? 'orchestrator'}: ${e.message}`);
  return `aborted after ${state.error_count} errors:\n${lines.join('\n')}`;
}

function finalOutput(state: AutonomousState, lastActionText: string | null): string {
  const output = state.results.output;
  if (typeof output === 'string') return output;
  return lastActionText ?? JSON.stringify(state, null, 2);
}

interface Plan {
  orchestrator: string;
  before: PhaseFile[];
  after: PhaseFile[];
  actions: ActionFile[];
}

/** Phases numbered below the orchestrator run before the loop, above it after; a plain orchestrator.md comes last. */
async function readPlan(skillDir: string): Promise<Plan | { error: string }> {
  const layout = await detectLayout(skillDir);
  if (layout.layout !== 'autonomous' || !layout.orchestrator) {
    return {
      error:
        'an autonomous skill needs phases/orchestrator.md (or phases/NN-orchestrator.md) and phases/actions/*.md',
    };
  }
  if (layout.actions.length === 0) return { error: 'phases/actions/ has no actions (*.md files)' };
  const ordered = sortPhases([...layout.phases.map((p) => p.file), layout.orchestrator]);
  const at = ordered.findIndex((p) => p.file === layout.orchestrator);
  const before = at < 0 ? ordered : ordered.slice(0, at);
  const after = at < 0 ? [] : ordered.slice(at + 1);
  const actions = await Promise.all(
    layout.actions.map(async (file) =>
      readActionFile(file, await fs.readFile(path.join(skillDir, 'phases', 'actions', file), 'utf8')),
    ),
  );
  return { orchestrator: layout.orchestrator, before, after, actions };
}

export async function runAutonomous(o: AutonomousOptions): Promise<AutonomousResult> {
  const state: AutonomousState = o.initialState ? structuredClone(o.initialState) : initialAutonomousState();
  let lastActionText: string | null = o.initialLastActionText ?? null;
  const save = () => o.saveState(structuredClone(state), lastActionText);
  const cancelled = (): AutonomousResult => ({ ok: false, output: null, error: 'cancelled', state });

  const plan = await readPlan(o.skillDir);
  if ('error' in plan) return { ok: false, output: null, error: plan.error, state };
  const phasesDir = path.join(o.skillDir, 'phases');
  const total = plan.before.length + 2 * o.maxIterations + plan.after.length;
  /** Iteration n: the orchestrator's step, then its action's. */
  const indexOf = (n: number, action: boolean) => plan.before.length + 2 * (n - 1) + (action ? 1 : 0);

  const runPhases = async (phases: readonly PhaseFile[], first: number, input: string) => {
    let text = input;
    for (const [i, phase] of phases.entries()) {
      if (o.signal.aborted) return { ok: false as const, error: 'cancelled', cancelled: true };
      const instructions = o.render(await fs.readFile(path.join(phasesDir, phase.file), 'utf8'));
      const system = o.body.trim() === '' ? instructions : `${o.body}\n\n${instructions}`;
      const id = phase.file.replace(/\.md$/i, '');
      const result = await o.step({ id, name: phase.name, index: first + i, total }, system, text);
      if (!result.ok) return { ...result, error: `${phase.file}: ${result.error}` };
      text = result.output;
    }
    return { ok: true as const, output: text };
  };

  if (state.status === 'aborted') return { ok: false, output: null, error: errorReport(state), state };
  // On resume the caller's `step` answers the phases that finished with their stored outputs.
  const pre = await runPhases(plan.before, 0, o.input);
  if (!pre.ok) return pre.cancelled ? cancelled() : { ok: false, output: null, error: pre.error, state };
  const loopInput = pre.output;

  const orchestratorText = o.render(await fs.readFile(path.join(phasesDir, plan.orchestrator), 'utf8'));
  const system = orchestratorSystem(o.body, orchestratorText, plan.actions);
  const byName = new Map(plan.actions.map((a) => [a.name.toLowerCase(), a]));

  /** The failure that no retry can fix, when one ended the loop. */
  let finalError: string | null = null;
  /** Records a failure; true when it is one too many (or one no retry fixes) and the run is aborted. */
  const fail = (action: string | null, message: string, final = false): boolean => {
    state.errors.push({ action, message, at: Date.now() });
    state.error_count++;
    state.current_action = null;
    if (final) finalError = action === null ? message : `${action} ${message}`;
    if (final || state.error_count > o.maxRetries) state.status = 'aborted';
    save();
    return state.status === 'aborted';
  };
  /** Iteration n's choice: an action, `complete`, or a failure (recorded) that ends or skips the iteration. */
  const choose = async (n: number): Promise<ActionFile | 'complete' | 'failed' | 'aborted' | 'cancelled'> => {
    const decision = await o.step(
      { id: `orchestrator-${n}`, name: 'orchestrator', index: indexOf(n, false), total },
      system,
      stateMessage(state, loopInput),
    );
    if (!decision.ok) {
      if (decision.cancelled || o.signal.aborted) return 'cancelled';
      return fail(null, `orchestrator call failed: ${decision.error}`, decision.final) ? 'aborted' : 'failed';
    }
    const answer = parseJsonObject(decision.output);
    const chosen = typeof answer?.action === 'string' ? answer.action.trim().replace(/\.md$/i, '') : null;
    if (chosen === null) {
      const said = decision.output.slice(0, 200);
      return fail(null, `the orchestrator's answer is not {"action": …}: ${said}`) ? 'aborted' : 'failed';
    }
    if (chosen.toLowerCase() === 'complete') {
      state.status = 'completed';
      save();
      return 'complete';
    }
    const action = byName.get(chosen.toLowerCase());
    if (action) return action;
    const known = plan.actions.map((a) => a.name).join(', ');
    return fail(null, `unknown action "${chosen}" (actions: ${known})`) ? 'aborted' : 'failed';
  };
  const aborted = (): AutonomousResult => ({
    ok: false,
    output: typeof state.results.output === 'string' ? state.results.output : lastActionText,
    error: finalError ?? errorReport(state),
    state,
  });

  while (state.status === 'running') {
    if (o.signal.aborted) return cancelled();
    // an action chosen before a restart and cut off runs again, in its iteration, without a new choice
    const cutOff = state.current_action === null ? undefined : byName.get(state.current_action.toLowerCase());
    let action: ActionFile;
    if (cutOff) action = cutOff;
    else {
      state.current_action = null;
      if (state.iteration >= o.maxIterations) {
        return {
          ok: false,
          output: typeof state.results.output === 'string' ? state.results.output : lastActionText,
          error: `stopped after ${state.iteration} iterations without completing`,
          state,
        };
      }
      // saved with the choice below: a restart during the orchestrator's call asks it again
      state.iteration++;
      const chosen = await choose(state.iteration);
      if (chosen === 'cancelled') return cancelled();
      if (chosen === 'aborted') return aborted();
      if (chosen === 'complete') break;
      if (chosen === 'failed') continue;
      action = chosen;
      state.current_action = action.name;
      save();
    }
    const n = state.iteration;

    const info = { id: `${action.name}-${n}`, name: action.name, index: indexOf(n, true), total };
    const actionSystem = `${o.render(action.text)}\n\n${ACTION_ANSWER}`;
    const user = stateMessage(state, loopInput);
    const result =
      action.tools.length > 0 && o.agentStep
        ? await o.agentStep(info, actionSystem, user, action.tools)
        : await o.step(info, actionSystem, user);
    if (!result.ok) {
      if (result.cancelled || o.signal.aborted) return cancelled();
      if (fail(action.name, `call failed: ${result.error}`, result.final)) return aborted();
      continue;
    }
    const updates = parseJsonObject(result.output);
    if (!updates) {
      if (fail(action.name, `the answer is not a JSON object: ${result.output.slice(0, 200)}`))
        return aborted();
      continue;
    }
    applyUpdates(state, updates);
    state.completed_actions.push(action.name);
    state.current_action = null;
    lastActionText = result.output;
    save();
  }

  const output = finalOutput(state, lastActionText);
  const post = await runPhases(plan.after, indexOf(state.iteration + 1, false), output);
  if (!post.ok) return post.cancelled ? cancelled() : { ok: false, output, error: post.error, state };
  return { ok: true, output: post.output, state };
}
