import { useId, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../i18n/error-text';
import type { ModelList } from '../../stores/editor-try';

/**
 * The model as a combobox (ARIA 1.2 pattern): the chosen provider's models — its default, the ones saved
 * in Settings, then the endpoint's own list — to pick from, filtered as you type; any other name may be
 * typed. Below it, where the list came from, or why the endpoint's is missing.
 */
export function ModelPicker({
  id,
  value,
  onChange,
  disabled,
  placeholder,
  provider,
  defaultModel,
  list,
  stored,
}: {
  id: string;
  value: string;
  onChange(model: string): void;
  disabled: boolean;
  placeholder: string;
  /** The provider's name, for the note; null when none is configured. */
  provider: string | null;
  /** What a run uses when no model is set: marked in the list. */
  defaultModel: string | null;
  list: ModelList | undefined;
  /** What Settings holds for it (offered while the endpoint is asked, or when it does not answer). */
  stored: readonly string[];
}) {
  const { t, i18n } = useTranslation('editor');
  const listId = useId();
  const noteId = useId();
  const [open, setOpen] = useState(false);
  // null: every model (opened with the button or the arrow keys); else what is typed filters them
  const [filter, setFilter] = useState<string | null>(null);
  const [active, setActive] = useState(-1);

  const models = list?.state === 'done' ? list.value.models : [...new Set(stored)];
  const shown =
    filter === null ? models : models.filter((m) => m.toLowerCase().includes(filter.trim().toLowerCase()));

  const show = (nextFilter: string | null) => {
    setFilter(nextFilter);
    setActive(-1);
    setOpen(true);
  };
  const pick = (model: string) => {
    onChange(model);
    setOpen(false);
    setActive(-1);
  };

  const onKey = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (!open) return show(null);
      if (shown.length === 0) return;
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((i) => (i + step + shown.length) % shown.length);
    } else if (event.key === 'Enter' && open && active >= 0 && shown[active] !== undefined) {
      event.preventDefault();
      pick(shown[active]);
    } else if (event.key === 'Escape' && open) {
      event.preventDefault();
      setOpen(false);
    }
  };

  let note: string;
  if (provider === null) note = t('form.modelsNoProvider');
  else if (!list || list.state === 'loading') note = t('form.modelsLoading', { provider });
  else if (list.state === 'failed')
    note = t('form.modelsUnlisted', { provider, reason: list.error, count: models.length });
  else if (!list.value.listed)
    note = t('form.modelsUnlisted', {
      provider,
      reason: list.value.message
        ? errorText({ message: list.value.message, words: list.value.words }, i18n)
        : '',
      count: models.length,
    });
  else note = t('form.modelsListed', { provider, count: models.length });

  const optionId = (index: number) => `${listId}-${index}`;
  return (
    <>
      <div className="combobox">
        <input
          id={id}
          className="input"
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={open && shown.length > 0}
          aria-controls={listId}
          aria-describedby={noteId}
          aria-activedescendant={open && active >= 0 ? optionId(active) : undefined}
          autoComplete="off"
          spellCheck={false}
          value={value}
          placeholder={placeholder}
          disabled={disabled}
          onChange={(e) => {
            onChange(e.target.value);
            show(e.target.value);
          }}
          onKeyDown={onKey}
          onBlur={() => setOpen(false)}
        />
        {!disabled && (
          <button
            type="button"
            className="combobox-toggle"
            tabIndex={-1}
            aria-label={t('form.modelsShow')}
            // keeps the focus in the box, so the list does not close before it opens
            onMouseDown={(e) => e.preventDefault()}
            onClick={() => (open ? setOpen(false) : show(null))}
          >
            ▾
          </button>
        )}
        {/* always there (hidden while closed), so aria-controls names an element */}
        <ul
          id={listId}
          role="listbox"
          className="combobox-list"
          aria-label={t('form.modelsLabel')}
          hidden={!open || shown.length === 0}
        >
          {shown.map((model, index) => (
            <li
              key={model}
              id={optionId(index)}
              role="option"
              aria-selected={model === value}
              className={index === active ? 'combobox-option active' : 'combobox-option'}
              onMouseDown={(e) => {
                e.preventDefault();
                pick(model);
              }}
            >
              {model}
              {model === defaultModel && (
                <span className="combobox-tag muted small">{t('form.modelDefaultTag')}</span>
              )}
            </li>
          ))}
        </ul>
        {open && shown.length === 0 && models.length > 0 && (
          <p className="combobox-list combobox-empty muted small">{t('form.modelsNoMatch')}</p>
        )}
      </div>
      <span id={noteId} className="muted small">
        {note}
      </span>
    </>
  );
}
