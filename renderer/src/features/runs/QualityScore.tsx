import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { StepQualityScore } from '../../../../shared/types/run';

/**
 * A step's quality check on its head: the latest answer's score, passed or below the threshold. Hovering
 * says every attempt's score; the button unfolds them with the judge's reasons.
 */
export function QualityScore({ stepId, verdicts }: { stepId: string; verdicts: StepQualityScore[] }) {
  const { t } = useTranslation('runs');
  const [open, setOpen] = useState(false);
  const listId = useId();
  const last = verdicts.at(-1);
  if (!last) return null;
  const line = (v: StepQualityScore) =>
    v.score === null
      ? t('quality.attemptNoScore', { attempt: v.attempt, reason: v.reason })
      : t(v.passed ? 'quality.attemptPassed' : 'quality.attemptBelow', {
          attempt: v.attempt,
          score: v.score,
          threshold: v.threshold,
          reason: v.reason,
        });
  return (
    <>
      <button
        type="button"
        className="quality-score"
        data-testid={`quality-${stepId}`}
        data-passed={last.passed}
        aria-expanded={open}
        aria-controls={listId}
        title={verdicts.map(line).join('\n')}
        onClick={() => setOpen((o) => !o)}
      >
        {last.score === null ? t('quality.notScored') : t('quality.score', { score: last.score })}
        {verdicts.length > 1 && (
          <span className="quality-count">{t('quality.attempts', { count: verdicts.length })}</span>
        )}
      </button>
      {open && (
        <ol id={listId} className="quality-attempts" data-testid={`quality-attempts-${stepId}`}>
          {verdicts.map((v) => (
            <li key={v.attempt} data-passed={v.passed}>
              {line(v)}
            </li>
          ))}
        </ol>
      )}
    </>
  );
}
