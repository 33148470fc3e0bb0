import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { EditorConflict } from '../../stores/editor';
import { lineDiff } from './line-diff';

/**
 * SKILL.md changed on disk after it was opened: the two versions as a line diff, and a choice.
 * A form save shows the file as it was opened (the changed fields are applied to theirs on "keep mine").
 */
export function ConflictDialog({
  conflict,
  opened,
  saving,
  onChoose,
}: {
  conflict: EditorConflict;
  /** The text the editor read, for a form save's diff. */
  opened: string;
  saving: boolean;
  onChoose(choice: 'mine' | 'theirs' | 'cancel'): void;
}) {
  const { t } = useTranslation('editor');
  const dialog = useRef<HTMLDialogElement>(null);
  const mine = conflict.mine.kind === 'raw' ? conflict.mine.text : opened;
  const rows = useMemo(() => lineDiff(conflict.theirs.raw, mine), [conflict.theirs.raw, mine]);

  useEffect(() => {
    const element = dialog.current!;
    if (!element.open) element.showModal();
  }, []);

  return (
    <dialog
      ref={dialog}
      className="dialog conflict-dialog"
      aria-labelledby="conflict-title"
      onCancel={(e) => {
        e.preventDefault();
        onChoose('cancel');
      }}
    >
      <div className="dialog-panel">
        <header>
          <h2 id="conflict-title" className="dialog-title">
            {t('conflict.title')}
          </h2>
          <p className="muted small">
            {conflict.mine.kind === 'raw' ? t('conflict.hintRaw') : t('conflict.hintFields')}
          </p>
        </header>
        <div className="diff-legend small">
          <span className="diff-theirs">{t('conflict.theirs')}</span>
          <span className="diff-mine">
            {conflict.mine.kind === 'raw' ? t('conflict.mine') : t('conflict.opened')}
          </span>
        </div>
        <pre className="diff" data-testid="conflict-diff" tabIndex={0} aria-label={t('conflict.diffLabel')}>
          {rows.map((row, i) =>
            row.kind === 'skipped' ? (
              <div key={i} className="diff-skipped">
                {t('conflict.skipped', { count: row.count })}
              </div>
            ) : (
              <div key={i} className={`diff-row diff-${row.kind}`}>
                <span className="diff-sign" aria-hidden="true">
                  {row.kind === 'theirs' ? '−' : row.kind === 'mine' ? '+' : ' '}
                </span>
                <span className="sr-only">
                  {row.kind === 'theirs'
                    ? t('conflict.theirs')
                    : row.kind === 'mine'
                      ? t('conflict.mine')
                      : ''}
                </span>
                {row.text || ' '}
              </div>
            ),
          )}
        </pre>
        <footer className="dialog-footer">
          <button type="button" className="button" disabled={saving} onClick={() => onChoose('cancel')}>
            {t('conflict.cancel')}
          </button>
          <button type="button" className="button" disabled={saving} onClick={() => onChoose('theirs')}>
            {t('conflict.takeTheirs')}
          </button>
          <button
            type="button"
            className="button button-primary"
            disabled={saving}
            onClick={() => onChoose('mine')}
          >
            {t('conflict.keepMine')}
          </button>
        </footer>
      </div>
    </dialog>
  );
}
