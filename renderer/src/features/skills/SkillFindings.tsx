import { useTranslation } from 'react-i18next';
import type { Finding } from '../../../../shared/types/finding';
import { WarningIcon } from '../../app/icons';
import { errorText } from '../../i18n/error-text';

const SHOWN = 4;

/** What reading a skill's SKILL.md found: errors (it cannot run) before warnings (it can). */
export function SkillFindings({ findings, skillName }: { findings: readonly Finding[]; skillName: string }) {
  const { t, i18n } = useTranslation('skills');
  if (findings.length === 0) return null;
  const errors = findings.filter((f) => f.severity === 'error');
  const warnings = findings.filter((f) => f.severity === 'warning');
  const ordered = [...errors, ...warnings];
  const title = [
    errors.length > 0 && t('errors', { count: errors.length }),
    warnings.length > 0 && t('warnings', { count: warnings.length }),
  ]
    .filter(Boolean)
    .join(' · ');

  return (
    <div
      className="problems"
      data-severity={errors.length > 0 ? 'error' : 'warning'}
      role="note"
      aria-label={t('problemsIn', { name: skillName })}
    >
      <div className="problems-title">
        <WarningIcon />
        {title}
        {errors.length > 0 && <span className="problems-hint">{t('cannotRun')}</span>}
      </div>
      <ul>
        {ordered.slice(0, SHOWN).map((f, i) => (
          <li key={i} data-severity={f.severity}>
            {f.line !== undefined && <span className="finding-line">{t('line', { line: f.line })}</span>}
            {errorText({ message: f.message, words: f.words }, i18n)}
          </li>
        ))}
        {ordered.length > SHOWN && (
          <li className="muted">{t('andMore', { count: ordered.length - SHOWN })}</li>
        )}
      </ul>
    </div>
  );
}
