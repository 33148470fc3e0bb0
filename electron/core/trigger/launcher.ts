// The launcher (`trigger:launcher`, the launcher's global hotkey): capture what is selected as a skill's
// hotkey would, show the skills the user may start — filtered as they type, by the dashboard palette's
// rule (launcher-rank.ts) — and run the chosen one on the capture; what was typed after choosing is its
// instruction (and its arguments, for a skill that takes them). A host without a launcher window is given
// the query and the pick (1–9) in the request.
import type { LauncherInput, LauncherResult } from '../../../shared/types/desktop';
import { AppError } from '../../../shared/ipc/result';
import type { SkillUsage } from '../../../shared/types/run';
import type { SkillSummary } from '../../../shared/types/skill';
import type { LauncherPort } from '../platform';
import { launcherEntry, launcherSkills, rankLauncher } from './launcher-rank';
import type { createTriggerFlow } from './trigger';

/** How many of the skills shown 1–9 pick. */
const PICKABLE = 9;

export interface LauncherDeps {
  flow: ReturnType<typeof createTriggerFlow>;
  ports: { commandBar: LauncherPort };
  /** Every skill as `skills:list` gives it (with its look, hotkey and who may start it). */
  listSkills: () => readonly SkillSummary[] | Promise<readonly SkillSummary[]>;
  /** Runs per skill (`runs:usage`): the skills used often and lately come first. */
  usage: () => readonly SkillUsage[];
  /** The app rule's default skill for the focused app (Settings › Apps): listed first for an empty filter. */
  defaultSkillFor?: (app: string | null) => string | null;
  now?: () => number;
}

export function createLauncher(deps: LauncherDeps) {
  const now = deps.now ?? Date.now;
  return async function launch(input: LauncherInput): Promise<LauncherResult> {
    const capture = await deps.flow.capture(input.selection);
    const hasSelection = capture.captured.text.trim() !== '';
    const skills = launcherSkills(await deps.listSkills());
    const usage = deps.usage();
    const at = now();
    const preferred = deps.defaultSkillFor?.(capture.focus?.app ?? null) ?? null;
    const filter = (query: string) => {
      const ranked = rankLauncher(skills, usage, query, at);
      // the app's default skill comes first (preselected) until the user types
      const first = query.trim() === '' ? ranked.findIndex((s) => s.id === preferred) : -1;
      if (first > 0) ranked.unshift(...ranked.splice(first, 1));
      return ranked.map((s) => launcherEntry(s, hasSelection));
    };
    const query = input.query ?? '';
    const shown = filter(query);
    const none: LauncherResult = {
      runId: null,
      captured: { method: capture.captured.method, chars: capture.captured.text.length },
      app: capture.focus?.app ?? null,
      skillId: null,
      offered: shown.slice(0, PICKABLE).map(({ id, name }) => ({ id, name })),
    };
    let choice: { skillId: string; instruction?: string } | null;
    if (input.pick !== undefined) {
      const picked = shown[input.pick - 1];
      if (!picked) {
        throw new AppError(
          'NOT_FOUND',
          `the launcher shows ${shown.length} skill${shown.length === 1 ? '' : 's'} for "${query}": nothing to pick as ${input.pick}`,
        );
      }
      choice = {
        skillId: picked.id,
        ...(input.instruction !== undefined ? { instruction: input.instruction } : {}),
      };
    } else {
      choice = await deps.ports.commandBar.choose({
        skills: shown,
        filter,
        captured: capture.captured,
        target: capture.focus,
      });
    }
    if (choice === null) return none;
    // only what the launcher offers can be started from it (never a `user-invocable: false` skill)
    if (!skills.some((s) => s.id === choice.skillId))
      throw new AppError('NOT_FOUND', `the launcher does not offer "${choice.skillId}"`);
    const started = await deps.flow.startOn(capture, {
      skillId: choice.skillId,
      ...(choice.instruction !== undefined ? { instruction: choice.instruction } : {}),
    });
    return { ...none, ...started, skillId: choice.skillId };
  };
}
