import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { isFinished, runOutputText } from '../../../../shared/runs/run-view';
import { pageHref } from '../../app/routes';
import { useStores } from '../../app/stores-context';
import { errorText } from '../../i18n/error-text';
import { Duration, Elapsed } from '../runs/Duration';
import { RunResult } from '../runs/result/RunResult';
import { outputSentence } from '../runs/output-words';
import { StepList } from '../runs/StepList';

/**
 * The sheet's run as it streams, drawn as the run panel draws it: a prompt run's answer as Markdown,
 * other runs as their steps (tool calls, retries); then what can be done with it (RunResult: Copy,
 * Insert, Save as memo, Retry, Retry with…, Continue). The Runs page has its history.
 */
export function SheetResult({
  runId,
  onLeave,
  onShowRun,
}: {
  runId: string;
  onLeave: () => void;
  /** Retry, Retry with… or an attempt picked: the sheet shows that run. */
  onShowRun: (runId: string) => void;
}) {
  const { t, i18n } = useTranslation('launch');
  const { useRunsStore } = useStores();
  const run = useRunsStore((s) => s.runs[runId]);
  const titleId = useId();
  const section = useRef<HTMLElement>(null);
  const shown = run !== undefined;
  // a new run (Run, Retry): its result comes into view, in a sheet taller than the window too
  useEffect(() => {
    if (shown) section.current?.scrollIntoView?.({ block: 'start' });
  }, [runId, shown]);
  if (!run) return null;
  const finished = isFinished(run.status);
  const plain = run.mode === 'prompt' && run.steps.every((step) => Object.keys(step.tools).length === 0);
  const text = runOutputText(run);

  return (
    <section
      ref={section}
      className="sheet-result"
      aria-labelledby={titleId}
      data-testid="sheet-result"
      data-status={run.status}
    >
      <div className="sheet-result-head">
        <h3 id={titleId} className="section-title">
          {t('sheet.result')}
        </h3>
        <span className="status-badge" data-status={run.status} data-testid="sheet-status" role="status">
          {t(`runs:status.${run.status}`)}
        </span>
        <span className="muted small">
          {run.endedAt !== null ? (
            <Duration ms={run.endedAt - run.startedAt} />
          ) : (
            <Elapsed since={run.startedAt} />
          )}
        </span>
        <span className="sheet-result-actions">
          {!finished && (
            <button
              type="button"
              className="button"
              onClick={() => void useRunsStore.getState().cancel(runId)}
            >
              {t('sheet.stop')}
            </button>
          )}
          <a
            className="button button-ghost"
            href={pageHref('runs')}
            onClick={() => {
              useRunsStore.setState({ currentId: runId });
              onLeave();
            }}
          >
            {t('sheet.openInRuns')}
          </a>
        </span>
      </div>
      {!plain && (
        <div className="sheet-output" data-testid="sheet-steps" aria-busy={!finished}>
          <StepList steps={run.steps} />
        </div>
      )}
      {plain && !text && !finished && <p className="muted small">{t('sheet.noOutput')}</p>}
      <RunResult runId={runId} showOutput={plain} onShowRun={onShowRun} />
      {run.status === 'cancelled' ? (
        <p className="muted small">{t('runs:panel.cancelled')}</p>
      ) : (
        run.error && (
          <p className="form-error" role="alert">
            {errorText({ message: run.error, words: run.errorWords }, i18n)}
          </p>
        )
      )}
      {/* the answer is shown here: "shown in a card" would only confuse */}
      {run.outputs
        .filter((o) => o.tool !== 'floating_card')
        .map((o, i) => (
          <p key={i} className="muted small">
            {outputSentence(t, o.tool)}
          </p>
        ))}
    </section>
  );
}
