import { useTranslation } from 'react-i18next';
import type { SkillSummary } from '../../../../shared/types/skill';
import { editorHref } from './route';
import './editor.css';

/** The skill card's way into the editor: "View" for a built-in or plugin skill, which cannot be edited. */
export function EditSkillLink({ skill }: { skill: Pick<SkillSummary, 'id' | 'name' | 'source'> }) {
  const { t } = useTranslation('editor');
  const readOnly = skill.source === 'builtin' || skill.source === 'plugin';
  return (
    <a
      className="button button-ghost edit-skill-link"
      href={editorHref(skill.id)}
      aria-label={t(readOnly ? 'viewSkillOf' : 'editSkillOf', { name: skill.name })}
      data-testid={`edit-skill-${skill.id}`}
    >
      {t(readOnly ? 'viewSkill' : 'editSkill')}
    </a>
  );
}
