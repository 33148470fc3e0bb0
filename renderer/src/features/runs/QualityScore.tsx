import { useTranslation } from 'react-i18next';
import type { StepQualityScore } from '../../../../shared/types/run';

/** One judged answer in words: its score against the threshold and the judge's reason. */
function useVerdictLine() {
  const { t } = useTranslation('runs');
  return (v: StepQualityScore) =>
    v.score === null
      ? t('quality.attemptNoScore', { attempt: v.attempt, reason: v.reason })
      : t(v.passed ? 'quality.attemptPassed' : 'quality.attemptBelow', {
          attempt: v.attempt,
          score: v.score,
          threshold: v.threshold,
          reason: v.reason,
        });
}

/**
 * A step's quality check on its head: the latest answer's score, passed or below the threshold. Hovering
 * says every attempt's score; pressing it unfolds them with the judge's reasons (QualityAttempts).
 */
export function QualityScore({
  stepId,
  verdicts,
  open,
  onToggle,
}: {
  stepId: string;
  verdicts: StepQualityScore[];
  open: boolean;
  onToggle: () => void;
}) {
  const { t } = useTranslation('runs');
  const line = useVerdictLine();
  const last = verdicts.at(-1);
  if (!last) return null;
  return (
    <button
      type="button"
      className="quality-score"
      data-testid={`quality-${stepId}`}
      data-passed={last.passed}
      aria-expanded={open}
      aria-controls={`quality-attempts-${stepId}`}
      title={verdicts.map(line).join('\n')}
      onClick={onToggle}
    >
      {last.score === null ? t('quality.notScored') : t('quality.score', { score: last.score })}
      {verdicts.length > 1 && ` · ${t('quality.attempts', { count: verdicts.length })}`}
    </button>
  );
}

/** Every judged answer of the step, with the judge's reason, under its head. */
export function QualityAttempts({ stepId, verdicts }: { stepId: string; verdicts: StepQualityScore[] }) {
  const line = useVerdictLine();
  return (
    <ol
      id={`quality-attempts-${stepId}`}
      className="quality-attempts"
      data-testid={`quality-attempts-${stepId}`}
    >
      {verdicts.map((v) => (
        <li key={v.attempt} data-passed={v.passed}>
          {line(v)}
        </li>
      ))}
    </ol>
  );
}
