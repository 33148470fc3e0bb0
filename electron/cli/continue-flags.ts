// `skilldeck run [SKILL] --continue RUN_ID --input TEXT`: which flags a follow-up takes. It continues the
// run's own conversation, so what would change that run's input, skill or place is refused with words.

/** Flags that shape a new run, not a follow-up of one. */
const NOT_WITH_CONTINUE = [
  'selection',
  'arguments',
  'config',
  'context',
  'workdir',
  'permission-mode',
  'agent',
  'trigger',
  'fallback-original',
] as const;

/** Why these flags cannot continue a run (null: they can). */
export function continueProblem(
  values: Partial<Record<(typeof NOT_WITH_CONTINUE)[number] | 'continue' | 'input', unknown>>,
  positionals: readonly string[],
): string | null {
  const id = String(values.continue ?? '').trim();
  if (id === '' || id.startsWith('-'))
    return '--continue takes the id of a run, e.g. --continue run_… (`--events ndjson` prints it in run_start)';
  if (positionals.length > 1) return '`run --continue RUN_ID` takes at most one SKILL id';
  if (values.input === undefined || String(values.input).trim() === '')
    return '--continue needs the follow-up: --input "your message" (or --input - to read it from stdin)';
  const refused = NOT_WITH_CONTINUE.filter((flag) => values[flag] !== undefined);
  if (refused.length > 0)
    return `--continue goes on with the run's own input and settings; it does not take --${refused.join(', --')}`;
  return null;
}
