import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { SkillSourceInfo } from '../../../../shared/types/skill';
import { errorText } from '../../i18n/error-text';
import type { useSourceActions } from './source-actions';

type Actions = ReturnType<typeof useSourceActions>;

/** One searched folder or plugin: its path, kind, name, count, findings, and Remove or why not. */
export function SourceRow({ source, actions }: { source: SkillSourceInfo; actions: Actions }) {
  const { t, i18n } = useTranslation('settings');
  const plugin = source.kind === 'plugin';
  const shown = plugin ? (source.pluginDir ?? source.path) : source.path;
  return (
    <li className="folder-row" data-testid={plugin ? 'plugin-row' : 'folder-row'}>
      <div className="folder-main">
        <code className="folder-path">{shown}</code>
        <div className="badges">
          <span className="badge">{t(`folders.kinds.${source.kind}`)}</span>
          {source.namespace && (
            <span className="badge">{t('folders.namespace', { namespace: source.namespace })}</span>
          )}
          {source.installedAs && (
            <span className="badge badge-long">{t('plugins.installedAs', { id: source.installedAs })}</span>
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
          aria-label={t('folders.removeOf', { path: shown })}
          onClick={() => void actions.remove(source)}
        >
          {t('folders.remove')}
        </button>
      ) : (
        <span className="muted small folder-fixed">{t(`folders.fixed.${source.kind}`)}</span>
      )}
    </li>
  );
}

/** The list's error, and what was last done (with Undo after a removal). */
export function SourceStatus({ actions, testId }: { actions: Actions; testId: string }) {
  const { t } = useTranslation('settings');
  const { done, actionError } = actions;
  return (
    <>
      {actionError && (
        <p className="form-error" role="alert">
          {actionError}
        </p>
      )}
      <p className="folder-status" role="status" data-testid={testId}>
        {done && (
          <>
            {t(`folders.done.${done.kind}`, { path: done.path })}{' '}
            {done.kind === 'removed' && (
              <button
                type="button"
                className="button button-ghost"
                onClick={() => void actions.add(done.path, 'undo')}
              >
                {t('folders.undo')}
              </button>
            )}
          </>
        )}
      </p>
    </>
  );
}

/** What another tool has, offered with one click each. */
export function SourceOffers({
  offered,
  title,
  intro,
  actions,
}: {
  offered: readonly SkillSourceInfo[];
  title: string;
  intro: string;
  actions: Actions;
}) {
  const { t } = useTranslation('settings');
  if (offered.length === 0) return null;
  return (
    <div className="folder-offers">
      <h3 className="field-label">{title}</h3>
      <p className="muted small">{intro}</p>
      <ul className="folder-list" aria-label={title}>
        {offered.map((source) => {
          const key = source.pluginDir ?? source.path;
          return (
            <li
              key={key}
              className="folder-row"
              data-testid={source.kind === 'plugin' ? 'plugin-offer' : 'folder-offer'}
            >
              <div className="folder-main">
                <code className="folder-path">{key}</code>
                {source.installedAs && (
                  <div className="badges">
                    <span className="badge badge-long">
                      {t('plugins.installedAs', { id: source.installedAs })}
                    </span>
                  </div>
                )}
              </div>
              <button
                type="button"
                className="button"
                disabled={actions.busy}
                aria-label={t('folders.addOf', { path: key })}
                onClick={() => void actions.add(key, 'offer')}
              >
                {t('folders.add')}
              </button>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

/** A path typed, or picked in the desktop app's dialog. */
export function SourceForm({
  actions,
  words,
  folderPicker,
}: {
  actions: Actions;
  words: { form: string; path: string; placeholder: string; hint: string; submit: string; pickTitle: string };
  folderPicker: boolean;
}) {
  const { t } = useTranslation('settings');
  const ids = { input: useId(), hint: useId(), error: useId() };
  const { fieldError, busy, refusals } = actions;
  const field = useRef<HTMLInputElement>(null);
  // what was typed was refused: the field keeps the focus, its error read out with it
  useEffect(() => {
    if (refusals > 0) field.current?.focus();
  }, [refusals]);
  return (
    <form className="folder-form" onSubmit={actions.submit} aria-label={words.form}>
      <div className="field">
        <label htmlFor={ids.input} className="field-label">
          {words.path}
        </label>
        <div className="folder-input-row">
          <input
            ref={field}
            id={ids.input}
            className="input"
            value={actions.typed}
            onChange={(e) => actions.setTyped(e.target.value)}
            placeholder={words.placeholder}
            autoComplete="off"
            spellCheck={false}
            aria-invalid={fieldError !== null}
            aria-describedby={fieldError ? `${ids.error} ${ids.hint}` : ids.hint}
          />
          {folderPicker && (
            <button
              type="button"
              className="button"
              onClick={() => void actions.browse(words.pickTitle)}
              disabled={busy}
            >
              {t('folders.browse')}
            </button>
          )}
          <button type="submit" className="button button-primary" disabled={busy}>
            {words.submit}
          </button>
        </div>
        {fieldError && (
          <p id={ids.error} className="field-error" role="alert">
            {fieldError}
          </p>
        )}
        <p id={ids.hint} className="field-hint">
          {words.hint}
        </p>
      </div>
    </form>
  );
}
