import { Fragment, useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { SEARCH_BACKENDS, SearchUrl, type WebSearchSettings } from '../../../../shared/types/web-search';
import { useStores } from '../../app/stores-context';
import { errorText } from '../../i18n/error-text';
import './web-search.css';

/** Settings › Web search: where the WebSearch tool searches, SearXNG's address, Brave's key, a trial search. */
export function WebSearchSection() {
  const { t } = useTranslation('webSearch');
  const { useWebSearchStore } = useStores();
  const settings = useWebSearchStore((s) => s.settings);
  const error = useWebSearchStore((s) => s.error);
  const update = useWebSearchStore((s) => s.update);
  const load = useWebSearchStore((s) => s.load);
  useEffect(() => void load(), [load]);

  return (
    <section
      className="panel"
      id="web-search"
      aria-labelledby="web-search-title"
      data-testid="web-search-section"
    >
      <h2 id="web-search-title">{t('title')}</h2>
      <p className="muted">{t('intro')}</p>
      {settings?.commandLine && <CommandLineNote commandLine={settings.commandLine} />}
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      <fieldset className="field" disabled={settings === null}>
        <legend className="field-label">{t('legend')}</legend>
        <div className="choice-list">
          {SEARCH_BACKENDS.map((backend) => (
            <Fragment key={backend}>
              <label className="choice">
                <input
                  type="radio"
                  name="search-backend"
                  value={backend}
                  checked={settings?.backend === backend}
                  onChange={() => void update({ backend })}
                  aria-describedby={`search-backend-${backend}`}
                />
                <span>
                  <span className="choice-title">{t(`backends.${backend}`)}</span>
                  <span id={`search-backend-${backend}`} className="choice-hint">
                    {t(`hints.${backend}`)}
                  </span>
                </span>
              </label>
              {backend === 'searxng' && settings?.backend === 'searxng' && (
                <SearxngAddress saved={settings.searxngUrl} />
              )}
              {backend === 'brave' && settings?.backend === 'brave' && (
                <BraveKey set={settings.braveKeySet} />
              )}
            </Fragment>
          ))}
        </div>
      </fieldset>
      <TrySearch />
    </section>
  );
}

function CommandLineNote({ commandLine }: { commandLine: NonNullable<WebSearchSettings['commandLine']> }) {
  const { t } = useTranslation('webSearch');
  const backend = t(`backends.${commandLine.backend}`);
  return (
    <p className="notice" data-testid="search-command-line">
      {commandLine.url
        ? t('commandLineAt', { backend, url: commandLine.url })
        : t('commandLine', { backend })}
    </p>
  );
}

function SearxngAddress({ saved }: { saved: string | null }) {
  const { t } = useTranslation('webSearch');
  const { useWebSearchStore } = useStores();
  const update = useWebSearchStore((s) => s.update);
  const [typed, setTyped] = useState(saved ?? '');
  const [problem, setProblem] = useState<string | null>(null);
  const [done, setDone] = useState(false);

  async function save(event: FormEvent) {
    event.preventDefault();
    const text = typed.trim();
    if (text !== '' && !SearchUrl.safeParse(text).success) return setProblem(t('url.invalid'));
    setProblem(null);
    setDone(await update({ searxngUrl: text === '' ? null : text }));
  }

  return (
    <form className="search-detail" onSubmit={(e) => void save(e)} noValidate>
      <label htmlFor="searxng-url" className="field-label">
        {t('url.label')}
      </label>
      <div className="search-row">
        <input
          id="searxng-url"
          className="input"
          type="url"
          value={typed}
          onChange={(e) => {
            setTyped(e.target.value);
            setDone(false);
          }}
          placeholder="https://searx.example.org"
          autoComplete="off"
          spellCheck={false}
          aria-describedby={problem ? 'searxng-url-problem' : 'searxng-url-hint'}
          aria-invalid={problem !== null}
        />
        <button type="submit" className="button">
          {t('url.save')}
        </button>
      </div>
      {problem ? (
        <p id="searxng-url-problem" className="field-error" role="alert">
          {problem}
        </p>
      ) : (
        <p id="searxng-url-hint" className="field-hint" role="status">
          {done ? t('url.saved') : saved === null ? t('url.none') : t('url.hint')}
        </p>
      )}
    </form>
  );
}

function BraveKey({ set: keySet }: { set: boolean }) {
  const { t } = useTranslation('webSearch');
  const { useWebSearchStore, useAppStore } = useStores();
  const update = useWebSearchStore((s) => s.update);
  const keptForSession = useAppStore((s) => s.info?.secretStore === 'session');
  const [typed, setTyped] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  async function save(event: FormEvent) {
    event.preventDefault();
    if (typed.trim() === '') return setProblem(t('key.empty'));
    setProblem(null);
    if (await update({ braveKey: typed.trim() })) setTyped('');
  }

  return (
    <form className="search-detail" onSubmit={(e) => void save(e)}>
      <label htmlFor="brave-key" className="field-label">
        {t('key.label')}
      </label>
      <p className="search-key-state" data-testid="brave-key-state" data-set={keySet}>
        {keySet ? t('key.set') : t('key.unset')}
      </p>
      <div className="search-row">
        <input
          id="brave-key"
          className="input"
          type="password"
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
          autoComplete="new-password"
          spellCheck={false}
          aria-describedby={problem ? 'brave-key-problem' : 'brave-key-hint'}
          aria-invalid={problem !== null}
        />
        <button type="submit" className="button">
          {t('key.save')}
        </button>
        {keySet && (
          <button type="button" className="button" onClick={() => void update({ braveKey: null })}>
            {t('key.remove')}
          </button>
        )}
      </div>
      {problem ? (
        <p id="brave-key-problem" className="field-error" role="alert">
          {problem}
        </p>
      ) : (
        <p id="brave-key-hint" className="field-hint">
          {t(keptForSession ? 'key.hintSession' : 'key.hint')}
        </p>
      )}
    </form>
  );
}

function TrySearch() {
  const { t } = useTranslation('webSearch');
  const { useWebSearchStore } = useStores();
  const test = useWebSearchStore((s) => s.test);
  const tryIt = useWebSearchStore((s) => s.tryIt);
  const ready = useWebSearchStore((s) => s.settings !== null);
  const done = test?.state === 'done' ? test : null;
  return (
    <div className="search-try">
      <button
        type="button"
        className="button"
        disabled={!ready || test?.state === 'testing'}
        onClick={() => void tryIt()}
      >
        {test?.state === 'testing' ? t('try.testing') : t('try.button')}
      </button>
      {/* always rendered, so the live region exists before the answer arrives */}
      <div className="test-result" role="status" data-testid="search-test">
        {done &&
          (done.ok ? (
            <>
              <p className="test-ok">
                {done.results.length > 0
                  ? t('try.ok', {
                      count: done.results.length,
                      backend: t(`backends.${done.backend}`),
                      ms: Math.round(done.latencyMs),
                      query: done.query,
                    })
                  : t('try.none', { backend: t(`backends.${done.backend}`), query: done.query })}
              </p>
              {done.results.length > 0 && (
                <ol className="search-results">
                  {done.results.map((r) => (
                    <li key={r.url}>
                      <span className="search-result-title">{r.title || r.url}</span>
                      <code className="search-result-url">{r.url}</code>
                    </li>
                  ))}
                </ol>
              )}
            </>
          ) : (
            <p className="form-error">{t('try.failed', { error: errorText(done) })}</p>
          ))}
      </div>
    </div>
  );
}
