import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { Provider, ProviderKey } from '../../../../shared/types/provider';
import { useStores } from '../../app/stores-context';
import { formatWhen } from '../../i18n/dates';
import { sayDuration } from '../../i18n/duration';
import { errorText } from '../../i18n/error-text';
import { useNow } from '../runs/clock';
import './keys.css';

/** Which key form is open: none, a new key, or the key with this id. */
type Editing = null | 'new' | string;

/**
 * A provider's pool of keys on its card: each key's label and health — never the key — with add, edit
 * and remove. Keys given by `--api-key-env` are shown, not edited.
 */
export function ProviderKeys({ provider }: { provider: Provider }) {
  const { t } = useTranslation('settings');
  const [editing, setEditing] = useState<Editing>(null);
  const addButton = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  const fromEnvironment = provider.keys.some((k) => k.source === 'environment');
  const close = () => {
    setEditing(null);
    setTimeout(() => addButton.current?.focus(), 0);
  };

  return (
    <section className="key-pool" aria-labelledby={titleId}>
      <div className="key-pool-top">
        <h4 id={titleId} className="key-pool-title">
          {t('keys.title')}
        </h4>
        {!fromEnvironment && editing !== 'new' && (
          <button
            ref={addButton}
            type="button"
            className="button button-small"
            aria-label={t('keys.addTo', { name: provider.name })}
            onClick={() => setEditing('new')}
          >
            {t('keys.add')}
          </button>
        )}
      </div>
      {provider.keys.length === 0 && editing !== 'new' && (
        <p className="muted small">
          {provider.kind === 'openai-compatible' ? t('keys.noneOptional') : t('keys.none')}
        </p>
      )}
      {fromEnvironment && <p className="muted small">{t('keys.fromEnvironment')}</p>}
      {provider.keys.length > 0 && (
        <ul className="key-list" aria-label={t('keys.listOf', { name: provider.name })}>
          {provider.keys.map((key) => (
            <li key={key.id} data-testid={`key-${key.label}`}>
              {editing === key.id ? (
                <KeyForm provider={provider} keyView={key} onDone={close} />
              ) : (
                <KeyRow provider={provider} keyView={key} onEdit={() => setEditing(key.id)} />
              )}
            </li>
          ))}
        </ul>
      )}
      {editing === 'new' && <KeyForm provider={provider} keyView={null} onDone={close} />}
      {provider.keys.length > 1 && <p className="muted small">{t('keys.inTurn')}</p>}
    </section>
  );
}

function KeyRow({
  provider,
  keyView,
  onEdit,
}: {
  provider: Provider;
  keyView: ProviderKey;
  onEdit: () => void;
}) {
  const { t } = useTranslation('settings');
  const { useSettingsStore } = useStores();
  const editKey = useSettingsStore((s) => s.editKey);
  const removeKey = useSettingsStore((s) => s.removeKey);
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const { label, health } = keyView;
  const editable = keyView.source === 'stored';

  const act = async (action: () => ReturnType<typeof removeKey>) => {
    setError(null);
    const result = await action();
    if (!result.ok) setError(errorText(result.error));
  };

  return (
    <div className="key-row" data-health={health.state}>
      <div className="key-main">
        <div className="key-top">
          <span className="key-label">{label}</span>
          <HealthBadge keyView={keyView} />
          {keyView.source === 'environment' && <span className="badge">{t('keys.environment')}</span>}
        </div>
        <KeyHealthNote keyView={keyView} />
      </div>
      {editable && !confirming && (
        <div className="button-row key-actions">
          {(health.state === 'invalid' || health.state === 'cooling') && (
            <button
              type="button"
              className="button button-small"
              aria-label={t('keys.useAgainOf', { label })}
              onClick={() => void act(() => editKey({ providerId: provider.id, keyId: keyView.id }))}
            >
              {t('keys.useAgain')}
            </button>
          )}
          <button
            type="button"
            className="button button-small button-ghost"
            aria-label={t('keys.editOf', { label })}
            onClick={onEdit}
          >
            {t('providers.edit')}
          </button>
          <button
            type="button"
            className="button button-small button-ghost"
            aria-label={t('keys.removeOf', { label })}
            onClick={() => setConfirming(true)}
          >
            {t('keys.remove')}
          </button>
        </div>
      )}
      {editable && confirming && (
        <div className="confirm key-wide" role="group" aria-label={t('keys.removeOf', { label })}>
          <p>{t('keys.confirmRemove', { label, name: provider.name })}</p>
          <div className="button-row">
            <button type="button" className="button" onClick={() => setConfirming(false)} autoFocus>
              {t('common:cancel')}
            </button>
            <button
              type="button"
              className="button button-danger"
              onClick={() => void act(() => removeKey(provider.id, keyView.id))}
            >
              {t('keys.remove')}
            </button>
          </div>
        </div>
      )}
      {error !== null && (
        <p className="form-error key-wide" role="alert">
          {t('providers.actionError', { error })}
        </p>
      )}
    </div>
  );
}

