import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { PackExported } from '../../../../shared/types/pack';
import type { SkillSummary } from '../../../../shared/types/skill';
import { useStores } from '../../app/stores-context';
import { errorText } from '../../i18n/error-text';
import { fromBase64, saveBytes } from './pack-bytes';
import './packs.css';

const MIN_PASSPHRASE = 8;

/**
 * Export a skill as a `.skillpack`, sealed when a passphrase is given: the desktop app asks where to save
 * it; a browser downloads it.
 */
export function ExportDialog({ skill, onClosed }: { skill: SkillSummary; onClosed(): void }) {
  const { t } = useTranslation('packs');
  const exportSkill = useStores().usePacksStore((s) => s.exportSkill);
  const dialog = useRef<HTMLDialogElement>(null);
  const ids = useId();
  const [sealIt, setSealIt] = useState(false);
  const [passphrase, setPassphrase] = useState('');
  const [confirm, setConfirm] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<PackExported | null>(null);

  useEffect(() => {
    const element = dialog.current!;
    if (!element.open) element.showModal();
  }, []);

  const problem = !sealIt
    ? null
    : passphrase.length < MIN_PASSPHRASE
      ? t('export.tooShort')
      : confirm !== passphrase
        ? t('export.mismatch')
        : null;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (problem) return;
    setBusy(true);
    setError(null);
    const result = await exportSkill(skill.id, sealIt ? passphrase : undefined);
    setBusy(false);
    if (!result.ok) return setError(errorText(result.error));
    if (result.value.delivery === 'download') saveBytes(result.value.fileName, fromBase64(result.value.data));
    if (result.value.delivery !== 'cancelled') setDone(result.value);
  };

  return (
    <dialog
      ref={dialog}
      className="dialog pack-dialog"
      aria-labelledby={`${ids}-title`}
      onClose={onClosed}
      data-testid="export-dialog"
    >
      <form className="dialog-panel" onSubmit={(e) => void submit(e)} noValidate>
        <h2 id={`${ids}-title`} className="dialog-title">
          {t('export.title', { name: skill.name })}
        </h2>
        <p className="small muted">{t('export.hint')}</p>
        {done ? (
          <div role="status" className="pack-done">
            <p>
              {done.delivery === 'saved'
                ? t('export.saved', { path: done.path })
                : t('export.downloaded', { file: done.fileName })}
            </p>
            {done.leftOut.length > 0 && (
              <p className="small muted">{t('export.leftOut', { files: done.leftOut.join(', ') })}</p>
            )}
          </div>
        ) : (
          <>
            <label className="pack-choice">
              <input type="checkbox" checked={sealIt} onChange={(event) => setSealIt(event.target.checked)} />
              <span>
                <strong>{t('export.seal')}</strong>
                <span className="muted small">{t('export.sealHint')}</span>
              </span>
            </label>
            {sealIt && (
              <div className="pack-passphrases">
                <div className="field">
                  <label className="field-label" htmlFor={`${ids}-pass`}>
                    {t('export.passphrase')}
                  </label>
                  <input
                    id={`${ids}-pass`}
                    className="input"
                    type="password"
                    autoComplete="new-password"
                    autoFocus
                    value={passphrase}
                    onChange={(event) => setPassphrase(event.target.value)}
                  />
                </div>
                <div className="field">
                  <label className="field-label" htmlFor={`${ids}-confirm`}>
                    {t('export.confirm')}
                  </label>
                  <input
                    id={`${ids}-confirm`}
                    className="input"
                    type="password"
                    autoComplete="new-password"
                    value={confirm}
                    onChange={(event) => setConfirm(event.target.value)}
                  />
                </div>
                {problem && (passphrase !== '' || confirm !== '') && (
                  <span className="field-error">{problem}</span>
                )}
              </div>
            )}
          </>
        )}
        {error && (
          <div className="form-error" role="alert">
            {error}
          </div>
        )}
        <footer className="dialog-footer">
          {done ? (
            <button
              type="button"
              className="button button-primary"
              autoFocus
              onClick={() => dialog.current?.close()}
            >
              {t('export.close')}
            </button>
          ) : (
            <>
              <button type="button" className="button" onClick={() => dialog.current?.close()}>
                {t('export.cancel')}
              </button>
              <button type="submit" className="button button-primary" disabled={busy || problem !== null}>
                {busy ? t('export.exporting') : t('export.export')}
              </button>
            </>
          )}
        </footer>
      </form>
    </dialog>
  );
}
