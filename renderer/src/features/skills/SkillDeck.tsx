import { defaultRangeExtractor, useWindowVirtualizer } from '@tanstack/react-virtual';
import { useLayoutEffect, useRef, useState, type CSSProperties, type FocusEvent } from 'react';
import type { SkillSummary } from '../../../../shared/types/skill';
import { deckColumns, type DeckView } from './deck';
import { SkillCard } from './SkillCard';
import { SkillExtras } from './SkillsToolbar';

// Must match `.skill-grid` in skills.css and skills-toolbar.css.
const CARD_MIN_WIDTH = 300;
const GAP: Record<DeckView, number> = { grid: 16, list: 8 };
/** A first guess at a row's height, before it is measured. */
const ROW_ESTIMATE: Record<DeckView, number> = { grid: 204, list: 64 };

/**
 * The deck, virtualized by rows: the grid's columns come from the list's width (ResizeObserver), and
 * only the rows on screen (plus a few around them) are in the DOM; the rows above and below are the
 * list's padding. The window scrolls. A card holding the focus stays rendered when scrolled away, so
 * keyboard focus (and an open appearance dialog) is never lost; Tab walks into the next rows because
 * the browser scrolls the focused card into view.
 */
export function SkillDeck({
  deck,
  live,
  view,
  label,
  onHeldChange,
}: {
  /** The skills to show, already searched and filtered. */
  deck: SkillSummary[];
  /** The skills on disk (a deck entry not among them is only kept while its dialog is open). */
  live: ReadonlySet<SkillSummary>;
  view: DeckView;
  label: string;
  onHeldChange: (held: { skill: SkillSummary; index: number } | null) => void;
}) {
  const list = useRef<HTMLUListElement>(null);
  const [width, setWidth] = useState(0);
  const [top, setTop] = useState(0);
  const [focusedId, setFocusedId] = useState<string | null>(null);
  const gap = GAP[view];
  const columns = view === 'list' ? 1 : deckColumns(width, CARD_MIN_WIDTH, gap);
  const rowCount = Math.ceil(deck.length / columns);
  const focusedIndex = focusedId === null ? -1 : deck.findIndex((s) => s.id === focusedId);
  const focusedRow = focusedIndex === -1 ? -1 : Math.floor(focusedIndex / columns);

  // The grid's width, and where the list starts in the page (the header, toolbar and banners above it
  // change height: the page around the list resizes then).
  useLayoutEffect(() => {
    const ul = list.current!;
    const measure = () => {
      const style = getComputedStyle(ul);
      setWidth(ul.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight));
      const at = ul.getBoundingClientRect().top + window.scrollY;
      setTop((previous) => (Math.abs(previous - at) < 1 ? previous : at));
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(ul);
    if (ul.parentElement) observer.observe(ul.parentElement);
    return () => observer.disconnect();
  }, []);

  const virtualizer = useWindowVirtualizer({
    count: rowCount,
    estimateSize: () => ROW_ESTIMATE[view],
    gap,
    overscan: 2,
    scrollMargin: top,
    rangeExtractor: defaultRangeExtractor,
  });
  // A new column count changes what every row holds: measure again.
  const layoutKey = `${view}:${columns}`;
  const measuredFor = useRef(layoutKey);
  useLayoutEffect(() => {
    if (measuredFor.current === layoutKey) return;
    measuredFor.current = layoutKey;
    virtualizer.measure();
  }, [layoutKey, virtualizer]);

  const rows = virtualizer.getVirtualItems();
  const first = rows[0];
  const last = rows.at(-1);
  const total = virtualizer.getTotalSize();
  const startIndex = first ? first.index * columns : 0;
  const endIndex = last ? Math.min(deck.length, (last.index + 1) * columns) : 0;
  const keptAside = focusedIndex !== -1 && (focusedIndex < startIndex || focusedIndex >= endIndex);

  const listStyle: CSSProperties = {
    position: 'relative',
    paddingTop: first ? first.start - top : 0,
    paddingBottom: last ? Math.max(0, total - (last.end - top)) : 0,
    ...(view === 'grid' ? { gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))` } : {}),
  };

  const item = (skill: SkillSummary, index: number, style?: CSSProperties) => {
    const rowStart = index % columns === 0 && !style;
    return (
      <li
        key={skill.id}
        data-skill-id={skill.id}
        aria-posinset={index + 1}
        aria-setsize={deck.length}
        style={style}
        {...(rowStart ? { ref: virtualizer.measureElement, 'data-index': index / columns } : {})}
      >
        <SkillCard
          skill={skill}
          removed={!live.has(skill)}
          onEditingChange={(open) => onHeldChange(open ? { skill, index } : null)}
        />
        {live.has(skill) && <SkillExtras skill={skill} />}
      </li>
    );
  };

  /** The focused card out of the rendered rows: out of the flow, where its row would be. */
  const asideStyle = (): CSSProperties => {
    const column = focusedIndex % columns;
    const track = `((100% - ${(columns - 1) * gap}px) / ${columns})`;
    return {
      position: 'absolute',
      top: (virtualizer.measurementsCache[focusedRow]?.start ?? top) - top,
      left: `calc(${track} * ${column} + ${column * gap}px)`,
      width: `calc(${track})`,
    };
  };

  const onFocus = (event: FocusEvent<HTMLUListElement>) => {
    const id = (event.target as HTMLElement).closest<HTMLElement>('[data-skill-id]')?.dataset.skillId;
    if (id !== undefined && id !== focusedId) setFocusedId(id);
  };
  const onBlur = (event: FocusEvent<HTMLUListElement>) => {
    // the window losing focus keeps the card: the focus comes back to it
    if (event.relatedTarget === null && !document.hasFocus()) return;
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocusedId(null);
  };

  return (
    <ul
      ref={list}
      className="skill-grid"
      data-view={view}
      aria-label={label}
      style={listStyle}
      onFocus={onFocus}
      onBlur={onBlur}
    >
      {/* one array, so that a card going out of the rows (or back) keeps its element and the focus */}
      {[
        ...(keptAside && focusedIndex < startIndex
          ? [item(deck[focusedIndex]!, focusedIndex, asideStyle())]
          : []),
        ...deck.slice(startIndex, endIndex).map((skill, i) => item(skill, startIndex + i)),
        ...(keptAside && focusedIndex >= endIndex
          ? [item(deck[focusedIndex]!, focusedIndex, asideStyle())]
          : []),
      ]}
    </ul>
  );
}
