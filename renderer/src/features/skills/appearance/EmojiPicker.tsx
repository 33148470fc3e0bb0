import { useId, useMemo, useRef, useState, type KeyboardEvent, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { emojiName, searchEmoji } from './emoji-data';
import { emojiDrawable } from '../emoji-drawable';

/** Columns of the grid: the arrow keys move by this much up and down (appearance.css matches it). */
export const EMOJI_COLUMNS = 10;

/**
 * A searchable grid of common emoji (English and Chinese keywords) plus a field to paste any emoji.
 * The grid is one tab stop: the arrow keys, Home and End move inside it, Enter or Space picks.
 */
export function EmojiPicker({
  value,
  onChange,
  problem,
  inputRef,
}: {
  value: string;
  onChange: (emoji: string) => void;
  problem: string | null;
  inputRef: RefObject<HTMLInputElement | null>;
}) {
  const { t, i18n } = useTranslation('skills');
  const ids = {
    search: useId(),
    grid: useId(),
    hint: useId(),
    input: useId(),
    error: useId(),
    paste: useId(),
  };
  const [query, setQuery] = useState('');
  const results = useMemo(() => searchEmoji(query), [query]);
  const selected = value.trim();
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  // The grid's one tab stop: the picked emoji when shown, else the first result.
  const [active, setActive] = useState<number | null>(null);
  const selectedIndex = results.findIndex((r) => r.emoji === selected);
  const tabStop = active !== null && active < results.length ? active : Math.max(0, selectedIndex);

  const move = (to: number) => {
    const next = Math.min(results.length - 1, Math.max(0, to));
    setActive(next);
    buttons.current[next]?.focus();
  };

  function onGridKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const at = tabStop;
    const to: Record<string, number> = {
      ArrowRight: at + 1,
      ArrowLeft: at - 1,
      ArrowDown: at + EMOJI_COLUMNS,
      ArrowUp: at - EMOJI_COLUMNS,
      Home: 0,
      End: results.length - 1,
      PageDown: at + EMOJI_COLUMNS * 4,
      PageUp: at - EMOJI_COLUMNS * 4,
    };
    if (!(event.key in to) || event.altKey || event.ctrlKey || event.metaKey) return;
    event.preventDefault();
    move(to[event.key]!);
  }

  function onSearchKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'ArrowDown' && results.length > 0) {
      event.preventDefault();
      move(0);
    } else if (event.key === 'Enter') {
      event.preventDefault(); // not the dialog's submit: Enter in the search picks the best match
      if (results[0]) onChange(results[0].emoji);
    } else if (event.key === 'Escape' && query !== '') {
      event.preventDefault(); // clear the search, keep the dialog open
      setQuery('');
    }
  }

  return (
    <div className="field emoji-picker">
      <label htmlFor={ids.search} className="field-label">
        {t('appearance.emojiSearch')}
      </label>
      <input
        id={ids.search}
        type="search"
        className="input"
        value={query}
        placeholder={t('appearance.emojiSearchPlaceholder')}
        onChange={(e) => {
          setQuery(e.target.value);
          setActive(null);
        }}
        onKeyDown={onSearchKeyDown}
        autoComplete="off"
        spellCheck={false}
        aria-controls={ids.grid}
      />
      <p className="sr-only" role="status" aria-live="polite">
        {query ? t('appearance.emojiResults', { count: results.length }) : ''}
      </p>
      {results.length === 0 ? (
        <p className="muted small emoji-none">{t('appearance.emojiNoResults', { query: query.trim() })}</p>
      ) : (
        <div
          id={ids.grid}
          className="emoji-picker-grid"
          role="group"
          aria-label={t('appearance.commonEmoji')}
          aria-describedby={ids.hint}
          onKeyDown={onGridKeyDown}
        >
          {results.map((entry, index) => {
            const name = emojiName(entry, i18n.language);
            return (
              <button
                key={entry.emoji}
                ref={(el) => {
                  buttons.current[index] = el;
                }}
                type="button"
                className="emoji-choice"
                tabIndex={index === tabStop ? 0 : -1}
                aria-label={`${entry.emoji} ${name}`}
                title={name}
                aria-pressed={selected === entry.emoji}
                onFocus={() => setActive(index)}
                onClick={() => onChange(entry.emoji)}
              >
                {entry.emoji}
              </button>
            );
          })}
        </div>
      )}
      <p id={ids.hint} className="muted small">
        {t('appearance.emojiGridHint')}
      </p>

      <div className="emoji-paste">
        <label htmlFor={ids.input} className="field-label">
          {t('appearance.emoji')}
        </label>
        <input
          ref={inputRef}
          id={ids.input}
          className="input input-emoji"
          value={value}
          onChange={(e) => onChange(e.target.value)}
          autoComplete="off"
          spellCheck={false}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? `${ids.error} ${ids.paste}` : ids.paste}
        />
      </div>
      <p id={ids.paste} className="muted small">
        {t('appearance.emojiPasteHint')}
        {!problem && value.trim() !== '' && !emojiDrawable(value.trim()) && (
          <span className="emoji-undrawable" data-testid="emoji-undrawable">
            {t('appearance.emojiUndrawable')}
          </span>
        )}
      </p>
      {problem && (
        <p id={ids.error} className="field-error">
          {problem}
        </p>
      )}
    </div>
  );
}
