// Fills a skill body's placeholders (docs/SKILL-FORMAT.md "The body and templates") in one pass, so a
// value that itself looks like a placeholder (a selection containing `{{input}}`) is never expanded again.
// Anything not recognised is left exactly as written.
import { split as shellSplit } from 'shlex';
import { formatDate, formatTime, isContextName, type ContextValues } from './context-values';

export interface TemplateContext {
  /** The skill's `config` (frontmatter defaults merged with the user's values). */
  config: Readonly<Record<string, unknown>>;
  selection: string;
  clipboard: string;
  input: string;
  /** The clock for `{{date}}` and `{{time}}` (tests inject one); default: now. */
  date?: () => Date;
  /** `{{app}}`, `{{window_title}}`, `{{url}}`, `{{language}}` (empty when absent); `{{date}}`/`{{time}}` as given. */
  context?: ContextValues;
  /** The BCP 47 locale `{{date}}` and `{{time}}` are written in (context-values.ts); default `en`. */
  locale?: string;
  /** The raw argument string typed after the skill's name, e.g. `fr "very formal"`. */
  arguments: string;
  /** The skill's folder, for `{baseDir}` and `${CLAUDE_SKILL_DIR}`. */
  skillDir: string;
  /** The skill's declared `arguments` (names for `$0…$N`, also usable as `$name`). */
  declaredArguments: readonly string[];
  /** A declared argument's `default`, by name: what its `$name` / `$N` is when no word was given. */
  argumentDefaults?: Readonly<Record<string, string>>;
}

// Order matters: escapes first, then the longer forms before `$N` / `$name`.
const PLACEHOLDER = new RegExp(
  [
    String.raw`\\\$(ARGUMENTS|\d+|[A-Za-z_]\w*)`, // 1: escaped `\$x`
    String.raw`\{\{\s*([A-Za-z_][\w.-]*)\s*\}\}`, // 2: {{name}} / {{config.a.b}}
    String.raw`\$ARGUMENTS(?:\[(\d+)\])?(?!\w)`, // 3: $ARGUMENTS / $ARGUMENTS[N]
    String.raw`\$\{CLAUDE_SKILL_DIR\}`, //       ${CLAUDE_SKILL_DIR}
    String.raw`\{baseDir\}`, //                  {baseDir}
    String.raw`\$(\d+)`, // 4: $N
    String.raw`\$([A-Za-z_]\w*)`, // 5: $name
  ].join('|'),
  'g',
);

const UNESCAPED_ARGUMENTS = /(?<!\\)\$ARGUMENTS\b/;

/** Renders `text` against `ctx`. Pure apart from the clock. */
export function renderTemplate(text: string, ctx: TemplateContext): string {
  const argString = ctx.arguments.trim();
  const positionalOn = ctx.declaredArguments.length > 0 || UNESCAPED_ARGUMENTS.test(text);
  const args = positionalOn ? splitArguments(argString) : [];
  let usedArguments = false;
  /** The word at `index`, else the default of the argument declared there. */
  const word = (index: number): string | undefined => {
    const given = args[index];
    if (given !== undefined) return given;
    const name = ctx.declaredArguments[index];
    return name === undefined ? undefined : defaultOf(ctx, name);
  };

  const out = text.replace(
    PLACEHOLDER,
    (
      whole: string,
      escaped: string | undefined,
      braced: string | undefined,
      argIndex: string | undefined,
      dollarIndex: string | undefined,
      dollarName: string | undefined,
    ) => {
      if (escaped !== undefined) {
        // `\$ARGUMENTS` always escapes; `\$1` / `\$name` only where they would have been replaced.
        if (escaped === 'ARGUMENTS' || positionalOn) return whole.slice(1);
        return whole;
      }
      if (braced !== undefined) return renderBraced(braced, ctx) ?? whole;
      if (whole === '$ARGUMENTS' || argIndex !== undefined) {
        usedArguments = true;
        return argIndex === undefined ? argString : (word(Number(argIndex)) ?? '');
      }
      if (whole === '${CLAUDE_SKILL_DIR}' || whole === '{baseDir}') return ctx.skillDir;
      if (dollarIndex !== undefined) {
        // `price=$5.00`: a $N with no such argument is prose, not a placeholder
        const value = positionalOn ? word(Number(dollarIndex)) : undefined;
        if (value === undefined) return whole;
        usedArguments = true;
        return value;
      }
      if (dollarName !== undefined) {
        const at = ctx.declaredArguments.indexOf(dollarName);
        if (at < 0) return whole;
        usedArguments = true;
        return word(at) ?? '';
      }
      return whole;
    },
  );

  if (!usedArguments && argString !== '') return `${out}\n\nARGUMENTS: ${argString}`;
  return out;
}

