import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useStores } from '../../app/stores-context';
import type { PermissionChoice, Prompt } from '../../stores/prompts';
import { formatInput } from '../runs/format';
import { DiffView, diffChangesNothing, diffFile } from './DiffView';
import { permissionWhyText } from './permission-why';
import { PromptDialog } from './PromptDialog';
import { sandboxText } from './sandbox-text';
import { usePromptContext } from './use-prompt-context';
import { errorText } from '../../i18n/error-text';

type PermissionPrompt = Prompt & { kind: 'permission' };

function useCountdown(expiresAt: number) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  return Math.max(0, Math.ceil((expiresAt - now) / 1000));
}

const clock = (seconds: number) => `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;

/** "May this tool do this?": allow once / for this run / always for this skill (a saved rule) / deny. */
export function PermissionDialog({ prompt, more }: { prompt: PermissionPrompt; more: number }) {
  const { t } = useTranslation('prompts');
  const respond = useStores().usePromptsStore((s) => s.respond);
  const { event } = prompt;
  const [rule, setRule] = useState(event.suggestedRule);
  const [reason, setReason] = useState('');
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const allowOnce = useRef<HTMLButtonElement>(null);
  const ids = { title: useId(), reason: useId(), rule: useId(), deny: useId(), keys: useId() };
  const left = useCountdown(event.expiresAt);
  const context = usePromptContext(prompt);
  const unchanged = event.diff !== undefined && diffChangesNothing(event.diff);

  async function choose(choice: PermissionChoice) {
    if (sending) return;
    setSending(true);
    const result = await respond(prompt, choice, {
      ...(choice === 'deny' && reason.trim() ? { reason: reason.trim() } : {}),
      ...((choice === 'allow_always' || choice === 'allow_run') &&
      rule.trim() &&
      rule.trim() !== event.suggestedRule
        ? { rule: rule.trim() }
        : {}),
    });
    setSending(false);
    if (!result.ok) setError(errorText(result.error));
  }

  function keyDown(e: KeyboardEvent<HTMLDialogElement>) {
    if (e.key !== 'Enter' || e.shiftKey || e.altKey || e.nativeEvent.isComposing) return;
    const target = e.target as HTMLElement;
    if (target.tagName === 'BUTTON' || target.tagName === 'SUMMARY') return; // the focused button acts
    e.preventDefault();
    if (target.id === ids.deny) void choose('deny');
    else if (target.id === ids.rule) void choose('allow_always');
    else void choose('allow_once');
  }

  return (
    <PromptDialog
      labelledBy={ids.title}
      describedBy={ids.reason}
      onEscape={() => void choose('deny')}
      onKeyDown={keyDown}
      initialFocus={allowOnce}
      testId="permission-dialog"
    >
      <div className="dialog-panel prompt-panel">
        <header className="prompt-header">
          <h2 id={ids.title} className="dialog-title">
            {t('permission.title', { tool: event.tool })}
          </h2>
          {context.skill && (
            <p className="muted small" data-testid="permission-context">
              {context.step
                ? t('permission.contextStep', { skill: context.skill, step: context.step })
                : t('permission.context', { skill: context.skill })}
            </p>
          )}
          {event.workdir && (
            <p className="muted small prompt-workdir" data-testid="permission-workdir">
              {t('permission.workdir', { path: event.workdir })}
            </p>
          )}
          <p className="prompt-meta small">
            <span className="countdown" role="timer" aria-live="off">
              {t('permission.expires', { time: clock(left) })}
            </span>
            {more > 0 && <span className="more-waiting">{t('more', { count: more })}</span>}
          </p>
        </header>
        <p id={ids.reason} className="prompt-reason">
          {permissionWhyText(event, t)}
        </p>
        {event.sandbox && (
          <p
            className={
              event.sandbox.confined ? 'prompt-sandbox muted small' : 'prompt-sandbox prompt-unconfined'
            }
            data-testid="permission-sandbox"
            title={event.sandbox.detail}
          >
            {sandboxText(event.sandbox, t)}
          </p>
        )}
        <section className="prompt-section">
          <h3 className="section-title">{t('permission.arguments')}</h3>
          <pre className="tool-pre">{formatInput(event.input)}</pre>
        </section>
        {event.diff && (
          <section className="prompt-section">
            <h3 className="section-title">{t('permission.diff')}</h3>
            {unchanged ? (
              <p className="small" data-testid="permission-no-change">
                {diffFile(event.diff)
                  ? t('permission.noChangeFile', { file: diffFile(event.diff) })
                  : t('permission.noChange')}
              </p>
            ) : (
              <DiffView diff={event.diff} />
            )}
          </section>
        )}
        <div className="field">
          <label htmlFor={ids.rule} className="field-label">
            {t('permission.rule')}
          </label>
          <input
            id={ids.rule}
            className="input runs-mono"
            value={rule}
            onChange={(e) => setRule(e.target.value)}
            spellCheck={false}
          />
          <p className="muted small">{t('permission.ruleHint')}</p>
        </div>
        <div className="field">
          <label htmlFor={ids.deny} className="field-label">
            {t('permission.denyReason')}
          </label>
          <input
            id={ids.deny}
            className="input"
            value={reason}
            placeholder={t('permission.denyReasonHint')}
            onChange={(e) => setReason(e.target.value)}
          />
        </div>
        {error && (
          <p className="form-error" role="alert">
            {error}
          </p>
        )}
        <div className="prompt-buttons">
          <button
            ref={allowOnce}
            type="button"
            className="button button-primary"
            disabled={sending}
            onClick={() => void choose('allow_once')}
          >
            {t('permission.allowOnce')}
          </button>
          <button
            type="button"
            className="button"
            disabled={sending}
            onClick={() => void choose('allow_run')}
          >
            {t('permission.allowRun')}
          </button>
          <button
            type="button"
            className="button"
            disabled={sending || !rule.trim()}
            onClick={() => void choose('allow_always')}
          >
            {t('permission.allowAlways')}
          </button>
          <button
            type="button"
            className="button runs-deny"
            disabled={sending}
            onClick={() => void choose('deny')}
          >
            {t('permission.deny')}
          </button>
        </div>
        <p id={ids.keys} className="muted small shortcuts">
          <kbd>Enter</kbd> {t('permission.keyAllow')} · <kbd>Esc</kbd> {t('permission.keyDeny')} ·{' '}
          {t('permission.keyFields')}
        </p>
      </div>
    </PromptDialog>
  );
}
