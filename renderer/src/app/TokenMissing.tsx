import { Trans, useTranslation } from 'react-i18next';
import { KeyIcon, LogoMark } from './icons';
import './token-gate.css';

/** A browser page opened without `?token=`: the host refuses it, so say how to get in. */
export function TokenMissing() {
  const { t } = useTranslation('app');
  return (
    <main className="gate" data-testid="token-missing">
      <div className="gate-card">
        <div className="gate-brand">
          <LogoMark />
          <span className="brand-name">Skilldeck</span>
        </div>
        <div className="gate-icon">
          <KeyIcon />
        </div>
        <h1>{t('token.title')}</h1>
        <p>
          <Trans t={t} i18nKey="token.open" components={{ code: <code /> }} />
        </p>
        <pre className="gate-sample">
          <span className="muted">{t('token.sample')}</span> http://127.0.0.1:PORT/?token=…
        </pre>
        <p className="muted small">{t('token.why')}</p>
      </div>
    </main>
  );
}
