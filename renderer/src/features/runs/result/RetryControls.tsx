import { useEffect, useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useStores } from '../../../app/stores-context';
import { errorText } from '../../../i18n/error-text';
import type { RunView } from '../../../../../shared/runs/run-view';
import type { Say } from './DeliverButtons';

/**
 * Retry (the same input, a new attempt linked to this run), Retry with… another provider and model, and
 * the arrows between the attempts of the run.
 */
export function RetryControls({
  run,
  say,
  onShowRun,
}: {
  run: RunView;
  say: Say;
  onShowRun?: (runId: string) => void;
}) {
  const { t, i18n } = useTranslation('result');
  const { useRunsStore } = useStores();
  const { retry, open } = useRunsStore.getState();
  const [picking, setPicking] = useState(false);
  const [busy, setBusy] = useState(false);

  async function retryWith(choice?: { provider?: string; model?: string }) {
    setBusy(true);
    const result = await retry(run.runId, choice);
    setBusy(false);
    if (!result.ok) return say(errorText(result.error, i18n), true);
    setPicking(false);
    onShowRun?.(result.value.runId);
  }

  async function show(runId: string) {
    const result = await open(runId);
    if (result.ok) onShowRun?.(runId);
    else say(errorText(result.error, i18n), true);
  }

  const attempts = run.attempts;
  const index = attempts.findIndex((a) => a.id === run.runId);
  return (
    <>
      <span className="result-actions">
        <button type="button" className="button" disabled={busy} onClick={() => void retryWith()}>
          {t('retry')}
        </button>
        <button
          type="button"
          className="button"
          aria-expanded={picking}
          disabled={busy}
          onClick={() => setPicking(!picking)}
        >
          {t('retryWith')}
        </button>
      </span>
      {attempts.length > 1 && index !== -1 && (
        <span className="result-attempts" role="group" aria-label={t('attempts.label')}>
          <button
            type="button"
            className="icon-button"
            aria-label={t('attempts.previous')}
            disabled={index === 0}
            onClick={() => void show(attempts[index - 1]!.id)}
          >
            ‹
          </button>
          <span className="small" data-testid="attempt-position">
            {t('attempts.of', { index: index + 1, count: attempts.length })}
            {run.model && (
              <span className="muted">
                {' · '}
                {t('attempts.by', { model: run.model, provider: run.provider ?? '' })}
              </span>
            )}
          </span>
          <button
            type="button"
            className="icon-button"
            aria-label={t('attempts.next')}
            disabled={index === attempts.length - 1}
            onClick={() => void show(attempts[index + 1]!.id)}
          >
            ›
          </button>
        </span>
      )}
      {picking && (
        <ModelPicker
          current={run.provider}
          busy={busy}
          onCancel={() => setPicking(false)}
          onPick={(choice) => void retryWith(choice)}
        />
      )}
    </>
  );
}

/** A provider (any configured one) and a model: the provider's list to pick from, or any name typed. */
function ModelPicker({
  current,
  busy,
  onPick,
  onCancel,
}: {
  current: string | null;
  busy: boolean;
  onPick: (choice: { provider: string; model?: string }) => void;
  onCancel: () => void;
}) {
  const { t, i18n } = useTranslation('result');
  const { useSettingsStore, useRunsStore } = useStores();
  const providers = useSettingsStore((s) => s.providers);
  const loadProviders = useSettingsStore((s) => s.loadProviders);
  const providerModels = useRunsStore((s) => s.providerModels);
  const first =
    providers?.find((p) => p.name === current) ?? providers?.find((p) => p.isDefault) ?? providers?.[0];
  // '' until one is picked: the run's own provider, else the default one
  const [picked, setProviderName] = useState('');
  const providerName = picked || (first?.name ?? '');
  const [model, setModel] = useState('');
  // by provider id: a provider's list is read once while the picker is open
  const [modelsOf, setModelsOf] = useState<Record<string, { list: string[]; note: string | null }>>({});
  const ids = { provider: useId(), model: useId(), list: useId(), title: useId() };
  const provider = providers?.find((p) => p.name === providerName);
  // a provider added in Settings since the page loaded is offered too
  useEffect(() => void loadProviders(), [loadProviders]);

  const providerId = provider?.id;
  const models = providerId === undefined ? null : modelsOf[providerId];
  const known = models !== undefined;
  useEffect(() => {
    if (providerId === undefined || known) return;
    void providerModels(providerId).then((result) => {
      let found: { list: string[]; note: string | null };
      if (!result.ok) found = { list: [], note: errorText(result.error, i18n) };
      else {
        const { models: list, listed, message, words } = result.value;
        const reason = message ? errorText({ message, words }, i18n) : null;
        found = { list, note: listed || !reason ? null : t('picker.notListed', { reason }) };
      }
      setModelsOf((all) => ({ ...all, [providerId]: found }));
    });
  }, [providerId, known, providerModels, i18n, t]);

  if (!providers || providers.length === 0) {
    return <p className="muted small result-picker">{t('picker.noProviders')}</p>;
  }
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (providerName) onPick({ provider: providerName, ...(model.trim() ? { model: model.trim() } : {}) });
  };
  return (
    <form className="result-picker" aria-labelledby={ids.title} onSubmit={submit}>
      <p id={ids.title} className="small result-picker-title">
        {t('picker.title')}
      </p>
      <label className="result-field" htmlFor={ids.provider}>
        <span className="small">{t('picker.provider')}</span>
        <select
          id={ids.provider}
          className="input"
          value={providerName}
          onChange={(e) => {
            setProviderName(e.target.value);
            setModel('');
          }}
        >
          {providers.map((p) => (
            <option key={p.id} value={p.name}>
              {p.name}
            </option>
          ))}
        </select>
      </label>
      <label className="result-field" htmlFor={ids.model}>
        <span className="small">{t('picker.model')}</span>
        <input
          id={ids.model}
          className="input"
          list={ids.list}
          value={model}
          autoComplete="off"
          placeholder={provider?.defaultModel ?? t('picker.modelHint')}
          onChange={(e) => setModel(e.target.value)}
        />
        <datalist id={ids.list}>
          {models?.list.map((m) => (
            <option key={m} value={m} />
          ))}
        </datalist>
      </label>
      <span className="result-actions">
        <button type="submit" className="button button-primary" disabled={busy || !providerName}>
          {t('picker.run')}
        </button>
        <button type="button" className="button button-ghost" onClick={onCancel}>
          {t('picker.cancel')}
        </button>
      </span>
      {models === undefined ? (
        <p className="muted small">{t('picker.loading')}</p>
      ) : (
        models?.note && <p className="muted small">{models.note}</p>
      )}
    </form>
  );
}
