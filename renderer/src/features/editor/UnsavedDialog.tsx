import { useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { PromptDialog } from '../prompts/PromptDialog';

/**
 * Leaving the editor with unsaved changes: save them and go on, discard them and go on, or stay.
 * Esc stays; focus starts on Save and goes back where it was when the dialog closes.
 */
export function UnsavedDialog({
  name,
  saving,
  onSave,
  onDiscard,
  onCancel,
}: {
  name: string;
  saving: boolean;
  onSave(): void;
  onDiscard(): void;
  onCancel(): void;
}) {
  const { t } = useTranslation('editor');
  const ids = useId();
  const save = useRef<HTMLButtonElement>(null);
  return (
    <PromptDialog
      labelledBy={`${ids}-title`}
      describedBy={`${ids}-text`}
      initialFocus={save}
      testId="unsaved-dialog"
      onEscape={() => {
        if (!saving) onCancel();
      }}
    >
      <div className="dialog-panel unsaved-panel">
        <h2 id={`${ids}-title`} className="dialog-title">
          {t('unsavedDialog.title', { name })}
        </h2>
        <p id={`${ids}-text`} className="muted">
          {t('unsavedDialog.text')}
        </p>
        <footer className="dialog-footer">
          <button type="button" className="button button-danger" disabled={saving} onClick={onDiscard}>
            {t('unsavedDialog.discard')}
          </button>
          <button type="button" className="button" disabled={saving} onClick={onCancel}>
            {t('unsavedDialog.cancel')}
          </button>
          {/* not disabled while saving: focus stays on it */}
          <button
            ref={save}
            type="button"
            className="button button-primary"
            aria-disabled={saving || undefined}
            onClick={() => {
              if (!saving) onSave();
            }}
          >
            {saving ? t('saving') : t('unsavedDialog.save')}
          </button>
        </footer>
      </div>
    </PromptDialog>
  );
}
