import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useStores } from '../../../app/stores-context';
import { isFinished, runOutputText } from '../../../../../shared/runs/run-view';
import { canContinue, liveTurn } from '../../../../../shared/runs/turns';
import { Markdown } from '../Markdown';
import { DeliverButtons, type Say } from './DeliverButtons';
import { FollowUpBox } from './FollowUpBox';
import { RetryControls } from './RetryControls';
import { Thread } from './Thread';
import './run-result.css';

export interface RunResultProps {
  runId: string;
  /**
   * Show the result's text here. The run panel leaves it off (its steps show the text as it streams);
   * a view without steps (the run sheet) turns it on.
   */
  showOutput?: boolean;
  /** Another attempt was started or picked (Retry, Retry with…, the attempt arrows): show that run. */
  onShowRun?: (runId: string) => void;
}

/**
 * A run's result and what can be done with it: Copy, Insert (where the run was triggered from another
 * app), Save as memo, Retry, Retry with… another model, the attempts of the run, and the follow-up thread
 * with its box (Continue). Reads and acts through the runs store: any view that shows a run can use it.
 */
export function RunResult(props: RunResultProps) {
  // another run shown in the same place starts with no notice and the picker closed
  return <RunResultOf key={props.runId} {...props} />;
}

function RunResultOf({ runId, showOutput = false, onShowRun }: RunResultProps) {
  const { t } = useTranslation('result');
  const { useRunsStore } = useStores();
  const run = useRunsStore((s) => s.runs[runId]);
  const loadDetails = useRunsStore((s) => s.loadDetails);
  const [notice, setNotice] = useState<{ text: string; error: boolean } | null>(null);
  const finished = run ? isFinished(run.status) : false;

  // the attempts, the model and where Insert goes are not in the events: read them once it ended
  useEffect(() => {
    if (finished) void loadDetails(runId);
  }, [finished, loadDetails, runId]);

  if (!run) return null;
  const say: Say = (text, error = false) => setNotice({ text, error });
  const output = runOutputText(run);
  const answered = run.status === 'succeeded' && output !== '';
  const turnLive = liveTurn(run) !== undefined;

  return (
    <section className="run-result" aria-label={t('label')} data-testid="run-result">
      {showOutput && output && (
        <div className="run-result-text" aria-live={finished ? undefined : 'polite'}>
          <Markdown text={output} />
        </div>
      )}
      {finished && (
        <div className="result-bar">
          {answered && <DeliverButtons run={run} turn={0} text={output} say={say} />}
          <RetryControls run={run} say={say} onShowRun={onShowRun} />
        </div>
      )}
      {notice && (
        <p
          className={notice.error ? 'result-notice form-error' : 'result-notice muted small'}
          role={notice.error ? 'alert' : 'status'}
          data-testid="result-notice"
        >
          {notice.text}
        </p>
      )}
      {run.turns.length > 0 && <Thread run={run} say={say} />}
      {(canContinue(run) || turnLive) && <FollowUpBox run={run} busy={turnLive} say={say} />}
    </section>
  );
}
