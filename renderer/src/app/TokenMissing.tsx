import { KeyIcon, LogoMark } from './icons';

/** A browser page opened without `?token=`: the host refuses it, so say how to get in. */
export function TokenMissing() {
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
        <h1>This page needs its access token</h1>
        <p>
          Open the URL printed by <code>skilldeck serve</code>, it carries the access token.
        </p>
        <pre className="gate-sample">
          <span className="muted">Skilldeck dashboard:</span> http://127.0.0.1:PORT/?token=…
        </pre>
        <p className="muted small">
          A new token is made each time the host starts, so only someone who can read its output can use the
          dashboard.
        </p>
      </div>
    </main>
  );
}
