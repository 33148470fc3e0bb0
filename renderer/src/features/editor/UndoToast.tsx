import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useStores } from '../../app/stores-context';
import { editorHref } from './route';
import { errorText } from '../../i18n/error-text';

const SHOWN_MS = 15_000;

/** "Deleted <skill> · Undo" after the editor moved a skill to the trash (`skills:restore` undoes it). */
export function UndoToast() {
  const { t } = useTranslation('editor');
  const { useEditorStore } = useStores();
  const trashed = useEditorStore((s) => s.trashed);
  const undo = useEditorStore((s) => s.undoRemove);
  const dismiss = useEditorStore((s) => s.dismissTrashed);
  const [failed, setFailed] = useState<{ trashId: string; message: string } | null>(null);
  const error = failed && failed.trashId === trashed?.trashId ? failed.message : null;

  useEffect(() => {
    if (!trashed) return;
    const timer = setTimeout(dismiss, SHOWN_MS);
    return () => clearTimeout(timer);
  }, [trashed, dismiss]);

  if (!trashed) return null;
  return (
    <div className="toast" role="status" data-testid="undo-toast">
      <span>{error ?? t('deleted', { id: trashed.skillId })}</span>
      <button
        type="button"
        className="button button-ghost"
        onClick={() =>
          void undo().then((result) => {
            if (result && !result.ok)
              setFailed({ trashId: trashed.trashId, message: errorText(result.error) });
            else if (result?.ok) window.location.hash = editorHref(result.value.id);
          })
        }
      >
        {t('undo')}
      </button>
      <button type="button" className="icon-button" aria-label={t('dismiss')} onClick={dismiss}>
        ×
      </button>
    </div>
  );
}
