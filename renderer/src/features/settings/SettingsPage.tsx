import { useStores } from '../../app/stores-context';

export function SettingsPage() {
  const { useAppStore } = useStores();
  const info = useAppStore((s) => s.info);
  const error = useAppStore((s) => s.error);
  return (
    <section className="page" aria-labelledby="page-title">
      <header className="page-header">
        <h1 id="page-title" tabIndex={-1}>
          Settings
        </h1>
      </header>
      <div className="placeholder placeholder-inline">
        <p className="placeholder-badge">Not built yet</p>
        <p>AI providers and their API keys, the default model, and extra skill folders will be set here.</p>
      </div>
      <section className="panel" aria-labelledby="about-title">
        <h2 id="about-title">About this Skilldeck</h2>
        {error && (
          <p className="form-error" role="alert">
            {error}
          </p>
        )}
        {info ? (
          <dl className="facts">
            <dt>Version</dt>
            <dd>{info.version}</dd>
            <dt>Running</dt>
            <dd>{info.runtime === 'electron' ? 'Desktop app' : 'Headless host (skilldeck serve)'}</dd>
            <dt>Platform</dt>
            <dd>{info.platform}</dd>
            <dt>Data folder</dt>
            <dd>
              <code>{info.dataDir}</code>
            </dd>
            <dt>Database schema</dt>
            <dd>version {info.schemaVersion}</dd>
          </dl>
        ) : (
          !error && <p className="muted">Loading…</p>
        )}
      </section>
    </section>
  );
}
