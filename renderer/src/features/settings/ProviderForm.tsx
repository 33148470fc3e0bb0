import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  DEFAULT_PROVIDER_CONCURRENCY,
  MAX_PROVIDER_CONCURRENCY,
  ProviderConcurrency,
  ProviderKind,
  type Provider,
  type ProviderSaveInput,
} from '../../../../shared/types/provider';
import { useStores } from '../../app/stores-context';
import { errorText } from '../../i18n/error-text';

const DEFAULT_NAMES: Record<ProviderKind, string> = {
  openai: 'openai',
  anthropic: 'anthropic',
  'openai-compatible': 'local',
};

/**
 * Adds a provider (`provider` null), with its first API key, or edits one (its keys are edited on its card).
 * A key is write-only: never filled in.
 */
export function ProviderForm({
  provider,
  first,
  onDone,
}: {
  provider: Provider | null;
  /** No provider exists yet: this one becomes the default. */
  first: boolean;
  onDone: () => void;
}) {
  const { t } = useTranslation('settings');
  const { useSettingsStore, useAppStore } = useStores();
  const saveProvider = useSettingsStore((s) => s.saveProvider);
  // where the host keeps keys: the OS keyring, or (a headless host without one) only while it runs
  const keptForSession = useAppStore((s) => s.info?.secretStore === 'session');
  const [kind, setKind] = useState<ProviderKind>(provider?.kind ?? 'openai-compatible');
  const [name, setName] = useState(provider?.name ?? DEFAULT_NAMES['openai-compatible']);
  const [baseUrl, setBaseUrl] = useState(provider?.baseUrl ?? '');
  const [apiKey, setApiKey] = useState('');
  const [defaultModel, setDefaultModel] = useState(provider?.defaultModel ?? '');
  const [knownModels, setKnownModels] = useState((provider?.knownModels ?? []).join('\n'));
  const [isDefault, setIsDefault] = useState(provider?.isDefault ?? first);
  const [concurrency, setConcurrency] = useState(
    String(provider?.concurrency ?? DEFAULT_PROVIDER_CONCURRENCY),
  );
  const [saving, setSaving] = useState(false);
  const [limitRefused, setLimitRefused] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const firstField = useRef<HTMLSelectElement>(null);
  const id = useId();
  const ids = {
    title: `${id}-title`,
    kind: `${id}-kind`,
    name: `${id}-name`,
    nameHint: `${id}-name-hint`,
    baseUrl: `${id}-base-url`,
    baseUrlHint: `${id}-base-url-hint`,
    apiKey: `${id}-api-key`,
    apiKeyHint: `${id}-api-key-hint`,
    defaultModel: `${id}-default-model`,
    models: `${id}-models`,
    knownModels: `${id}-known-models`,
    knownModelsHint: `${id}-known-models-hint`,
    concurrency: `${id}-concurrency`,
    concurrencyHint: `${id}-concurrency-hint`,
  };

  useEffect(() => firstField.current?.focus(), []);

  const models = knownModels
    .split('\n')
    .map((m) => m.trim())
    .filter(Boolean);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (saving) return;
    const limit = ProviderConcurrency.safeParse(Number(concurrency));
    setLimitRefused(!limit.success);
    if (!limit.success) {
      setError(t('form.concurrencyInvalid'));
      return;
    }
    const input: ProviderSaveInput = {
      ...(provider ? { id: provider.id } : {}),
      kind,
      name: name.trim(),
      baseUrl: baseUrl.trim() || null,
      defaultModel: defaultModel.trim() || null,
      knownModels: [...new Set(models)],
      isDefault,
      concurrency: limit.data,
    };
    if (!provider && apiKey.trim()) input.apiKey = apiKey;
    setSaving(true);
    setError(null);
    const result = await saveProvider(input);
    setSaving(false);
    if (result.ok) onDone();
    else setError(errorText(result.error));
  }

  return (
    <form
      className="provider-form"
      onSubmit={submit}
      aria-labelledby={ids.title}
      onKeyDown={(e) => {
        if (e.key === 'Escape') onDone();
      }}
    >
      <h3 id={ids.title} className="provider-name">
        {provider ? t('form.editTitle', { name: provider.name }) : t('form.addTitle')}
      </h3>
      <div className="form-grid">
        <div className="field">
          <label htmlFor={ids.kind} className="field-label">
            {t('form.kind')}
          </label>
          <select
            ref={firstField}
            id={ids.kind}
            className="input select"
            value={kind}
            onChange={(e) => {
              const next = e.target.value as ProviderKind;
              if (!provider && name === DEFAULT_NAMES[kind]) setName(DEFAULT_NAMES[next]);
              setKind(next);
            }}
          >
            {ProviderKind.options.map((k) => (
              <option key={k} value={k}>
                {t(`kinds.${k}`)}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor={ids.name} className="field-label">
            {t('form.name')}
          </label>
          <input
            id={ids.name}
            className="input"
            value={name}
            onChange={(e) => setName(e.target.value)}
            required
            autoComplete="off"
            spellCheck={false}
            aria-describedby={ids.nameHint}
          />
          <p id={ids.nameHint} className="field-hint">
            {t('form.nameHint')}
          </p>
        </div>
        <div className="field field-wide">
          <label htmlFor={ids.baseUrl} className="field-label">
            {t('form.baseUrl')}
          </label>
          <input
            id={ids.baseUrl}
            className="input"
            type="url"
            value={baseUrl}
            onChange={(e) => setBaseUrl(e.target.value)}
            required={kind === 'openai-compatible'}
            autoComplete="off"
            spellCheck={false}
            placeholder={kind === 'openai-compatible' ? 'http://127.0.0.1:11434/v1' : undefined}
            aria-describedby={ids.baseUrlHint}
          />
          <p id={ids.baseUrlHint} className="field-hint">
            {kind === 'openai-compatible' ? t('form.baseUrlHintCompatible') : t('form.baseUrlHintPublic')}
          </p>
        </div>
        {!provider && (
          // a new provider's first key; more keys, and changes to them, are on the provider's card
          <div className="field field-wide">
            <label htmlFor={ids.apiKey} className="field-label">
              {t('form.apiKey')}
            </label>
            <input
              id={ids.apiKey}
              className="input"
              type="password"
              value={apiKey}
              onChange={(e) => setApiKey(e.target.value)}
              autoComplete="new-password"
              spellCheck={false}
              aria-describedby={ids.apiKeyHint}
            />
            <p id={ids.apiKeyHint} className="field-hint">
              {t(keptForSession ? 'form.apiKeyHintSession' : 'form.apiKeyHint')} {t('form.apiKeyFirst')}
            </p>
          </div>
        )}
        <div className="field">
          <label htmlFor={ids.defaultModel} className="field-label">
            {t('form.defaultModel')}
          </label>
          <input
            id={ids.defaultModel}
            className="input"
            value={defaultModel}
            onChange={(e) => setDefaultModel(e.target.value)}
            list={ids.models}
            autoComplete="off"
            spellCheck={false}
          />
          <datalist id={ids.models}>
            {models.map((m) => (
              <option key={m} value={m} />
            ))}
          </datalist>
        </div>
        <div className="field">
          <label htmlFor={ids.knownModels} className="field-label">
            {t('form.knownModels')}
          </label>
          <textarea
            id={ids.knownModels}
            className="input textarea"
            rows={3}
            value={knownModels}
            onChange={(e) => setKnownModels(e.target.value)}
            spellCheck={false}
            aria-describedby={ids.knownModelsHint}
          />
          <p id={ids.knownModelsHint} className="field-hint">
            {t('form.knownModelsHint')}
          </p>
        </div>
        <div className="field">
          <label htmlFor={ids.concurrency} className="field-label">
            {t('form.concurrency')}
          </label>
          <input
            id={ids.concurrency}
            className="input input-number"
            type="number"
            min={1}
            max={MAX_PROVIDER_CONCURRENCY}
            step={1}
            value={concurrency}
            onChange={(e) => setConcurrency(e.target.value)}
            required
            aria-invalid={limitRefused}
            aria-describedby={ids.concurrencyHint}
          />
          <p id={ids.concurrencyHint} className="field-hint">
            {t('form.concurrencyHint', { value: DEFAULT_PROVIDER_CONCURRENCY })}
          </p>
        </div>
      </div>
      <label className="toggle">
        <input type="checkbox" checked={isDefault} onChange={(e) => setIsDefault(e.target.checked)} />
        <span>{t('form.isDefault')}</span>
      </label>
      {error && (
        <p className="form-error" role="alert">
          {t('form.saveError', { error })}
        </p>
      )}
      <div className="button-row">
        <button type="button" className="button" onClick={onDone}>
          {t('common:cancel')}
        </button>
        <button type="submit" className="button button-primary" disabled={saving}>
          {saving ? t('form.saving') : t('common:save')}
        </button>
      </div>
    </form>
  );
}
