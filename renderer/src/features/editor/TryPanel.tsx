import { useId, useMemo, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { isFinished, runOutputText } from '../../../../shared/runs/run-view';
import { useStores } from '../../app/stores-context';
import { errorText } from '../../i18n/error-text';
import { navigation } from './navigation';
import { Markdown } from '../runs/Markdown';
import type { FormValues } from './form-model';
import { contextNamesIn } from './placeholders';
import { previewPrompt } from './preview';
import { TryContext } from './TryContext';

/**
 * Beside the form: sample values, the instructions filled for them (live, by the engine's own template
 * code), and "Try it" — the skill as edited, saved or not, run on the sample and streamed here. Nothing
 * is written; history marks the run as a try.
 */
export function TryPanel({ values, skillDir }: { values: FormValues; skillDir: string }) {
  const { t, i18n } = useTranslation('editor');
  const { useEditorStore, useRunsStore } = useStores();
  const sample = useEditorStore((s) => s.sample);
  const setSample = useEditorStore((s) => s.setSample);
  const tryDraft = useEditorStore((s) => s.tryDraft);
  const trying = useEditorStore((s) => s.trying);
  const tryProblem = useEditorStore((s) => s.tryProblem);
  const tryRunId = useEditorStore((s) => s.tryRunId);
  const run = useRunsStore((s) => (tryRunId ? s.runs[tryRunId] : undefined));
  const ids = { title: useId(), selection: useId(), input: useId(), args: useId(), clip: useId() };

  const locale = useMemo(
    () => ({ language: i18n.language, systemLocale: navigator.language }),
    [i18n.language],
  );
  const preview = useMemo(
    () => previewPrompt(values, sample, skillDir, locale),
    [values, sample, skillDir, locale],
  );
  const usedContext = useMemo(() => contextNamesIn(values.body), [values.body]);
  const running = run !== undefined && !isFinished(run.status);
  const argumentNames = values.arguments.map((a) => a.name.trim()).filter(Boolean);

  const openInRuns = async () => {
    if (!tryRunId) return;
    await useRunsStore.getState().open(tryRunId);
    navigation().navigate('#/runs');
  };

  // Ctrl/⌘+Enter in a sample box tries it, as Enter runs in the run sheet
  const onKey = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key !== 'Enter' || !(event.ctrlKey || event.metaKey)) return;
    event.preventDefault();
    if (!running && !trying) void tryDraft();
  };

  return (
    <aside className="try-panel" aria-labelledby={ids.title} data-testid="try-panel" onKeyDown={onKey}>
      <h2 id={ids.title} className="try-title">
        {t('try.title')}
      </h2>
      <p className="muted small">{t('try.hint')}</p>

      <div className="field">
        <label className="field-label" htmlFor={ids.selection}>
          {t('try.selection')}
        </label>
        <textarea
          id={ids.selection}
          className="input"
          rows={3}
          value={sample.selection}
          placeholder={t('try.selectionPlaceholder')}
          onChange={(e) => setSample({ selection: e.target.value })}
        />
      </div>
      <div className="field">
        <label className="field-label" htmlFor={ids.input}>
          {t('try.input')}
        </label>
        <textarea
          id={ids.input}
          className="input"
          rows={2}
          value={sample.input}
          placeholder={t('try.inputPlaceholder')}
          onChange={(e) => setSample({ input: e.target.value })}
        />
      </div>
      <div className="try-row">
        <div className="field">
          <label className="field-label" htmlFor={ids.args}>
            {t('try.arguments')}
          </label>
          <input
            id={ids.args}
            className="input"
            value={sample.arguments}
            placeholder={argumentNames.length > 0 ? argumentNames.join(' ') : t('try.argumentsPlaceholder')}
            onChange={(e) => setSample({ arguments: e.target.value })}
          />
        </div>
        <div className="field">
          <label className="field-label" htmlFor={ids.clip}>
            {t('try.clipboard')}
          </label>
          <input
            id={ids.clip}
            className="input"
            value={sample.clipboard}
            aria-describedby={`${ids.clip}-hint`}
            onChange={(e) => setSample({ clipboard: e.target.value })}
          />
          <span id={`${ids.clip}-hint`} className="muted small">
            {t('try.clipboardHint')}
          </span>
        </div>
      </div>
      <TryContext used={usedContext} sample={sample} setSample={setSample} locale={locale} />

      <div className="try-actions">
        {running ? (
          <button
            type="button"
            className="button"
            onClick={() => void useRunsStore.getState().cancel(run.runId)}
          >
            {t('try.stop')}
          </button>
        ) : (
          <button
            type="button"
            className="button button-primary"
            disabled={trying}
            aria-keyshortcuts="Control+Enter Meta+Enter"
            title={t('try.shortcut')}
            onClick={() => void tryDraft()}
          >
            {trying ? t('try.starting') : t('try.run')}
          </button>
        )}
        {run && (
          <button type="button" className="button button-ghost" onClick={() => void openInRuns()}>
            {t('try.openInRuns')}
          </button>
        )}
      </div>

      {tryProblem && (
        <div className="form-error" role="alert">
          {tryProblem.kind === 'error' ? (
            tryProblem.message
          ) : (
            <>
              {t('try.cannotRun')}
              <ul>
                {tryProblem.findings.map((f, i) => (
                  <li key={i}>
                    {f.line !== undefined && `${t('findings.line', { line: f.line })}: `}
                    {errorText({ message: f.message, words: f.words }, i18n)}
                  </li>
                ))}
              </ul>
            </>
          )}
        </div>
      )}

      {run && (
        <section
          className="try-result"
          aria-label={t('try.result')}
          aria-busy={running}
          data-testid="try-result"
        >
          <p className="try-status small" role="status">
            <span className={`badge ${run.status === 'failed' ? 'badge-error' : ''}`}>
              {t(`try.status.${run.status}`)}
            </span>
          </p>
          {runOutputText(run) && <Markdown text={runOutputText(run)} />}
          {run.error && run.status === 'failed' && (
            <p className="form-error">{errorText({ message: run.error, words: run.errorWords }, i18n)}</p>
          )}
        </section>
      )}
      <section className="preview" aria-label={t('try.preview')}>
        <h3 className="preview-title">{t('try.preview')}</h3>
        <span className="muted small">{t('try.previewSystem')}</span>
        <pre className="preview-text" data-testid="preview-system">
          {preview.system || <span className="muted">{t('try.previewEmpty')}</span>}
        </pre>
        <span className="muted small">{t(`try.previewUser.${preview.behavior}`)}</span>
        <pre className="preview-text" data-testid="preview-user">
          {preview.user}
        </pre>
      </section>
    </aside>
  );
}
