import { useTranslation } from 'react-i18next';
import type { ToolView } from '../../../../shared/runs/run-view';
import { decisionText } from '../grants/decision-text';
import { formatInput, inputSummary } from './format';

const DECISION_SOURCES = {
  allow: ['user', 'rule', 'run-grant', 'mode'],
  deny: ['user', 'rule', 'mode', 'timeout', 'ceiling'],
};

/** One tool call of a step: its arguments, the permission decision and its result. */
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
