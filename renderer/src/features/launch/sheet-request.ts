// What the run sheet sends: its boxes and fields as one `runs:start` request.
import { join as shellJoin } from 'shlex';
import type { RunStart } from '../../../../shared/types/run';
import type { ArgumentSpecData as SkillArgument } from '../../../../shared/types/skill-definition';
import { configOverrides } from '../runs/config-text';

export interface SheetValues {
  input: string;
  selection: string;
  /** By argument name: the named fields. */
  args: Readonly<Record<string, string>>;
  /** The one arguments box of a skill that takes arguments without naming them (`argument-hint`). */
  freeArguments: string;
  /** Config values as typed, by key. */
  config: Readonly<Record<string, string>>;
}

/** The named fields' first values: each argument's default, else its first option, else empty. */
export function initialArguments(specs: readonly SkillArgument[]): Record<string, string> {
  return Object.fromEntries(specs.map((spec) => [spec.name, spec.default ?? spec.options?.[0] ?? '']));
}

/**
 * The named fields as the words the engine splits (`$0…$N`, `$name`): in declared order, each quoted
 * as a shell would read it back, so "very formal" stays one word. Empty fields at the end are left
 * out (the skill's defaults apply); one before a filled field is sent as an empty word.
 */
export function argumentsText(specs: readonly SkillArgument[], values: Readonly<Record<string, string>>) {
  const words = specs.map((spec) => values[spec.name] ?? '');
  while (words.length > 0 && words.at(-1)!.trim() === '') words.pop();
  return shellJoin(words);
}

/** The request for the sheet's values; empty boxes are left out. */
export function sheetRequest(
  skillId: string,
  values: SheetValues,
  skill: { argumentSpecs: readonly SkillArgument[]; config: Readonly<Record<string, unknown>> },
): RunStart {
  const args =
    skill.argumentSpecs.length > 0
      ? argumentsText(skill.argumentSpecs, values.args)
      : values.freeArguments.trim();
  const config = configOverrides(skill.config, values.config);
  return {
    skillId,
    ...(values.input.trim() ? { input: values.input } : {}),
    ...(values.selection.trim() ? { selection: values.selection } : {}),
    ...(args ? { arguments: args } : {}),
    ...(Object.keys(config).length > 0 ? { config } : {}),
  };
}

/**
 * What the palette sends for text typed after a skill: the input, and — as a hotkey's command bar does —
 * also the arguments when the skill takes some.
 */
export function paletteRequest(skill: { id: string; takesArguments: boolean }, typed: string): RunStart {
  const text = typed.trim() ? typed : '';
  return {
    skillId: skill.id,
    ...(text ? { input: text } : {}),
    ...(text && skill.takesArguments ? { arguments: text.trim() } : {}),
  };
}

/** `output` choices that act on the selection. */
const SELECTION_OUTPUTS: ReadonlySet<string> = new Set(['replace_selection', 'insert_after']);

/**
 * Whether the sheet opens its selection box: the skill reads `{{selection}}`, or its answer replaces or
 * follows the selection (it works on one).
 */
export function asksForSelection(skill: {
  usesSelection: boolean;
  definition: { output?: string } | null;
}): boolean {
  return skill.usesSelection || SELECTION_OUTPUTS.has(skill.definition?.output ?? '');
}
