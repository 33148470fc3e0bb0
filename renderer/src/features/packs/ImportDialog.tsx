import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CloseIcon } from '../../app/icons';
import { useStores } from '../../app/stores-context';
import { editorHref } from '../editor/route';
import { ImportSource } from './ImportSource';
import { PackPreviewPanel } from './PackPreviewPanel';
import './packs.css';

/** Import a skill: a file or link, its passphrase when sealed, the preview, then install. */
export function ImportDialog() {
  const { t } = useTranslation('packs');
  const usePacksStore = useStores().usePacksStore;
  const current = usePacksStore((s) => s.current);
  const busy = usePacksStore((s) => s.busy);
  const error = usePacksStore((s) => s.error);
  const store = usePacksStore.getState;
  const dialog = useRef<HTMLDialogElement>(null);
  const ids = useId();
  const [passphrase, setPassphrase] = useState('');

  useEffect(() => {
    const element = dialog.current!;
    if (!element.open) element.showModal();
  }, []);

  const title =
    current.step === 'locked'
      ? t('locked.title')
      : current.step === 'preview'
        ? t('preview.title', { name: current.preview.manifest.name })
        : current.step === 'installed'
          ? t('installed.title')
          : t('import.title');

  return (
    <dialog
      ref={dialog}
      className="dialog pack-dialog"
      aria-labelledby={`${ids}-title`}
      aria-busy={busy}
      onClose={() => store().closeImport()}
      data-testid="import-dialog"
    >
      <div className="dialog-panel">
        <header className="pack-dialog-header">
          <h2 id={`${ids}-title`} className="dialog-title">
            {title}
          </h2>
          <button
            type="button"
            className="button button-ghost"
            aria-label={t('import.cancel')}
            onClick={() => dialog.current?.close()}
          >
            <CloseIcon />
          </button>
        </header>

        {current.step === 'source' && (
          <ImportSource
            busy={busy}
            onFile={(f) => void store().chooseFile(f)}
            onUrl={(u) => void store().fetchUrl(u)}
          />
        )}
        {busy && current.step === 'source' && (
          <p role="status" className="muted small">
            {t('import.opening')}
          </p>
        )}

        {current.step === 'locked' && (
          <form
            className="field"
            onSubmit={(event) => {
              event.preventDefault();
              if (passphrase !== '') void store().unlock(passphrase);
            }}
          >
            <p className="small">{t('locked.hint', { file: current.fileName })}</p>
            <label className="field-label" htmlFor={`${ids}-passphrase`}>
              {t('locked.passphrase')}
            </label>
            <div className="pack-url-row">
              <input
                id={`${ids}-passphrase`}
                className="input"
                type="password"
                autoComplete="off"
                autoFocus
                value={passphrase}
                onChange={(event) => setPassphrase(event.target.value)}
              />
              <button type="submit" className="button button-primary" disabled={busy || passphrase === ''}>
                {t('locked.open')}
              </button>
            </div>
          </form>
        )}

        {current.step === 'preview' && (
          <PackPreviewPanel
            preview={current.preview}
            busy={busy}
            onInstall={(c) => void store().install(c)}
          />
        )}

        {current.step === 'installed' && (
          <>
            <p role="status">
              {t('installed.body', { name: current.name, id: current.installed.skillId })}
              {current.installed.replaced && ` ${t('installed.replaced')}`}
            </p>
            <footer className="dialog-footer">
              <a
                className="button"
                href={editorHref(current.installed.skillId)}
                onClick={() => dialog.current?.close()}
              >
                {t('installed.open')}
              </a>
              <button
                type="button"
                className="button button-primary"
                autoFocus
                onClick={() => dialog.current?.close()}
              >
                {t('installed.done')}
              </button>
            </footer>
          </>
        )}

        {error && (
          <div className="form-error" role="alert" data-testid="import-error">
            {error}
          </div>
        )}
        {error && current.step !== 'source' && current.step !== 'installed' && (
          <button
            type="button"
            className="button button-ghost pack-start-over"
            onClick={() => store().startOver()}
          >
            {t('import.startOver')}
          </button>
        )}
      </div>
    </dialog>
  );
}
