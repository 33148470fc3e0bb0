import { useTranslation } from 'react-i18next';
import type { SkillSummary } from '../../../../shared/types/skill';
import { PlayIcon } from '../../app/icons';
import { useStores } from '../../app/stores-context';
import './run-sheet.css';

type Runnable = Pick<SkillSummary, 'id' | 'name' | 'runnable' | 'shadowedBy' | 'userInvocable'>;

/** Whether the user may run it from here: it loads, it is the one used, and it is not for models only. */
export const offeredToRun = (skill: Runnable) => skill.runnable && !skill.shadowedBy && skill.userInvocable;

/**
 * "Run": opens the run sheet on the skill (cards, list rows, the editor). Nothing for a skill not offered;
 * in the editor (`author`) a skill for models only may be run too, to try it as its author.
 */
export function RunSkillButton({
  skill,
  primary = false,
  author = false,
}: {
  skill: Runnable;
  primary?: boolean;
  author?: boolean;
}) {
  const { t } = useTranslation('launch');
  const { useLaunchStore } = useStores();
  const allowed = author ? skill.runnable && !skill.shadowedBy : offeredToRun(skill);
  if (!allowed) return null;
  return (
    <button
      type="button"
      className={`button run-skill-button${primary ? ' button-primary' : ''}`}
      aria-label={t('runSkill', { name: skill.name })}
      aria-haspopup="dialog"
      data-testid={`run-skill-${skill.id}`}
      onClick={() => useLaunchStore.getState().openSheet(skill.id, author ? { author } : {})}
    >
      <PlayIcon />
      {t('run')}
    </button>
  );
}
