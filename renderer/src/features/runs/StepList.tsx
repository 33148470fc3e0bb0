import { memo, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../i18n/error-text';
import { Duration, Elapsed } from './Duration';
import { Markdown } from './Markdown';
import { runningSince, stepDuration, type StepView } from '../../../../shared/runs/run-view';
import { subagentsOf, topLevelSteps } from '../../../../shared/runs/step-extras';
import { QualityAttempts, QualityScore } from './QualityScore';
import { SubagentCard } from './SubagentCard';
import { ToolCall } from './ToolCall';
import './step-list.css';
import './step-extras.css';

const NO_SUBAGENTS: StepView[] = [];

/**
 * The steps of a run in order, each with its status, attempts, timing, streamed text and tool calls.
 * Memoized: the run panel renders again on every event, the list only when its steps changed.
 */
export const StepList = memo(function StepList({ steps }: { steps: StepView[] }) {
  const { t } = useTranslation('runs');
  // a sub-agent shows as a card under the step that started it
  const shown = useMemo(() => {
    const top = topLevelSteps(steps);
    return top.map((step) => {
      const subs = subagentsOf(steps, step.stepId);
      return { step, subagents: subs.length > 0 ? subs : NO_SUBAGENTS };
    });
  }, [steps]);
  if (steps.length === 0) return <p className="muted small">{t('panel.noSteps')}</p>;
  return (
    <ol className="step-list">
      {shown.map(({ step, subagents }) => (
        <StepItem key={step.stepId} step={step} subagents={subagents} />
      ))}
    </ol>
  );
});

// A token changes one step: the others (same object) skip rendering.
const StepItem = memo(function StepItem({ step, subagents }: { step: StepView; subagents: StepView[] }) {
  const { t, i18n } = useTranslation('runs');
  const duration = stepDuration(step);
  const since = runningSince(step);
  const streamed = step.segments.some((s) => s.kind === 'text' && s.text.trim() !== '');
  const [qualityOpen, setQualityOpen] = useState(false);
  const subagentOf = (callId: string) => subagents.find((s) => s.subagent?.callId === callId);
  const shownCalls = new Set(step.segments.flatMap((s) => (s.kind === 'tool' ? [s.callId] : [])));
  return (
    <li
      className="step"
      data-testid={`run-step-${step.stepId}`}
      data-step={step.stepId}
      data-status={step.status}
    >
      <div className="step-head">
        <span className="status-dot" data-status={step.status} aria-hidden="true" />
        <span className="step-name">{step.name}</span>
        <span className="status-badge" data-status={step.status}>
          {t(`status.${step.status}`)}
        </span>
        {step.attempts > 1 && (
          <span className="muted small">{t('panel.attempt', { count: step.attempts })}</span>
        )}
        <QualityScore
          stepId={step.stepId}
          verdicts={step.quality}
          open={qualityOpen}
          onToggle={() => setQualityOpen((o) => !o)}
        />
        {duration !== null ? (
          <span className="muted small step-time">
            <Duration ms={duration} />
          </span>
        ) : (
          since !== null && (
            <span className="muted small step-time" data-testid="step-elapsed">
              <Elapsed since={since} />
            </span>
          )
        )}
      </div>
      {qualityOpen && step.quality.length > 0 && (
        <QualityAttempts stepId={step.stepId} verdicts={step.quality} />
      )}
      {step.skipReason && <p className="muted small">{t('panel.skipped', { reason: step.skipReason })}</p>}
      <div className="step-body" aria-live={step.status === 'running' ? 'polite' : undefined}>
        {step.segments.map((segment, i) => {
          if (segment.kind === 'text') return <Markdown key={i} text={segment.text} />;
          // the Task call that started a sub-agent is shown as the sub-agent's card
          const sub = subagentOf(segment.callId);
          if (sub) return <SubagentCard key={i} step={sub} />;
          return step.tools[segment.callId] && <ToolCall key={i} call={step.tools[segment.callId]!} />;
        })}
        {subagents
          .filter((s) => !shownCalls.has(s.subagent!.callId))
          .map((s) => (
            <SubagentCard key={s.stepId} step={s} />
          ))}
        {!streamed && step.output && <Markdown text={step.output} />}
      </div>
      {step.errors.length > 0 && (
        <ul className="step-errors">
          {step.errors.map((error, i) => (
            <li key={i} className={error.willRetry ? 'step-retry' : 'step-error'}>
              {t(error.willRetry ? 'panel.retrying' : 'panel.failedAttempt', {
                attempt: error.attempt,
                error: errorText({ message: error.error, words: error.words }, i18n),
              })}
            </li>
          ))}
        </ul>
      )}
    </li>
  );
});
