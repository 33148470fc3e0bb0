import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useStores } from '../../../app/stores-context';
import { copyText } from '../../../app/clipboard';
import { errorText } from '../../../i18n/error-text';
import type { RunView } from '../../../../../shared/runs/run-view';
import type { DeliverAction } from '../../../../../shared/types/run';

/** Says what an action did (or why it could not), under the result. */
export type Say = (text: string, error?: boolean) => void;

/**
 * Copy, Insert and Save as memo for one answer: the run's result (`turn` 0) or a follow-up's. Copy uses
 * this page's clipboard (the browser's, or the desktop window's); Insert and Save go through the host
 * (`runs:deliver`). Insert is offered only where it can work: a run triggered from another app.
 */
export function DeliverButtons({
  run,
  turn,
  text,
  say,
}: {
  run: RunView;
  turn: number;
  text: string;
  say: Say;
}) {
  const { t, i18n } = useTranslation('result');
  const deliver = useStores().useRunsStore((s) => s.deliver);
  const [busy, setBusy] = useState<DeliverAction | null>(null);

  async function act(action: DeliverAction) {
    setBusy(action);
    try {
      if (action === 'copy') {
        const copied = await copyText(text);
        say(t(copied ? 'done.copy' : 'copyFailed'), !copied);
        return;
      }
      const result = await deliver(run.runId, action, turn);
      say(result.ok ? t(`done.${action}`) : errorText(result.error, i18n), !result.ok);
    } finally {
      setBusy(null);
    }
  }

  const insertInto = run.insertInto;
  return (
    <span className="result-actions">
      <button type="button" className="button" disabled={busy !== null} onClick={() => void act('copy')}>
        {t('copy')}
      </button>
      {insertInto && (
        <button
          type="button"
          className="button"
          disabled={busy !== null}
          title={insertInto.title}
          onClick={() => void act('insert')}
        >
          {insertInto.app ? t('insertInto', { app: insertInto.app }) : t('insert')}
        </button>
      )}
      <button type="button" className="button" disabled={busy !== null} onClick={() => void act('memo')}>
        {t('memo')}
      </button>
    </span>
  );
}
