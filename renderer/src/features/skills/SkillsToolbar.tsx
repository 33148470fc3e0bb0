import { useCallback, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EXECUTION_MODES } from '../../../../shared/types/finding';
import { SkillSource, type SkillSummary } from '../../../../shared/types/skill';
import { useStores } from '../../app/stores-context';
import {
  DECK_VIEWS,
  NO_FILTER,
  isFiltering,
  saveDeckView,
  storedDeckView,
  type DeckFilter,
  type DeckView,
} from './deck';
import './skills-toolbar.css';
import { errorText } from '../../i18n/error-text';

/** The toolbar's state: the filter (for this visit) and the view (remembered in localStorage). */
export function useDeckControls() {
  const [filter, setFilter] = useState<DeckFilter>(NO_FILTER);
  const [view, setViewState] = useState<DeckView>(() => storedDeckView());
  const setView = useCallback((next: DeckView) => {
    setViewState(next);
    saveDeckView(next);
  }, []);
  return { filter, setFilter, view, setView };
}

/** Search (name and description, as you type), filters by source, mode and problems, grid or list. */
export function SkillsToolbar({
  filter,
  setFilter,
  view,
  setView,
  shown,
  total,
}: ReturnType<typeof useDeckControls> & { shown: number; total: number }) {
  const { t } = useTranslation('skillsList');
  const ids = { search: useId(), source: useId(), mode: useId(), problems: useId() };
  const change = (patch: Partial<DeckFilter>) => setFilter({ ...filter, ...patch });
  const filtering = isFiltering(filter);

  return (
    <div className="deck-toolbar">
      <div className="deck-toolbar-row" role="search">
        <label htmlFor={ids.search} className="sr-only">
          {t('searchLabel')}
        </label>
        <input
          id={ids.search}
          className="input deck-search"
          type="search"
          placeholder={t('searchPlaceholder')}
          value={filter.query}
          onChange={(event) => change({ query: event.target.value })}
          autoComplete="off"
        />
        <div className="deck-filter">
          <label htmlFor={ids.source}>{t('sourceLabel')}</label>
          <select
            id={ids.source}
            className="input"
            value={filter.source}
            onChange={(event) => change({ source: event.target.value as DeckFilter['source'] })}
          >
            <option value="all">{t('anySource')}</option>
            {SkillSource.options.map((source) => (
              <option key={source} value={source}>
                {t(`source.${source}`)}
              </option>
            ))}
          </select>
        </div>
        <div className="deck-filter">
          <label htmlFor={ids.mode}>{t('modeLabel')}</label>
          <select
            id={ids.mode}
            className="input"
            value={filter.mode}
            onChange={(event) => change({ mode: event.target.value as DeckFilter['mode'] })}
          >
            <option value="all">{t('anyMode')}</option>
            {EXECUTION_MODES.map((mode) => (
              <option key={mode} value={mode}>
                {t(`mode.${mode}`)}
              </option>
            ))}
          </select>
        </div>
        <div className="deck-filter deck-filter-check">
          <input
            id={ids.problems}
            type="checkbox"
            checked={filter.problems}
            onChange={(event) => change({ problems: event.target.checked })}
          />
          <label htmlFor={ids.problems}>{t('problemsLabel')}</label>
        </div>
        <div className="deck-view" role="group" aria-label={t('viewLabel')}>
          {DECK_VIEWS.map((v) => (
            <button
              key={v}
              type="button"
              className="deck-view-button"
              aria-pressed={view === v}
              onClick={() => setView(v)}
            >
              {t(`view.${v}`)}
            </button>
          ))}
        </div>
      </div>
      <div className="deck-toolbar-status">
        <p role="status" className="deck-status-text">
          {filtering ? (shown === 0 ? t('noMatch') : t('showing', { shown, count: total })) : ''}
        </p>
        {filtering && (
          <button type="button" className="button button-ghost" onClick={() => setFilter(NO_FILTER)}>
            {t('clear')}
          </button>
        )}
      </div>
    </div>
  );
}

/** On each tile of the deck: its mode, and the switch that turns the skill on or off (`meta:update`). */
export function SkillExtras({ skill }: { skill: SkillSummary }) {
  const { t } = useTranslation('skillsList');
  const updateMeta = useStores().useSkillsStore((s) => s.updateMeta);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const enabled = skill.meta.enabled;

  async function toggle() {
    setBusy(true);
    setError(null);
    const result = await updateMeta(skill.id, { enabled: !enabled });
    setBusy(false);
    if (!result.ok) setError(t('toggleFailed', { message: errorText(result.error) }));
  }

  return (
    <div className="deck-extras" data-testid={`skill-extras-${skill.id}`}>
      <span className="badge deck-mode" data-mode={skill.mode} title={t('modeLabel')}>
        {t(`mode.${skill.mode}`)}
      </span>
      <button
        type="button"
        role="switch"
        className="deck-switch"
        aria-checked={enabled}
        aria-label={t('enabledLabel', { name: skill.name })}
        disabled={busy}
        onClick={() => void toggle()}
      >
        <span className="deck-switch-knob" aria-hidden="true" />
      </button>
      {error && (
        <span className="field-error" role="alert">
          {error}
        </span>
      )}
    </div>
  );
}
