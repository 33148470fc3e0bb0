import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Memo, SnippetPart } from '../../../../shared/types/memo';
import { useStores } from '../../app/stores-context';
import './memos.css';

/** How long typing pauses before the search is sent. */
export const SEARCH_DEBOUNCE_MS = 250;

export function MemosPage() {
  const { t } = useTranslation('memos');
  const { useMemosStore, useConnectionStore } = useStores();
  const store = useMemosStore();
  const linkState = useConnectionStore((s) => s.status.state);
  const [text, setText] = useState(store.query);
  const [exported, setExported] = useState<{ markdown: string; count: number } | null>(null);
  const [actionError, setActionError] = useState<string | null>(null);
  const searchId = useId();
  const { search, refresh } = store;

  // On opening the page, and again when a dropped link comes back: memos may have been saved meanwhile.
  useEffect(() => {
    if (linkState === 'open') void refresh();
  }, [linkState, refresh]);

  // The search follows the box once typing pauses.
  useEffect(() => {
    if (text === useMemosStore.getState().query) return;
    const timer = setTimeout(() => void search(text), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, search, useMemosStore]);

  const searching = store.query.trim() !== '';
  const rows = searching
    ? store.hits.map((hit) => ({ memo: hit.memo, snippet: hit.snippet }))
    : store.items.map((memo) => ({ memo, snippet: null }));
  const firstLoad = store.loading && rows.length === 0 && !store.error;

  async function openMemo(id: number) {
    setExported(null);
    setActionError(null);
    const result = await store.open(id);
    if (!result.ok) setActionError(t('openFailed', { message: result.error.message }));
  }

  async function exportMemos(id?: number) {
    setActionError(null);
    const result = await store.exportMarkdown(id);
    if (result.ok) setExported(result.value);
    else setActionError(t('exportFailed', { message: result.error.message }));
  }

  return (
    <section className="page" aria-labelledby="page-title" aria-busy={store.loading}>
      <header className="page-header">
        <div>
          <h1 id="page-title" tabIndex={-1}>
            {t('title')}
          </h1>
          <p className="page-subtitle">
            {searching
              ? t('found', { count: store.hits.length, more: store.hasMore ? '+' : '' })
              : t('count', { count: store.total })}
          </p>
        </div>
        <button
          type="button"
          className="button"
          onClick={() => {
            store.close();
            void exportMemos();
          }}
          disabled={store.total === 0}
        >
          {t('exportAll')}
        </button>
      </header>

      <div className="memos-search" role="search">
        <label htmlFor={searchId} className="sr-only">
          {t('searchLabel')}
        </label>
        <input
          id={searchId}
          className="input"
          type="search"
          value={text}
          placeholder={t('searchPlaceholder')}
          onChange={(event) => setText(event.target.value)}
          autoComplete="off"
        />
      </div>

      {store.error && (
        <div className="form-error" role="alert">
          {t('loadFailed', { message: store.error })}
        </div>
      )}
      {actionError && (
        <div className="form-error" role="alert">
          {actionError}
        </div>
      )}

      <div className="memos-layout">
        <div className="memos-list-pane">
          {firstLoad ? (
            <p className="memos-note">{t('loading')}</p>
          ) : rows.length === 0 && !store.error ? (
            <div className="placeholder memos-empty">
              <p>{searching ? t('noMatch', { query: store.query.trim() }) : t('empty')}</p>
              {!searching && <p>{t('emptyHint')}</p>}
            </div>
          ) : (
            <ul className="memos-list" aria-label={t('listLabel')}>
              {rows.map(({ memo, snippet }) => (
                <li key={memo.id}>
                  <button
                    type="button"
                    className="memo-row"
                    data-testid={`memo-${memo.id}`}
                    aria-current={store.selected?.id === memo.id ? 'true' : undefined}
                    onClick={() => void openMemo(memo.id)}
                  >
                    <span className="memo-row-title">{memo.title || t('untitled')}</span>
                    <span className="memo-row-meta">
                      <MemoDate at={memo.createdAt} /> · {memo.skillId}
                    </span>
                    <span className="memo-row-text">
                      {snippet ? <Snippet parts={snippet} /> : preview(memo.text)}
                    </span>
                  </button>
                </li>
              ))}
            </ul>
          )}
          {store.hasMore && (
            <button
              type="button"
              className="button memos-more"
              onClick={() => void store.loadMore()}
              disabled={store.loading}
            >
              {t('loadMore')}
            </button>
          )}
        </div>

        <div className="memos-detail-pane">
          {exported ? (
            <ExportPanel exported={exported} onClose={() => setExported(null)} />
          ) : store.selected ? (
            <MemoView
              key={store.selected.id}
              memo={store.selected}
              onExport={() => void exportMemos(store.selected!.id)}
              onError={setActionError}
            />
          ) : (
            <p className="memos-detail-empty">{t('pick')}</p>
          )}
        </div>
      </div>
    </section>
  );
}

function MemoView({
  memo,
  onExport,
  onError,
}: {
  memo: Memo;
  onExport: () => void;
  onError: (message: string | null) => void;
}) {
  const { t } = useTranslation('memos');
  const { useMemosStore } = useStores();
  const remove = useMemosStore((s) => s.remove);
  const close = useMemosStore((s) => s.close);
  const [confirming, setConfirming] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const cancelButton = useRef<HTMLButtonElement>(null);
  const deleteButton = useRef<HTMLButtonElement>(null);
  const titleId = useId();

  useEffect(() => {
    if (confirming) cancelButton.current?.focus();
  }, [confirming]);

  async function confirmDelete() {
    setDeleting(true);
    const result = await remove(memo.id);
    setDeleting(false);
    if (result.ok) onError(null);
    else {
      setConfirming(false);
      onError(t('deleteFailed', { message: result.error.message }));
    }
  }

  return (
    <article className="memo-view" aria-labelledby={titleId} data-testid="memo-view">
      <header className="memo-view-header">
        <h2 id={titleId} className="memo-view-title">
          {memo.title || t('untitled')}
        </h2>
        <p className="muted small">
          {t('savedBy', { skill: memo.skillId })} · <MemoDate at={memo.createdAt} />
        </p>
      </header>
      <div className="memo-view-text">{memo.text}</div>
      {confirming ? (
        <div className="memo-confirm" role="group" aria-label={t('confirmLabel')}>
          <p>{t('confirmDelete')}</p>
          <div className="memo-actions">
            <button
              type="button"
              className="button button-danger"
              onClick={() => void confirmDelete()}
              disabled={deleting}
            >
              {t('confirmDeleteButton')}
            </button>
            <button
              ref={cancelButton}
              type="button"
              className="button"
              onClick={() => {
                setConfirming(false);
                deleteButton.current?.focus();
              }}
            >
              {t('cancel')}
            </button>
          </div>
        </div>
      ) : (
        <div className="memo-actions">
          <button type="button" className="button" onClick={onExport}>
            {t('export')}
          </button>
          <button ref={deleteButton} type="button" className="button" onClick={() => setConfirming(true)}>
            {t('delete')}
          </button>
          <button type="button" className="button button-ghost" onClick={close}>
            {t('close')}
          </button>
        </div>
      )}
    </article>
  );
}

/**
 * The export as text to copy: the CSP (`default-src 'self'`, img-src adds only data:) leaves blob: and
 * data: downloads to chance across browsers and the Electron window, so the Markdown is shown and copied.
 */
function ExportPanel({
  exported,
  onClose,
}: {
  exported: { markdown: string; count: number };
  onClose: () => void;
}) {
  const { t } = useTranslation('memos');
  const [copied, setCopied] = useState<'yes' | 'no' | null>(null);
  const pre = useRef<HTMLPreElement>(null);
  const titleId = useId();

  async function copy() {
    try {
      await navigator.clipboard.writeText(exported.markdown);
      setCopied('yes');
    } catch {
      // No clipboard permission (the Electron window denies every permission): select it for Ctrl+C.
      const range = document.createRange();
      range.selectNodeContents(pre.current!);
      const selection = window.getSelection();
      selection?.removeAllRanges();
      selection?.addRange(range);
      setCopied('no');
    }
  }

  return (
    <section className="memo-export" aria-labelledby={titleId} data-testid="memo-export">
      <header className="memo-view-header">
        <h2 id={titleId} className="memo-view-title">
          {t('exportTitle', { count: exported.count })}
        </h2>
      </header>
      <pre ref={pre} className="memo-export-text" tabIndex={0} aria-label={t('exportTextLabel')}>
        {exported.markdown}
      </pre>
      <div className="memo-actions">
        <button type="button" className="button button-primary" onClick={() => void copy()}>
          {t('copy')}
        </button>
        <button type="button" className="button button-ghost" onClick={onClose}>
          {t('close')}
        </button>
        <span role="status" className="muted small">
          {copied === 'yes' ? t('copied') : copied === 'no' ? t('copyBlocked') : ''}
        </span>
      </div>
    </section>
  );
}

function Snippet({ parts }: { parts: SnippetPart[] }) {
  return (
    <>
      {parts.map((part, i) =>
        part.match ? <mark key={i}>{part.text}</mark> : <span key={i}>{part.text}</span>,
      )}
    </>
  );
}

function MemoDate({ at }: { at: number }) {
  const { i18n } = useTranslation();
  const date = new Date(at);
  return (
    <time dateTime={date.toISOString()}>
      {new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(date)}
    </time>
  );
}

function preview(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > 160 ? `${flat.slice(0, 160)}…` : flat;
}
