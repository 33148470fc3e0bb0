// `user-invocable: false`: a skill for models only. Agents activate it with the Skill tool; nothing the
// user starts runs it — no hotkey, link or launcher (trigger/trigger.ts), no hotkey bound to it
// (meta-handlers.ts), not `skilldeck run` (electron/cli/commands/run.ts) — and no list offers it to run.
import { AppError } from '../../../shared/ipc/result';

/**
 * Why a skill for models only is refused: as a hotkey's skill, or started by a trigger (hotkey, link,
 * launcher, `skilldeck run --trigger`).
 */
export function modelOnlyRefusal(skillId: string, what: 'trigger' | 'hotkey'): AppError {
  const message =
    what === 'hotkey'
      ? `"${skillId}" is for models only (user-invocable: false in its SKILL.md): it cannot have a hotkey — agents start it with the Skill tool`
      : `"${skillId}" is for models only (user-invocable: false in its SKILL.md): a hotkey, link or the launcher does not start it — agents do, with the Skill tool`;
  return new AppError('FORBIDDEN', message, {
    words: { key: `skills.modelOnly.${what}`, values: { id: skillId } },
  });
}
