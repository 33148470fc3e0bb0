// `user-invocable: false`: a skill for models only. Agents activate it with the Skill tool; nothing the
// user starts runs it — no hotkey, link or launcher (trigger/trigger.ts), no hotkey bound to it
// (meta-handlers.ts), not `skilldeck run` (electron/cli/commands/run.ts) — and no list offers it to run.
import { AppError } from '../../../shared/ipc/result';

const SAID = {
  hotkey: 'it cannot have a hotkey — agents start it with the Skill tool',
  trigger: 'a hotkey, link or the launcher does not start it — agents do, with the Skill tool',
  run: '`skilldeck run` does not start it — agents do, with the Skill tool',
} as const;

/**
 * Why a skill for models only is refused: as a hotkey's skill, started by a trigger (hotkey, link,
 * launcher, `skilldeck run --trigger`), or by `skilldeck run`.
 */
export function modelOnlyRefusal(skillId: string, what: keyof typeof SAID): AppError {
  const message = `"${skillId}" is for models only (user-invocable: false in its SKILL.md): ${SAID[what]}`;
  return new AppError('FORBIDDEN', message, {
    words: { key: `skills.modelOnly.${what}`, values: { id: skillId } },
  });
}
