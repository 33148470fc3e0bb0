import { useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { SkillSourceInfo } from '../../../../shared/types/skill';
import { useStores } from '../../app/stores-context';
import { errorText } from '../../i18n/error-text';

/** What was last done, for the status line (and the undo of a removal). */
type Done = { kind: 'added' | 'removed' | 'restored'; path: string } | null;

/**
 * Settings → skill folders: the folders searched, in precedence order; the known folders of other tools
 * (Claude Code, Codex…) offered with one click; a path typed, or picked in the desktop app's dialog.
 * Folders are read where they are and followed for changes: nothing is copied.
 */
export function FoldersSection() {
  const { t, i18n } = useTranslation('settings');
  const { useSettingsStore, useAppStore } = useStores();
  const sources = useSettingsStore((s) => s.sources);
  const loadError = useSettingsStore((s) => s.sourcesError);
  const addSource = useSettingsStore((s) => s.addSource);
  const removeSource = useSettingsStore((s) => s.removeSource);
  const pickFolder = useSettingsStore((s) => s.pickFolder);
  const folderPicker = useAppStore((s) => s.info?.folderPicker ?? false);
  const [typed, setTyped] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [actionError, setActionError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<Done>(null);
  const input = useRef<HTMLInputElement>(null);
  const ids = { input: useId(), hint: useId(), error: useId() };

  const active = sources?.filter((s) => s.active) ?? [];
  const offered = sources?.filter((s) => !s.active && s.offered && s.exists) ?? [];

  async function add(path: string, from: 'field' | 'offer' | 'undo') {
    setBusy(true);
    setActionError(null);
    if (from === 'field') setFieldError(null);
    const result = await addSource(path);
    setBusy(false);
    if (result.ok) {
      const added = result.value.find(
        (s) => s.removable && s.active && !active.some((a) => a.path === s.path),
      );
      setDone({ kind: from === 'undo' ? 'restored' : 'added', path: added?.path ?? path });
      if (from === 'field') setTyped('');
    } else if (from === 'field') {
      setFieldError(errorText(result.error, i18n));
      input.current?.focus();
    } else {
      setActionError(errorText(result.error, i18n));
    }
  }

  async function remove(source: SkillSourceInfo) {
    setActionError(null);
    const result = await removeSource(source.path);
    if (result.ok) setDone({ kind: 'removed', path: source.path });
    else setActionError(errorText(result.error, i18n));
  }

  async function browse() {
    setFieldError(null);
    const result = await pickFolder(t('folders.pickTitle'));
    if (!result.ok) setFieldError(errorText(result.error, i18n));
    else if (result.value.path !== null) {
      setTyped(result.value.path);
      await add(result.value.path, 'field');
    }
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (typed.trim() === '') {
      setFieldError(t('folders.empty'));
      input.current?.focus();
      return;
    }
    void add(typed, 'field');
  }

  return (
    <section className="panel" id="folders" aria-labelledby="folders-title" data-testid="folders-section">
      <h2 id="folders-title">{t('folders.title')}</h2>
      <p className="muted">{t('folders.intro')}</p>
      {loadError && (
        <p className="form-error" role="alert">
          {t('folders.loadError', { error: loadError })}
        </p>
      )}
      {sources === null ? (
        !loadError && <p className="muted">{t('folders.loading')}</p>
      ) : (
        <ol className="folder-list" aria-label={t('folders.listLabel')}>
          {active.map((source) => (
            <li key={source.path} className="folder-row" data-testid="folder-row">
              <div className="folder-main">
                <code className="folder-path">{source.path}</code>
                <div className="badges">
                  <span className="badge">{t(`folders.kinds.${source.kind}`)}</span>
                  {source.namespace && (
                    <span className="badge">{t('folders.namespace', { namespace: source.namespace })}</span>
                  )}
                  {!source.exists && (
                    <span className="badge" data-state="paused">
                      {t('folders.missing')}
                    </span>
                  )}
                  <span className="muted small">{t('folders.count', { count: source.skillCount })}</span>
                </div>
                {source.findings.map((finding) => (
                  <p
                    key={finding.code}
                    className={finding.severity === 'error' ? 'field-error' : 'field-hint'}
                    data-testid="folder-finding"
                  >
                    {errorText(finding, i18n)}
                  </p>
                ))}
              </div>
              {source.removable ? (
                <button
                  type="button"
                  className="button button-ghost"
                  aria-label={t('folders.removeOf', { path: source.path })}
                  onClick={() => void remove(source)}
                >
                  {t('folders.remove')}
                </button>
              ) : (
                <span className="muted small folder-fixed">{t(`folders.fixed.${source.kind}`)}</span>
              )}
            </li>
          ))}
        </ol>
      )}
      {actionError && (
        <p className="form-error" role="alert">
          {actionError}
        </p>
      )}
      <p className="folder-status" role="status" data-testid="folders-status">
        {done && (
          <>
            {t(`folders.done.${done.kind}`, { path: done.path })}{' '}
            {done.kind === 'removed' && (
              <button
                type="button"
                className="button button-ghost"
                onClick={() => void add(done.path, 'undo')}
              >
                {t('folders.undo')}
              </button>
            )}
          </>
        )}
      </p>
      {offered.length > 0 && (
        <div className="folder-offers">
          <h3 className="field-label">{t('folders.offeredTitle')}</h3>
          <p className="muted small">{t('folders.offeredIntro')}</p>
          <ul className="folder-list" aria-label={t('folders.offeredTitle')}>
            {offered.map((source) => (
              <li key={source.path} className="folder-row" data-testid="folder-offer">
                <code className="folder-path">{source.path}</code>
                <button
                  type="button"
                  className="button"
                  disabled={busy}
                  aria-label={t('folders.addOf', { path: source.path })}
                  onClick={() => void add(source.path, 'offer')}
                >
                  {t('folders.add')}
                </button>
              </li>
            ))}
          </ul>
        </div>
      )}
      <form className="folder-form" onSubmit={submit} aria-label={t('folders.formLabel')}>
        <div className="field">
          <label htmlFor={ids.input} className="field-label">
            {t('folders.path')}
          </label>
          <div className="folder-input-row">
            <input
              ref={input}
              id={ids.input}
              className="input"
              value={typed}
              onChange={(e) => setTyped(e.target.value)}
              placeholder={t('folders.placeholder')}
              autoComplete="off"
              spellCheck={false}
              aria-invalid={fieldError !== null}
              aria-describedby={fieldError ? `${ids.error} ${ids.hint}` : ids.hint}
            />
            {folderPicker && (
              <button type="button" className="button" onClick={() => void browse()} disabled={busy}>
                {t('folders.browse')}
              </button>
            )}
            <button type="submit" className="button button-primary" disabled={busy}>
              {t('folders.addFolder')}
            </button>
          </div>
          {fieldError && (
            <p id={ids.error} className="field-error" role="alert">
              {fieldError}
            </p>
          )}
          <p id={ids.hint} className="field-hint">
            {t('folders.hint')}
          </p>
        </div>
      </form>
    </section>
  );
}
