import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CloseIcon } from '../../app/icons';
import { useStores } from '../../app/stores-context';
import { errorText } from '../../i18n/error-text';
import { Duration, Elapsed } from './Duration';
import { inputSummary } from './format';
import { Markdown } from './Markdown';
import { isFinished, type RunView, type Waiting } from '../../../../shared/runs/run-view';
import { canResume } from '../../../../shared/runs/resumable';
import { StepList } from './StepList';
import { RunResult } from './result/RunResult';
import { outputSentence } from './output-words';
import { When } from '../../app/When';
import './run-panel.css';

// The graph library loads with the first workflow run shown, not with the dashboard.
const WorkflowSteps = lazy(() => import('./WorkflowDag').then((m) => ({ default: m.WorkflowSteps })));

const NO_STEPS: RunView['steps'] = [];

/** One run, live or past: its steps as they go, its result and what can be done with it (RunResult). */
export function RunPanel({ runId }: { runId: string }) {
  const { t, i18n } = useTranslation('runs');
  const { useRunsStore, usePromptsStore } = useStores();
  const run = useRunsStore((s) => s.runs[runId]);
  const { cancel, resume, close } = useRunsStore.getState();
  const promptOpen = usePromptsStore((s) => s.queue.some((p) => p.runId === runId));
  const [notice, setNotice] = useState<string | null>(null);
  const titleId = useId();
  // Token batches can come faster than frames: the steps render once a frame, with the latest.
  const steps = useOncePerFrame(run?.steps ?? NO_STEPS);

  if (!run) return null;
  const finished = isFinished(run.status);
  const lastStepText = run.steps
    .at(-1)
    ?.segments.map((s) => (s.kind === 'text' ? s.text : ''))
    .join('');
  const showOutput = finished && run.output && run.output.trim() !== lastStepText?.trim();

  const act = async (work: Promise<{ ok: boolean; error?: { message: string } }>) => {
    const result = await work;
    setNotice(result.ok ? null : (result.error?.message ?? null));
  };

  return (
    <section
      className="runs-card run-panel"
      aria-labelledby={titleId}
      data-testid="run-panel"
      data-status={run.status}
    >
      <header className="run-panel-head">
        <div>
          <h2 id={titleId} className="runs-card-title">
            {run.skillId || t('panel.untitled')}
          </h2>
          <p className="muted small">
            <span className="status-badge" data-status={run.status} data-testid="run-status">
              {t(`status.${run.status}`)}
            </span>{' '}
            <When at={run.startedAt} />
            {run.endedAt !== null ? (
              <>
                {' · '}
                <Duration ms={run.endedAt - run.startedAt} />
              </>
            ) : (
              !finished && (
                <>
                  {' · '}
                  <span data-testid="run-elapsed">
                    <Elapsed since={run.startedAt} />
                  </span>
                </>
              )
            )}
            {' · '}
            <code className="run-id">{run.runId}</code>
          </p>
          {run.speech ? (
            <p className="muted small run-input" data-testid="run-speech">
              {t('panel.said', {
                seconds: (run.speech.audioMs / 1000).toFixed(1),
                transcript: inputSummary(run.speech.transcript, 160),
              })}
            </p>
          ) : (
            run.input && (
              <p className="muted small run-input">
                {t('panel.input', { input: inputSummary(run.input, 160) })}
              </p>
            )
          )}
        </div>
        <div className="run-actions">
          {!finished && (
            <button type="button" className="button" onClick={() => void act(cancel(runId))}>
              {t('panel.cancel')}
            </button>
          )}
          <button type="button" className="icon-button" aria-label={t('panel.close')} onClick={close}>
            <CloseIcon />
          </button>
        </div>
      </header>
      {notice && (
        <p className="muted small" role="status">
          {notice}
        </p>
      )}
      {run.status === 'waiting' && (
        <WaitingBox run={run} promptOpen={promptOpen} onResume={() => void act(resume(runId))} />
      )}
      {run.status === 'interrupted' && canResume(run.status, run.mode) && (
        <div className="waiting-box" data-testid="run-interrupted">
          <p>
            <strong>{t('interrupted.title')}</strong>
          </p>
          <p className="muted small">{t('interrupted.hint')}</p>
          <button type="button" className="button button-primary" onClick={() => void act(resume(runId))}>
            {t('interrupted.resume')}
          </button>
        </div>
      )}
      {run.mode === 'workflow' ? (
        <Suspense fallback={<StepList steps={run.steps} />}>
          <WorkflowSteps run={run} />
        </Suspense>
      ) : (
        <StepList steps={steps} />
      )}
      {run.status === 'cancelled' ? (
        // the host's error is only its English "cancelled": the status says it, this says it in words
        <p className="muted small" data-testid="run-cancelled">
          {t('panel.cancelled')}
        </p>
      ) : (
        run.error && (
          <p className="form-error" role="alert">
            {errorText({ message: run.error, words: run.errorWords }, i18n)}
          </p>
        )
      )}
      {run.outputs.length > 0 && (
        <div className="run-outputs">
          {run.outputs.map((o, i) => (
            <p key={i} className="muted small">
              {outputSentence(t, o.tool)}
            </p>
          ))}
        </div>
      )}
      {showOutput && (
        <div className="run-output">
          <h3 className="section-title">{t('panel.output')}</h3>
          <Markdown text={run.output!} />
        </div>
      )}
      <RunResult runId={runId} />
    </section>
  );
}

function WaitingBox({
  run,
  promptOpen,
  onResume,
}: {
  run: RunView;
  promptOpen: boolean;
  onResume: () => void;
}) {
  const { t } = useTranslation('runs');
  return (
    <div className="waiting-box" data-testid="run-waiting">
      <p>
        <strong>{t('waiting.title')}</strong>
      </p>
      {run.waiting.length === 0 ? (
        <p className="small">{t('waiting.unknown')}</p>
      ) : (
        <ul className="small">
          {run.waiting.map((w) => (
            <li key={w.event.requestId}>{describeWaiting(w, t)}</li>
          ))}
        </ul>
      )}
      <p className="muted small">{promptOpen ? t('waiting.promptOpen') : t('waiting.resumeHint')}</p>
      {!promptOpen && (
        <button type="button" className="button button-primary" onClick={onResume}>
          {t('waiting.resume')}
        </button>
      )}
    </div>
  );
}

function describeWaiting(w: Waiting, t: (key: string, values?: Record<string, unknown>) => string) {
  return w.kind === 'permission'
    ? t('waiting.permission', { tool: w.event.tool, args: inputSummary(w.event.input) })
    : t('waiting.question', { question: w.event.question });
}

/**
 * The value as of the last animation frame: however often it changes, whoever shows it renders once a
 * frame at most, always with the latest (never starved, unlike a deferred value that keeps restarting).
 */
function useOncePerFrame<T>(value: T): T {
  const [shown, setShown] = useState(value);
  const pending = useRef<{ value: T; frame: number } | null>(null);
  useEffect(() => {
    if (pending.current) {
      pending.current.value = value;
      return;
    }
    const next = { value, frame: 0 };
    next.frame = requestAnimationFrame(() => {
      pending.current = null;
      setShown(next.value);
    });
    pending.current = next;
  }, [value]);
  useEffect(
    () => () => {
      if (pending.current) cancelAnimationFrame(pending.current.frame);
      pending.current = null;
    },
    [],
  );
  return shown;
}