function defaultOf(ctx: TemplateContext, name: string): string | undefined {
  const defaults = ctx.argumentDefaults;
  return defaults && Object.prototype.hasOwnProperty.call(defaults, name) ? defaults[name] : undefined;
}

function renderBraced(name: string, ctx: TemplateContext): string | undefined {
  switch (name) {
    case 'selection':
      return ctx.selection;
    case 'clipboard':
      return ctx.clipboard;
    case 'input':
      return ctx.input;
  }
  if (isContextName(name)) {
    const given = ctx.context?.[name];
    if (given !== undefined) return given;
    const now = () => (ctx.date ?? (() => new Date()))();
    if (name === 'date') return formatDate(now(), ctx.locale ?? 'en');
    if (name === 'time') return formatTime(now(), ctx.locale ?? 'en');
    return '';
  }
  if (!name.startsWith('config.')) return undefined;
  const found = lookupPath(ctx.config, name.slice('config.'.length).split('.'));
  return found.found ? stringify(found.value) : undefined;
}

/** Strings as they are; everything else as JSON (numbers, booleans, null, lists, maps). */
export function stringify(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value === undefined) return '';
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}

export type Lookup = { found: true; value: unknown } | { found: false };

/** Walks own properties only (so `{{config.constructor}}` is not a hit). */
export function lookupPath(root: unknown, segments: readonly string[]): Lookup {
  let value: unknown = root;
  for (const segment of segments) {
    if (value === null || typeof value !== 'object') return { found: false };
    if (!Object.prototype.hasOwnProperty.call(value, segment)) return { found: false };
    value = (value as Record<string, unknown>)[segment];
  }
  return value === undefined ? { found: false } : { found: true, value };
}

/**
 * Splits an argument string the way a POSIX shell would, without expansion (shlex): whitespace separates,
 * '…' is literal, "…" allows \" and \\, a backslash outside quotes escapes the next character, quoted
 * parts join their neighbours (`a"b c"` → `ab c`); `$HOME`, `*`, `#`, `|` are plain characters. Text whose
 * quoting does not balance (an apostrophe in prose: `don't`) is split on whitespace as written.
 */
export function splitArguments(input: string): string[] {
  try {
    return shellSplit(input);
  } catch {
    return input.split(/\s+/).filter((word) => word !== '');
  }
}

/**
 * What a run gives a skill's body: the engine fills a run's system prompt from it, and the editor's
 * preview fills a draft from sample values the same way.
 */
export interface BodyInput {
  /** The selected text. */
  selection?: string;
  /** What the user typed (command bar; CLI `--input`). */
  instruction?: string;
  /** A voice run: what the user said (as they confirmed it). It is the run's input, over the selection. */
  transcript?: string;
  clipboard?: string;
  config: Readonly<Record<string, unknown>>;
  /** What follows the skill's name when typed as a command. */
  argumentsText?: string;
  skillDir: string;
  declaredArguments: readonly string[];
  argumentDefaults?: Readonly<Record<string, string>>;
  /** The context placeholders' values: the window the run was triggered from, the dashboard language. */
  context?: ContextValues;
  /** The locale `{{date}}` / `{{time}}` are written in. */
  locale?: string;
}

/** The text the user gave (`{{input}}`): what they said (a voice run), else the selection, else what they typed. */
export const inputText = (input: Pick<BodyInput, 'selection' | 'instruction' | 'transcript'>) =>
  input.transcript ?? input.selection ?? input.instruction ?? '';

/** A skill's body (or a step's prompt) filled for a run. */
export function renderSkillBody(body: string, input: BodyInput, date?: () => Date): string {
  return renderTemplate(body, {
    config: input.config,
    selection: input.selection ?? '',
    clipboard: input.clipboard ?? '',
    input: inputText(input),
    arguments: input.argumentsText ?? '',
    skillDir: input.skillDir,
    declaredArguments: input.declaredArguments,
    ...(input.argumentDefaults ? { argumentDefaults: input.argumentDefaults } : {}),
    ...(input.context ? { context: input.context } : {}),
    ...(input.locale ? { locale: input.locale } : {}),
    ...(date ? { date } : {}),
  });
}
