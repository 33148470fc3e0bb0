import { useId, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useStores } from '../../../app/stores-context';
import { errorText } from '../../../i18n/error-text';
import type { RunView } from '../../../../../shared/runs/run-view';
import type { Say } from './DeliverButtons';

/** Continue: a follow-up continuing the run's conversation. Enter sends, Shift+Enter is a new line. */
export function FollowUpBox({ run, busy, say }: { run: RunView; busy: boolean; say: Say }) {
  const { t, i18n } = useTranslation('result');
  const { followUp, cancel } = useStores().useRunsStore.getState();
  const [message, setMessage] = useState('');
  const [sending, setSending] = useState(false);
  const id = useId();

  async function send(event?: FormEvent) {
    event?.preventDefault();
    const text = message.trim();
    if (!text || busy || sending) return;
    setSending(true);
    const result = await followUp(run.runId, text);
    setSending(false);
    if (result.ok) setMessage('');
    else say(errorText(result.error, i18n), true);
  }

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    // an IME composing a word uses Enter to pick it: not a send
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) void send(event);
  };

  return (
    <form className="follow-up" onSubmit={(e) => void send(e)}>
      <label htmlFor={id} className="sr-only">
        {t('followUp.label')}
      </label>
      <textarea
        id={id}
        className="input follow-up-input"
        rows={2}
        value={message}
        placeholder={t('followUp.placeholder')}
        onChange={(e) => setMessage(e.target.value)}
        onKeyDown={onKeyDown}
      />
      {busy ? (
        <button type="button" className="button" onClick={() => void cancel(run.runId)}>
          {t('followUp.stop')}
        </button>
      ) : (
        <button type="submit" className="button button-primary" disabled={sending || message.trim() === ''}>
          {t('followUp.send')}
        </button>
      )}
    </form>
  );
}
