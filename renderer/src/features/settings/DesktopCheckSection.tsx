import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CheckPart, DesktopCheckReport } from '../../../../shared/types/desktop-check';
import { copyText } from '../../app/clipboard';
import type { HotkeyTestInput } from '../../../../shared/types/desktop';
import { useStores } from '../../app/stores-context';

/** A fresh pair each run, so an old paste or an old selection cannot pass for this one. */
function checkTexts() {
  const tag = Math.random().toString(36).slice(2, 6);
  return { sample: `Skilldeck check ${tag}`, insert: `Pasted by Skilldeck ${tag}` };
}

/** Settings › Desktop check: each part of hotkey → capture → paste → restore tried on this session. */
export function DesktopCheckSection() {
  const { t } = useTranslation('desktopCheck');
  const { useDesktopCheckStore } = useStores();
  const { report, running, error, fieldConfirmed, proof, run, proveHotkey } = useDesktopCheckStore();
  const field = useRef<HTMLTextAreaElement>(null);
  const [copied, setCopied] = useState(false);

  const start = () => {
    const input = field.current;
    if (!input) return;
    const texts = checkTexts();
    input.value = texts.sample;
    input.focus();
    input.select();
    void run(texts, () => input.value);
  };

  // a press of a skill's registered hotkey proves the binding, else one of the launcher's key
  const proofTarget: HotkeyTestInput | null = report?.testSkill
    ? { skillId: report.testSkill }
    : report?.testLauncher
      ? { launcher: true }
      : null;

  return (
    <section className="panel" aria-labelledby="desktop-check-title" data-testid="desktop-check">
      <h2 id="desktop-check-title">{t('title')}</h2>
      <p className="muted">{t('intro')}</p>
      <div className="field">
        <label htmlFor="desktop-check-field" className="field-label">
          {t('field')}
        </label>
        <textarea
          id="desktop-check-field"
          ref={field}
          className="input desktop-check-field"
          rows={2}
          defaultValue=""
          placeholder={t('fieldPlaceholder')}
          data-testid="desktop-check-field"
        />
      </div>
      <div className="button-row">
        <button type="button" className="button button-primary" onClick={start} disabled={running}>
          {running ? t('running') : report ? t('runAgain') : t('run')}
        </button>
      </div>
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      {report && (
        <div className="desktop-check-report" aria-live="polite">
          {!report.available ? (
            <p className="notice" data-testid="desktop-check-no-desktop">
              {t('noDesktop')}
            </p>
          ) : (
            <>
              <p data-testid="desktop-check-session">
                <strong>{t('session')}</strong> {sessionName(report, t)}
              </p>
              <ul className="check-parts">
                {report.parts.map((part) => (
                  <PartRow
                    key={part.part}
                    part={confirmed(part, fieldConfirmed)}
                    proof={part.part === 'hotkey' && proofTarget ? proof : null}
                    onProve={
                      part.part === 'hotkey' && proofTarget ? () => void proveHotkey(proofTarget) : null
                    }
                    accelerator={report.testAccelerator}
                  />
                ))}
              </ul>
            </>
          )}
          {report.hotkeyRoute !== 'global-shortcut' && (
            <div className="bind-command" data-testid="desktop-check-bind">
              <p>{t('bindIntro')}</p>
              <div className="button-row">
                <code>{report.bindCommand}</code>
                <button
                  type="button"
                  className="button"
                  onClick={() => void copyText(report.bindCommand).then(setCopied)}
                >
                  {copied ? t('copied') : t('copy')}
                </button>
              </div>
            </div>
          )}
        </div>
      )}
    </section>
  );
}

/** The host sent the paste key; the field says whether the text arrived. */
function confirmed(part: CheckPart, fieldConfirmed: boolean | null): CheckPart {
  if (part.part !== 'paste' || part.state !== 'ok' || fieldConfirmed !== false) return part;
  return { ...part, state: 'failed', code: 'paste.notArrived', fixCode: 'paste.otherKey' };
}

function sessionName(report: DesktopCheckReport, t: (key: string, o?: Record<string, string>) => string) {
  const { kind, compositor, desktop } = report.session;
  if (kind !== 'wayland') return t(`sessions.${kind}`);
  return t('sessions.wayland', { family: t(`families.${compositor ?? 'other'}`), desktop: desktop || '—' });
}

function PartRow(props: {
  part: CheckPart;
  proof: 'waiting' | 'fired' | 'silent' | null;
  onProve: (() => void) | null;
  accelerator: string | null;
}) {
  const { t } = useTranslation('desktopCheck');
  const { part } = props;
  const said = t(`said.${part.code}`, { ...part.values, defaultValue: part.said });
  const fix = part.fixCode
    ? t(`fix.${part.fixCode}`, { ...part.values, defaultValue: part.fix ?? '' })
    : null;
  const state = props.proof === 'fired' ? 'ok' : part.state;
  return (
    <li className="check-part" data-testid={`check-${part.part}`} data-state={state}>
      <div className="check-part-head">
        <strong>{t(`parts.${part.part}`)}</strong>
        <span className="badge" data-check={state}>
          {t(`states.${state}`)}
        </span>
      </div>
      <p className="small">{said}</p>
      {fix && state !== 'ok' && (
        <p className="small check-fix">
          <strong>{t('fixLabel')}</strong> {fix}
        </p>
      )}
      {props.onProve && (
        <p className="small button-row">
          <button
            type="button"
            className="button"
            onClick={props.onProve}
            disabled={props.proof === 'waiting'}
          >
            {t('prove')}
          </button>
          {props.proof && (
            <span data-testid="check-proof">
              {t(`proof.${props.proof}`, { key: props.accelerator ?? '' })}
            </span>
          )}
        </p>
      )}
    </li>
  );
}
