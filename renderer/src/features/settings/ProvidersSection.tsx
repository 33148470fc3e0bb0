import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Provider } from '../../../../shared/types/provider';
import { useStores } from '../../app/stores-context';
import { errorText } from '../../i18n/error-text';
import type { ProviderTest } from '../../stores/settings';
import { ProviderForm } from './ProviderForm';
import { ProviderKeys } from './ProviderKeys';

/** Which form is open: none, a new provider, or the provider with this id. */
type Editing = null | 'new' | string;

export function ProvidersSection() {
  const { t } = useTranslation('settings');
  const { useSettingsStore } = useStores();
  const providers = useSettingsStore((s) => s.providers);
  const error = useSettingsStore((s) => s.providersError);
  const [editing, setEditing] = useState<Editing>(null);
  const addButton = useRef<HTMLButtonElement>(null);

  return (
    <section className="panel" id="providers" aria-labelledby="providers-title">
      <div className="panel-header">
        <h2 id="providers-title">{t('providers.title')}</h2>
        {editing !== 'new' && (
          <button
            ref={addButton}
            type="button"
            className="button button-primary"
            onClick={() => setEditing('new')}
          >
            {t('providers.add')}
          </button>
        )}
      </div>
      <p className="muted">{t('providers.intro')}</p>
      {error && (
        <p className="form-error" role="alert">
          {t('providers.loadError', { error })}
        </p>
      )}
      {editing === 'new' && (
        <ProviderForm
          provider={null}
          first={providers?.length === 0}
          onDone={() => {
            setEditing(null);
            // the button is back after this render
            setTimeout(() => addButton.current?.focus(), 0);
          }}
        />
      )}
      {providers === null ? (
        !error && <p className="muted">{t('providers.loading')}</p>
      ) : providers.length === 0 ? (
        editing !== 'new' && <p className="muted">{t('providers.none')}</p>
      ) : (
        <ul className="provider-list" aria-label={t('providers.listLabel')}>
          {providers.map((provider) => (
            <li key={provider.id}>
              {editing === provider.id ? (
                <ProviderForm provider={provider} first={false} onDone={() => setEditing(null)} />
              ) : (
                <ProviderCard provider={provider} onEdit={() => setEditing(provider.id)} />
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function ProviderCard({ provider, onEdit }: { provider: Provider; onEdit: () => void }) {
  const { t } = useTranslation('settings');
  const { useSettingsStore } = useStores();
  const test = useSettingsStore((s) => s.tests[provider.id]);
  const testProvider = useSettingsStore((s) => s.testProvider);
  const makeDefault = useSettingsStore((s) => s.makeDefault);
  const deleteProvider = useSettingsStore((s) => s.deleteProvider);
  const [confirming, setConfirming] = useState(false);
  const [actionError, setActionError] = useState<string | null>(null);
  const name = provider.name;
  const usable = provider.keys.filter((k) => k.health.state === 'ok').length;

  const act = async (action: () => Promise<{ ok: boolean; error?: { message: string } }>) => {
    setActionError(null);
    const result = await action();
    if (!result.ok) setActionError(result.error?.message ?? '');
  };

  return (
    <article
      className="provider-card"
      data-testid={`provider-${name}`}
      aria-labelledby={`provider-title-${provider.id}`}
    >
      <div className="provider-top">
        <h3 id={`provider-title-${provider.id}`} className="provider-name">
          {name}
        </h3>
        <div className="badges">
          <span className="badge">{t(`kinds.${provider.kind}`)}</span>
          {provider.isDefault && <span className="badge badge-accent">{t('providers.default')}</span>}
          <span className="badge" data-tone={usable > 0 ? 'ok' : undefined}>
            {provider.keys.length === 0
              ? t('providers.noKey')
              : t('providers.keysUsable', { count: provider.keys.length, usable })}
          </span>
        </div>
      </div>
      <dl className="facts facts-compact">
        <dt>{t('providers.baseUrl')}</dt>
        <dd>{provider.baseUrl ? <code>{provider.baseUrl}</code> : t('providers.publicEndpoint')}</dd>
        <dt>{t('providers.defaultModel')}</dt>
        <dd>{provider.defaultModel ?? t('providers.none_value')}</dd>
        <dt>{t('providers.concurrency')}</dt>
        <dd>{provider.concurrency}</dd>
        {provider.knownModels.length > 0 && (
          <>
            <dt>{t('providers.knownModels')}</dt>
            <dd>{provider.knownModels.join(', ')}</dd>
          </>
        )}
      </dl>

      <ProviderKeys provider={provider} />
      <TestResult test={test} />
      {actionError !== null && (
        <p className="form-error" role="alert">
          {t('providers.actionError', { error: actionError })}
        </p>
      )}

      {confirming ? (
        <div className="confirm" role="group" aria-label={t('providers.deleteOf', { name })}>
          <p>{t('providers.confirmDelete', { name })}</p>
          <div className="button-row">
            <button type="button" className="button" onClick={() => setConfirming(false)} autoFocus>
              {t('common:cancel')}
            </button>
            <button
              type="button"
              className="button button-danger"
              onClick={() => void act(() => deleteProvider(provider.id))}
            >
              {t('providers.confirm')}
            </button>
          </div>
        </div>
      ) : (
        <div className="button-row">
          <button
            type="button"
            className="button"
            aria-label={t('providers.testOf', { name })}
            disabled={test?.state === 'testing'}
            onClick={() => void testProvider(provider.id)}
          >
            {test?.state === 'testing' ? t('providers.testing') : t('providers.test')}
          </button>
          {!provider.isDefault && (
            <button
              type="button"
              className="button"
              aria-label={t('providers.makeDefaultOf', { name })}
              onClick={() => void act(() => makeDefault(provider.id))}
            >
              {t('providers.makeDefault')}
            </button>
          )}
          <button
            type="button"
            className="button button-ghost"
            aria-label={t('providers.editOf', { name })}
            onClick={onEdit}
          >
            {t('providers.edit')}
          </button>
          <button
            type="button"
            className="button button-ghost"
            aria-label={t('providers.deleteOf', { name })}
            onClick={() => setConfirming(true)}
          >
            {t('common:delete')}
          </button>
        </div>
      )}
    </article>
  );
}

function TestResult({ test }: { test: ProviderTest | undefined }) {
  const { t, i18n } = useTranslation('settings');
  // Always rendered, so the live region exists before the answer arrives and is read out.
  return (
    <div className="test-result" role="status" data-testid="provider-test">
      {test?.state === 'done' &&
        (test.ok ? (
          <>
            <p className="test-ok">{t('providers.testOk', { ms: Math.round(test.latencyMs) })}</p>
            {test.models.length > 0 ? (
              <>
                <p className="muted small">{t('providers.models')}</p>
                <ul className="model-list">
                  {test.models.map((model) => (
                    <li key={model}>
                      <code>{model}</code>
                    </li>
                  ))}
                </ul>
              </>
            ) : (
              <p className="muted small">{t('providers.noModels')}</p>
            )}
          </>
        ) : (
          <p className="form-error">{t('providers.testFailed', { message: errorText(test, i18n) })}</p>
        ))}
      {test?.state === 'done' && test.keys.length > 1 && (
        <ul className="key-tests" aria-label={t('keys.testedEach')}>
          {test.keys.map((key) => (
            <li key={key.id} data-ok={key.ok}>
              {key.ok
                ? t('keys.testOk', { label: key.label })
                : t('keys.testFailed', { label: key.label, message: errorText(key, i18n) })}
            </li>
          ))}
        </ul>
      )}
      {test?.state === 'failed' && (
        <p className="form-error">{t('providers.testFailed', { message: errorText(test, i18n) })}</p>
      )}
    </div>
  );
}
