// `skilldeck run SKILL --context NAME=VALUE …`: the context placeholders' values for a run started from a
// terminal, where no window was focused for it (docs/SKILL-FORMAT.md "Context placeholders").
import { CONTEXT_NAMES, isContextName, type ContextValues } from '../../shared/skills/context-values';

/** The values, or the usage error that says how to write them. */
export function parseContextFlags(pairs: readonly string[]): { values: ContextValues } | { problem: string } {
  const values: ContextValues = {};
  for (const pair of pairs) {
    const eq = pair.indexOf('=');
    const name = eq < 0 ? pair : pair.slice(0, eq);
    if (eq <= 0)
      return {
        problem: `--context takes NAME=VALUE, e.g. --context app=firefox or --context "window_title=Inbox", not "${pair}"`,
      };
    if (!isContextName(name))
      return { problem: `--context ${name}: unknown name; it is one of ${CONTEXT_NAMES.join(', ')}` };
    if (values[name] !== undefined) return { problem: `--context ${name} is given twice` };
    values[name] = pair.slice(eq + 1);
  }
  return { values };
}