function HealthBadge({ keyView }: { keyView: ProviderKey }) {
  const { t } = useTranslation('settings');
  const { health } = keyView;
  if (health.state === 'cooling') return <CoolingBadge until={health.until} />;
  const text =
    health.state === 'invalid'
      ? t('keys.health.invalid', { status: health.status })
      : health.state === 'missing'
        ? t('keys.health.missing')
        : t('keys.health.ok');
  return (
    <span className="badge" data-health={health.state}>
      {text}
    </span>
  );
}

/** The seconds left, counted down; "ready" once the rest is over (the host then uses the key again). */
function CoolingBadge({ until }: { until: number }) {
  const { t } = useTranslation('settings');
  const now = useNow();
  const seconds = Math.ceil((until - now) / 1000);
  if (seconds <= 0)
    return (
      <span className="badge" data-health="ok">
        {t('keys.health.ok')}
      </span>
    );
  return (
    <span className="badge" data-health="cooling">
      {t('keys.health.cooling', { left: sayDuration(seconds) })}
    </span>
  );
}

function KeyHealthNote({ keyView }: { keyView: ProviderKey }) {
  const { t } = useTranslation('settings');
  const { health } = keyView;
  if (health.state === 'invalid')
    return (
      <p className="key-note">
        {health.reason
          ? t('keys.note.invalid', { reason: health.reason, when: formatWhen(health.since) })
          : t('keys.note.invalidNoReason', { when: formatWhen(health.since) })}
      </p>
    );
  if (health.state === 'cooling') return <p className="key-note">{t('keys.note.cooling')}</p>;
  if (health.state === 'missing') return <p className="key-note">{t('keys.note.missing')}</p>;
  return null;
}

/** Adds a key (`keyView` null) or edits one: the key itself is write-only, never filled in. */
function KeyForm({
  provider,
  keyView,
  onDone,
}: {
  provider: Provider;
  keyView: ProviderKey | null;
  onDone: () => void;
}) {
  const { t } = useTranslation('settings');
  const { useSettingsStore, useAppStore } = useStores();
  const addKey = useSettingsStore((s) => s.addKey);
  const editKey = useSettingsStore((s) => s.editKey);
  const keptForSession = useAppStore((s) => s.info?.secretStore === 'session');
  const [label, setLabel] = useState(keyView?.label ?? '');
  const [value, setValue] = useState('');
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const first = useRef<HTMLInputElement>(null);
  const id = useId();
  useEffect(() => first.current?.focus(), []);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (saving) return;
    setSaving(true);
    setError(null);
    const trimmed = label.trim();
    const result = keyView
      ? await editKey({
          providerId: provider.id,
          keyId: keyView.id,
          ...(trimmed && trimmed !== keyView.label ? { label: trimmed } : {}),
          ...(value.trim() ? { key: value } : {}),
        })
      : await addKey({ providerId: provider.id, ...(trimmed ? { label: trimmed } : {}), key: value });
    setSaving(false);
    if (result.ok) onDone();
    else setError(errorText(result.error));
  }

  const title = keyView
    ? t('keys.editTitle', { label: keyView.label })
    : t('keys.addTitle', { name: provider.name });
  return (
    <form
      className="key-form"
      aria-labelledby={`${id}-title`}
      onSubmit={submit}
      onKeyDown={(e) => {
        if (e.key === 'Escape') onDone();
      }}
    >
      <p id={`${id}-title`} className="key-form-title">
        {title}
      </p>
      <div className="key-form-fields">
        <div className="field">
          <label htmlFor={`${id}-label`} className="field-label">
            {t('keys.label')}
          </label>
          <input
            ref={first}
            id={`${id}-label`}
            className="input"
            value={label}
            onChange={(e) => setLabel(e.target.value)}
            placeholder={t('keys.labelPlaceholder')}
            maxLength={64}
            autoComplete="off"
            aria-describedby={`${id}-label-hint`}
          />
          <p id={`${id}-label-hint`} className="field-hint">
            {keyView ? t('keys.labelHintEdit') : t('keys.labelHint')}
          </p>
        </div>
        <div className="field">
          <label htmlFor={`${id}-key`} className="field-label">
            {t('form.apiKey')}
          </label>
          <input
            id={`${id}-key`}
            className="input"
            type="password"
            value={value}
            onChange={(e) => setValue(e.target.value)}
            required={!keyView}
            autoComplete="new-password"
            spellCheck={false}
            aria-describedby={`${id}-key-hint`}
          />
          <p id={`${id}-key-hint`} className="field-hint">
            {keyView ? `${t('keys.keepHint')} ` : ''}
            {t(keptForSession ? 'form.apiKeyHintSession' : 'form.apiKeyHint')}
          </p>
        </div>
      </div>
      {error && (
        <p className="form-error" role="alert">
          {t('form.saveError', { error })}
        </p>
      )}
      <div className="button-row">
        <button type="button" className="button button-small" onClick={onDone}>
          {t('common:cancel')}
        </button>
        <button type="submit" className="button button-small button-primary" disabled={saving}>
          {saving ? t('form.saving') : keyView ? t('common:save') : t('keys.addSubmit')}
        </button>
      </div>
    </form>
  );
}
