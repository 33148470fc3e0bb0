import { useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useStores } from '../../app/stores-context';
import type { Prompt } from '../../stores/prompts';
import { PromptDialog } from './PromptDialog';
import { usePromptContext } from './use-prompt-context';
import { errorText } from '../../i18n/error-text';

type AskPrompt = Prompt & { kind: 'ask_user' };

/** An agent's question: its options as buttons, or a free answer. */
export function AskUserDialog({ prompt, more }: { prompt: AskPrompt; more: number }) {
  const { t } = useTranslation('prompts');
  const { usePromptsStore, useRunsStore } = useStores();
  const answerPrompt = usePromptsStore((s) => s.answer);
  const cancelRun = useRunsStore((s) => s.cancel);
  const { event } = prompt;
  const [text, setText] = useState('');
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const firstField = useRef<HTMLElement>(null);
  const ids = { title: useId(), question: useId(), answer: useId() };
  const context = usePromptContext(prompt);

  async function send(answer: string) {
    if (sending) return;
    setSending(true);
    const result = await answerPrompt(prompt, answer);
    setSending(false);
    if (!result.ok) setError(errorText(result.error));
  }

  function submit(e: FormEvent) {
    e.preventDefault();
    if (text.trim()) void send(text.trim());
  }

  return (
    <PromptDialog
      labelledBy={ids.title}
      describedBy={ids.question}
      onEscape={() => undefined}
      initialFocus={firstField}
      testId="ask-user-dialog"
    >
      <form className="dialog-panel prompt-panel" onSubmit={submit}>
        <header className="prompt-header">
          <h2 id={ids.title} className="dialog-title">
            {t('ask.title')}
          </h2>
          {context.skill && (
            <p className="muted small" data-testid="ask-context">
              {context.step
                ? t('permission.contextStep', { skill: context.skill, step: context.step })
                : t('permission.context', { skill: context.skill })}
            </p>
          )}
          {more > 0 && <p className="prompt-meta small more-waiting">{t('more', { count: more })}</p>}
        </header>
        <p id={ids.question} className="prompt-question">
          {event.question}
        </p>
        {event.options.length > 0 && (
          <div className="prompt-options" role="group" aria-label={t('ask.options')}>
            {event.options.map((option, i) => (
              <button
                key={option}
                ref={i === 0 ? (firstField as React.RefObject<HTMLButtonElement>) : undefined}
                type="button"
                className="button"
                disabled={sending}
                onClick={() => void send(option)}
              >
                {option}
              </button>
            ))}
          </div>
        )}
        <div className="field">
          <label htmlFor={ids.answer} className="field-label">
            {event.options.length > 0 ? t('ask.other') : t('ask.answer')}
          </label>
          <textarea
            id={ids.answer}
            ref={
              event.options.length === 0 ? (firstField as React.RefObject<HTMLTextAreaElement>) : undefined
            }
            className="input runs-textarea"
            rows={3}
            value={text}
            onChange={(e) => setText(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) submit(e);
            }}
          />
        </div>
        {error && (
          <p className="form-error" role="alert">
            {error}
          </p>
        )}
        <div className="prompt-buttons">
          <button type="button" className="button button-ghost" onClick={() => void cancelRun(prompt.runId)}>
            {t('ask.cancelRun')}
          </button>
          <button type="submit" className="button button-primary" disabled={sending || !text.trim()}>
            {t('ask.send')}
          </button>
        </div>
        <p className="muted small shortcuts">
          <kbd>Ctrl</kbd>+<kbd>Enter</kbd> {t('ask.keySend')}
        </p>
      </form>
    </PromptDialog>
  );
}
