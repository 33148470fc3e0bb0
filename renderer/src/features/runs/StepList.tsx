import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../i18n/error-text';
import { decisionText } from '../grants/decision-text';
import { Duration, Elapsed } from './Duration';
import { formatInput, inputSummary } from './format';
import { Markdown } from './Markdown';
import { runningSince, stepDuration, type StepView, type ToolView } from '../../../../shared/runs/run-view';
import './step-list.css';

/**
 * The steps of a run in order, each with its status, attempts, timing, streamed text and tool calls.
 * Memoized: the run panel renders again on every event, the list only when its steps changed.
 */
export const StepList = memo(function StepList({ steps }: { steps: StepView[] }) {
  const { t } = useTranslation('runs');
  if (steps.length === 0) return <p className="muted small">{t('panel.noSteps')}</p>;
  return (
    <ol className="step-list">
      {steps.map((step) => (
        <StepItem key={step.stepId} step={step} />
      ))}
    </ol>
  );
});

// A token changes one step: the others (same object) skip rendering.
const StepItem = memo(function StepItem({ step }: { step: StepView }) {
  const { t, i18n } = useTranslation('runs');
  const duration = stepDuration(step);
  const since = runningSince(step);
  const streamed = step.segments.some((s) => s.kind === 'text' && s.text.trim() !== '');
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
      {step.skipReason && <p className="muted small">{t('panel.skipped', { reason: step.skipReason })}</p>}
      <div className="step-body" aria-live={step.status === 'running' ? 'polite' : undefined}>
        {step.segments.map((segment, i) =>
          segment.kind === 'text' ? (
            <Markdown key={i} text={segment.text} />
          ) : (
            step.tools[segment.callId] && <ToolCall key={i} call={step.tools[segment.callId]!} />
          ),
        )}
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

const DECISION_SOURCES = {
  allow: ['user', 'rule', 'run-grant', 'mode'],
  deny: ['user', 'rule', 'mode', 'timeout', 'ceiling'],
};

export function ToolCall({ call }: { call: ToolView }) {
  const { t } = useTranslation('runs');
  const { t: grantsT } = useTranslation('grants');
  const decision = call.decision;
  const state = call.result
    ? call.result.isError
      ? 'error'
      : 'done'
    : call.decision?.decision === 'deny'
      ? 'denied'
      : 'pending';
  return (
    <div className="tool-call" data-testid={`tool-call-${call.callId}`} data-state={state}>
      <div className="tool-head">
        <span className="tool-name">{call.tool}</span>
        <code className="tool-args-line">{inputSummary(call.input)}</code>
        {decision && (
          <span className="decision" data-decision={decision.decision} data-source={decision.source}>
            {t(
              `decision.${decision.decision}.${DECISION_SOURCES[decision.decision].includes(decision.source) ? decision.source : 'other'}`,
            )}
          </span>
        )}
      </div>
      <details className="tool-details">
        <summary>{t('tool.arguments')}</summary>
        <pre className="tool-pre">{formatInput(call.input)}</pre>
      </details>
      {decision?.decision === 'deny' && decision.reason && (
        <p className="small muted" data-testid="deny-reason">
          {decisionText(decision.reason, grantsT)}
        </p>
      )}
      {call.result ? (
        <>
          {/* a denied call's summary only repeats, in English, what the decision above says */}
          {decision?.decision !== 'deny' && (
            <p className={call.result.isError ? 'tool-summary tool-summary-error' : 'tool-summary'}>
              {call.result.summary}
            </p>
          )}
          {call.result.output && (
            <details className="tool-details">
              <summary>{t('tool.fullResult', { count: call.result.output.length })}</summary>
              <pre className="tool-pre">{call.result.output}</pre>
            </details>
          )}
        </>
      ) : (
        state === 'pending' && <p className="muted small">{t('tool.running')}</p>
      )}
    </div>
  );
}
