import type { Finding } from '../../../../shared/types/finding';
import { WarningIcon } from '../../app/icons';

const SHOWN = 4;

const count = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;

/** What reading a skill's SKILL.md found: errors (it cannot run) before warnings (it can). */
export function SkillFindings({ findings, skillName }: { findings: readonly Finding[]; skillName: string }) {
  if (findings.length === 0) return null;
  const errors = findings.filter((f) => f.severity === 'error');
  const warnings = findings.filter((f) => f.severity === 'warning');
  const ordered = [...errors, ...warnings];
  const title = [
    errors.length > 0 && count(errors.length, 'error'),
    warnings.length > 0 && count(warnings.length, 'warning'),
  ]
    .filter(Boolean)
    .join(' · ');

  return (
    <div
      className="problems"
      data-severity={errors.length > 0 ? 'error' : 'warning'}
      role="note"
      aria-label={`Problems in ${skillName}`}
    >
      <div className="problems-title">
        <WarningIcon />
        {title}
        {errors.length > 0 && <span className="problems-hint">— cannot run until fixed</span>}
      </div>
      <ul>
        {ordered.slice(0, SHOWN).map((f, i) => (
          <li key={i} data-severity={f.severity}>
            {f.line !== undefined && <span className="finding-line">line {f.line}: </span>}
            {f.message}
          </li>
        ))}
        {ordered.length > SHOWN && <li className="muted">and {ordered.length - SHOWN} more</li>}
      </ul>
    </div>
  );
}
