import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../i18n/error-text';
import type { RunView, TurnView } from '../../../../../shared/runs/run-view';
import { turnText } from '../../../../../shared/runs/turns';
import { Markdown } from '../Markdown';
import { ToolCall } from '../ToolCall';
import { DeliverButtons, type Say } from './DeliverButtons';

/** The follow-ups under the result, as a chat: what was asked, then the answer as it streams. */
export function Thread({ run, say }: { run: RunView; say: Say }) {
  const { t } = useTranslation('result');
  return (
    <ol className="thread" aria-label={t('thread.label')}>
      {run.turns.map((turn) => (
        <TurnItem key={turn.turn} run={run} turn={turn} say={say} />
      ))}
    </ol>
  );
}

// A token changes one turn: the others (same object) skip rendering.
const TurnItem = memo(
  function TurnItem({ run, turn, say }: { run: RunView; turn: TurnView; say: Say }) {
    const { t, i18n } = useTranslation('result');
    const { step } = turn;
    const streamed = step.segments.some((s) => s.kind === 'text' && s.text.trim() !== '');
    const live = turn.status === 'running' || turn.status === 'waiting';
    return (
      <li className="turn" data-testid={`turn-${turn.turn}`} data-status={turn.status}>
        <div className="turn-you">
          <span className="turn-who">{t('thread.you')}</span>
          <p className="turn-message">{turn.message}</p>
        </div>
        <div className="turn-answer" aria-live={live ? 'polite' : undefined}>
          <span className="turn-who">{t('thread.answer')}</span>
          {step.segments.map((segment, i) =>
            segment.kind === 'text' ? (
              <Markdown key={i} text={segment.text} />
            ) : (
              step.tools[segment.callId] && <ToolCall key={i} call={step.tools[segment.callId]!} />
            ),
          )}
          {!streamed && turn.output && <Markdown text={turn.output} />}
          {live && !streamed && <p className="muted small">{t('thread.answering')}</p>}
          {turn.status === 'failed' && (
            <p className="field-error">
              {t('thread.failed', {
                error: errorText({ message: turn.error ?? '', words: turn.errorWords }, i18n),
              })}
            </p>
          )}
          {turn.status === 'cancelled' && <p className="muted small">{t('thread.cancelled')}</p>}
          {turn.status === 'interrupted' && <p className="muted small">{t('thread.interrupted')}</p>}
          {turn.status === 'succeeded' && turnText(turn) !== '' && (
            <div className="result-bar">
              <DeliverButtons run={run} turn={turn.turn} text={turnText(turn)} say={say} />
            </div>
          )}
        </div>
      </li>
    );
  },
  (a, b) => a.turn === b.turn && a.run.insertInto === b.run.insertInto && a.say === b.say,
);
