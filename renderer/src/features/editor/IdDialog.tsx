import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { NewSkillId } from '../../../../shared/types/skill';

/** A small modal asking for a new skill id (create, duplicate); `onSubmit` answers an error or null. */
export function IdDialog({
  title,
  initialId,
  submitLabel,
  onSubmit,
  onClose,
  children,
}: {
  title: string;
  initialId: string;
  submitLabel: string;
  onSubmit(id: string): Promise<string | null>;
  onClose(): void;
  children?: ReactNode;
}) {
  const { t } = useTranslation('editor');
  const ids = useId();
  const dialog = useRef<HTMLDialogElement>(null);
  const [value, setValue] = useState(initialId);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    const element = dialog.current!;
    if (!element.open) element.showModal();
  }, []);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = NewSkillId.safeParse(value.trim());
    if (!parsed.success) return setError(t('idDialog.invalid'));
    setBusy(true);
    const problem = await onSubmit(parsed.data);
    setBusy(false);
    if (problem) setError(problem);
  };

  return (
    <dialog
      ref={dialog}
      className="dialog"
      aria-labelledby={`${ids}-title`}
      onClose={onClose}
      onClick={(e) => {
        if (e.target === dialog.current) dialog.current?.close();
      }}
    >
      <form className="dialog-panel" onSubmit={(e) => void submit(e)} noValidate>
        <h2 id={`${ids}-title`} className="dialog-title">
          {title}
        </h2>
        <div className="field">
          <label className="field-label" htmlFor={`${ids}-id`}>
            {t('idDialog.id')}
          </label>
          <input
            id={`${ids}-id`}
            className="input"
            value={value}
            autoFocus
            spellCheck={false}
            aria-invalid={error ? true : undefined}
            aria-describedby={`${ids}-hint`}
            onChange={(e) => setValue(e.target.value)}
          />
          <span id={`${ids}-hint`} className="muted small">
            {t('idDialog.hint')}
          </span>
        </div>
        {children}
        {error && (
          <div className="form-error" role="alert">
            {error}
          </div>
        )}
        <footer className="dialog-footer">
          <button type="button" className="button" onClick={() => dialog.current?.close()}>
            {t('cancel')}
          </button>
          <button type="submit" className="button button-primary" disabled={busy}>
            {submitLabel}
          </button>
        </footer>
      </form>
    </dialog>
  );
}
