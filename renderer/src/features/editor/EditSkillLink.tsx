import { useTranslation } from 'react-i18next';
import type { SkillSummary } from '../../../../shared/types/skill';
import { editorHref } from './route';
import './editor.css';

/** The skill card's way into the editor. */
export function EditSkillLink({ skill }: { skill: Pick<SkillSummary, 'id' | 'name'> }) {
  const { t } = useTranslation('editor');
  return (
    <a
      className="button button-ghost edit-skill-link"
      href={editorHref(skill.id)}
      aria-label={t('editSkillOf', { name: skill.name })}
      data-testid={`edit-skill-${skill.id}`}
    >
      {t('editSkill')}
    </a>
  );
}
