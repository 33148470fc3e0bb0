import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { SkillSummary } from '../../../../shared/types/skill';
import { SkillTile } from '../skills/SkillTile';
import type { PaletteCommand } from './palette-actions';
import { highlightRuns } from './palette-rank';

export type PaletteEntry =
  | { kind: 'skill'; id: string; skill: SkillSummary; nameIndexes: readonly number[]; score: number }
  | { kind: 'command'; id: string; command: PaletteCommand; score: number };

export interface PaletteGroup {
  id: string;
  label: string;
  entries: PaletteEntry[];
}

/** The listbox under the search: groups of options, the active one scrolled into view. */
export function PaletteList({
  id,
  groups,
  activeId,
  query,
  onHover,
  onPick,
}: {
  id: string;
  groups: PaletteGroup[];
  activeId: string | undefined;
  query: string;
  onHover: (entry: PaletteEntry) => void;
  onPick: (entry: PaletteEntry) => void;
}) {
  const { t } = useTranslation('launch');
  const list = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!activeId) return;
    list.current
      ?.querySelector(`[id="${CSS.escape(`${id}-${activeId}`)}"]`)
      ?.scrollIntoView({ block: 'nearest' });
  }, [activeId, id]);

  if (groups.length === 0)
    return (
      <p className="palette-empty muted" role="status">
        {t('palette.empty', { query: query.trim() })}
      </p>
    );
  return (
    <div ref={list} id={id} role="listbox" aria-label={t('palette.results')} className="palette-list">
      {groups.map((group) => (
        <div key={group.id} role="group" aria-labelledby={`${id}-group-${group.id}`}>
          <div id={`${id}-group-${group.id}`} className="palette-group" role="presentation">
            {group.label}
          </div>
          {group.entries.map((entry) => (
            <div
              key={entry.id}
              id={`${id}-${entry.id}`}
              role="option"
              aria-selected={entry.id === activeId}
              className="palette-option"
              data-testid={`palette-${entry.id}`}
              onMouseMove={() => entry.id !== activeId && onHover(entry)}
              // keep the focus in the search box
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => onPick(entry)}
            >
              {entry.kind === 'skill' ? <SkillOption entry={entry} /> : <span>{entry.command.label}</span>}
            </div>
          ))}
        </div>
      ))}
    </div>
  );
}

function SkillOption({ entry }: { entry: Extract<PaletteEntry, { kind: 'skill' }> }) {
  const { skill } = entry;
  return (
    <>
      <SkillTile emoji={skill.meta.emoji} color={skill.meta.color} name={skill.name} />
      <span className="palette-option-text">
        <span className="palette-option-name">
          {highlightRuns(skill.name, entry.nameIndexes).map((run, i) =>
            run.hit ? <mark key={i}>{run.text}</mark> : run.text,
          )}
        </span>
        {skill.description && <span className="palette-option-description">{skill.description}</span>}
      </span>
      {skill.meta.hotkey && <kbd className="hotkey palette-hotkey">{skill.meta.hotkey.display}</kbd>}
    </>
  );
}
