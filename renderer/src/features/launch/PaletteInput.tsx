import { useEffect, useId, type KeyboardEvent, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import type { SkillSummary } from '../../../../shared/types/skill';
import { SearchIcon } from '../../app/icons';
import { SkillTile } from '../skills/SkillTile';
import { isRunKey } from './RunSheet';

/**
 * The palette's box: the search (a combobox over the list) or, once a skill is chosen, the input for it
 * with the skill shown before it.
 */
export function PaletteInput({
  inputRef,
  chosen,
  query,
  text,
  listId,
  expanded,
  activeId,
  onQuery,
  onText,
  onSearchKey,
  onRun,
  onTab,
  onBack,
}: {
  inputRef: RefObject<HTMLInputElement | HTMLTextAreaElement | null>;
  chosen: SkillSummary | null;
  query: string;
  text: string;
  listId: string;
  expanded: boolean;
  activeId: string | undefined;
  onQuery: (query: string) => void;
  onText: (text: string) => void;
  onSearchKey: (event: KeyboardEvent) => void;
  onRun: () => void;
  onTab: () => void;
  onBack: () => void;
}) {
  const { t } = useTranslation('launch');
  const ids = { search: useId(), text: useId() };

  // the box that is shown has the focus: on open, after choosing a skill, after going back
  useEffect(() => {
    inputRef.current?.focus();
  }, [chosen, inputRef]);

  if (!chosen) {
    return (
      <div className="palette-search">
        <SearchIcon />
        <label htmlFor={ids.search} className="sr-only">
          {t('palette.label')}
        </label>
        <input
          id={ids.search}
          ref={inputRef as RefObject<HTMLInputElement>}
          className="palette-box"
          role="combobox"
          aria-expanded={expanded}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={expanded ? activeId : undefined}
          autoComplete="off"
          spellCheck={false}
          value={query}
          placeholder={t('palette.placeholder')}
          onChange={(e) => onQuery(e.target.value)}
          onKeyDown={onSearchKey}
        />
      </div>
    );
  }

  const onKey = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (isRunKey(event)) {
      event.preventDefault();
      onRun();
    } else if (event.key === 'Tab' && !event.shiftKey) {
      event.preventDefault();
      onTab();
    } else if (event.key === 'Backspace' && text === '') {
      event.preventDefault();
      onBack();
    }
  };
  return (
    <div className="palette-search palette-chosen">
      <button
        type="button"
        className="palette-chip"
        aria-label={t('palette.back')}
        title={t('palette.back')}
        onClick={onBack}
      >
        <SkillTile emoji={chosen.meta.emoji} color={chosen.meta.color} name={chosen.name} />
        <span className="palette-chip-name">{chosen.name}</span>
      </button>
      <label htmlFor={ids.text} className="sr-only">
        {t('palette.inputLabel', { name: chosen.name })}
      </label>
      <textarea
        id={ids.text}
        ref={inputRef as RefObject<HTMLTextAreaElement>}
        className="palette-box palette-text"
        rows={2}
        value={text}
        placeholder={t('palette.inputPlaceholder', { name: chosen.name })}
        onChange={(e) => onText(e.target.value)}
        onKeyDown={onKey}
      />
    </div>
  );
}
