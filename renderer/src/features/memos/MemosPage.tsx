import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Memo, MemoExport, SnippetPart } from '../../../../shared/types/memo';
import { PageHeader } from '../../app/PageHeader';
import { useStores } from '../../app/stores-context';
import { copyText } from '../../app/clipboard';
import { When } from '../../app/When';
import { allMemosFileName, memoFileName, saveMarkdownFile } from './export-file';
import { memoPreview } from './memo-preview';
import './memos.css';
import { errorText } from '../../i18n/error-text';

/** How long typing pauses before the search is sent. */
export const SEARCH_DEBOUNCE_MS = 250;

export function MemosPage() {
  const { t } = useTranslation('memos');
  const { useMemosStore, useConnectionStore } = useStores();
  const store = useMemosStore();
  const linkState = useConnectionStore((s) => s.status.state);
  const [text, setText] = useState(store.query);
  /** An export the clipboard refused, shown selected for Ctrl+C. */
  const [toCopyByHand, setToCopyByHand] = useState<MemoExport | null>(null);
  const [actionError, setActionError] = useState<string | null>(null);
  /** What the last export or copy did, for the live region. */
  const [status, setStatus] = useState('');
  // A click while an export is on its way is ignored, rather than disabling the button (which would
  // drop the keyboard focus).
  const exporting = useRef(false);
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
    setToCopyByHand(null);
    setActionError(null);
    const result = await store.open(id);
    if (!result.ok) setActionError(t('openFailed', { message: errorText(result.error) }));
  }

  /** `memo` alone, or every memo, as Markdown: saved as a file, or copied. */
  async function exportMemos(how: 'file' | 'copy', memo?: Memo) {
    if (exporting.current) return;
    exporting.current = true;
    setActionError(null);
    setToCopyByHand(null);
    setStatus(''); // so the same message twice is still a change the live region announces
    try {
      const result = await store.exportMarkdown(memo?.id);
      if (!result.ok) {
        setActionError(t('exportFailed', { message: errorText(result.error) }));
        return;
      }
      const { markdown, count } = result.value;
      if (how === 'file') {
        const file = memo ? memoFileName(memo) : allMemosFileName();
        saveMarkdownFile(file, markdown);
        setStatus(t('exported', { count, file }));
      } else if (await copyText(markdown)) {
        setStatus(t('copied', { count }));
      } else {
        setToCopyByHand(result.value);
      }
    } finally {
      exporting.current = false;
    }
  }

  return (
    <section className="page" aria-labelledby="page-title" aria-busy={store.loading}>
      <PageHeader
        title={t('title')}
        subtitle={
          searching
            ? t('found', { count: store.hits.length, more: store.hasMore ? '+' : '' })
            : t('count', { count: store.total })
        }
      >
        <div className="memos-header-actions">
          <div className="memo-actions">
            <button
              type="button"
              className="button button-primary"
              onClick={() => void exportMemos('file')}
              disabled={store.total === 0}
            >
              {t('exportAll')}
            </button>
            <button
              type="button"
              className="button"
              onClick={() => void exportMemos('copy')}
              disabled={store.total === 0}
            >
              {t('copyAll')}
            </button>
          </div>
          <p role="status" className="memos-status muted small" data-testid="memos-status">
            {status}
          </p>
        </div>
      </PageHeader>

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
                      <When at={memo.createdAt} /> · {memo.skillId}
                    </span>
                    <MemoRowText title={memo.title} text={memo.text} snippet={snippet} />
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
          {toCopyByHand ? (
            <CopyByHandPanel exported={toCopyByHand} onClose={() => setToCopyByHand(null)} />
          ) : store.selected ? (
            <MemoView
              key={store.selected.id}
              memo={store.selected}
              onExport={(how) => void exportMemos(how, store.selected!)}
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
  onExport: (how: 'file' | 'copy') => void;
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
      onError(t('deleteFailed', { message: errorText(result.error) }));
    }
  }

  return (
    <article className="memo-view" aria-labelledby={titleId} data-testid="memo-view">
      <header className="memo-view-header">
        <h2 id={titleId} className="memo-view-title">
          {memo.title || t('untitled')}
        </h2>
        <p className="muted small">
          {t('savedBy', { skill: memo.skillId })} · <When at={memo.createdAt} />
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
          <button type="button" className="button" onClick={() => onExport('file')}>
            {t('export')}
          </button>
          <button type="button" className="button" onClick={() => onExport('copy')}>
            {t('copy')}
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
 * The last resort when neither the clipboard API nor the copy command works: the Markdown, selected,
 * for Ctrl+C.
 */
function CopyByHandPanel({ exported, onClose }: { exported: MemoExport; onClose: () => void }) {
  const { t } = useTranslation('memos');
  const pre = useRef<HTMLPreElement>(null);
  const titleId = useId();

  useEffect(() => {
    const text = pre.current;
    if (!text) return;
    text.focus();
    const range = document.createRange();
    range.selectNodeContents(text);
    const selection = window.getSelection();
    selection?.removeAllRanges();
    selection?.addRange(range);
  }, [exported]);

  return (
    <section className="memo-export" aria-labelledby={titleId} data-testid="memo-export">
      <header className="memo-view-header">
        <h2 id={titleId} className="memo-view-title">
          {t('exportTitle', { count: exported.count })}
        </h2>
        <p className="muted small" role="alert">
          {t('copyBlocked')}
        </p>
      </header>
      <pre ref={pre} className="memo-export-text" tabIndex={0} aria-label={t('exportTextLabel')}>
        {exported.markdown}
      </pre>
      <div className="memo-actions">
        <button type="button" className="button button-ghost" onClick={onClose}>
          {t('close')}
        </button>
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

/** Under a memo's title in the list: the search's snippet, else the text the title does not show. */
function MemoRowText({
  title,
  text,
  snippet,
}: {
  title: string;
  text: string;
  snippet: SnippetPart[] | null;
}) {
  const shown = snippet ? null : memoPreview(title, text);
  if (shown === '') return null;
  return <span className="memo-row-text">{snippet ? <Snippet parts={snippet} /> : shown}</span>;
}
