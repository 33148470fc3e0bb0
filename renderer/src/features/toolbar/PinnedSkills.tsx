import { useRef, useState, type DragEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { MAX_PINNED } from '../../../../shared/types/toolbar';
import type { SkillSummary } from '../../../../shared/types/skill';
import { useStores } from '../../app/stores-context';
import { moveItem } from './toolbar-store';

/** Skills the toolbar can offer: the ones the launcher offers. */
const pinnable = (s: SkillSummary) => !s.shadowedBy && s.runnable && s.userInvocable && s.meta.enabled;

/**
 * The pinned skills in the toolbar's order: drag a row, or focus it and press Alt+↑ / Alt+↓ (the arrow
 * buttons do the same); Remove unpins; the list below pins another.
 */
export function PinnedSkills({ pinned }: { pinned: readonly string[] }) {
  const { t } = useTranslation('settings');
  const { useSkillsStore, useToolbarStore } = useStores();
  const skills = useSkillsStore((s) => s.skills);
  const update = useToolbarStore((s) => s.update);
  const [choice, setChoice] = useState('');
  const [status, setStatus] = useState('');
  const dragged = useRef<number | null>(null);
  const rows = useRef<(HTMLLIElement | null)[]>([]);
  const byId = new Map(skills.map((s) => [s.id, s]));
  const offered = skills.filter((s) => pinnable(s) && !pinned.includes(s.id));
  const nameOf = (id: string) => byId.get(id)?.name ?? id;

  async function move(from: number, to: number, refocus = false) {
    if (to < 0 || to >= pinned.length || from === to) return;
    await update({ pinned: moveItem(pinned, from, to) });
    setStatus(
      t('toolbar.pinned.moved', { name: nameOf(pinned[from]!), place: to + 1, total: pinned.length }),
    );
    if (refocus) rows.current[to]?.focus();
  }
  function onKey(event: KeyboardEvent<HTMLLIElement>, index: number) {
    if (!event.altKey || (event.key !== 'ArrowUp' && event.key !== 'ArrowDown')) return;
    event.preventDefault();
    void move(index, index + (event.key === 'ArrowUp' ? -1 : 1), true);
  }
  function onDrop(event: DragEvent<HTMLLIElement>, index: number) {
    event.preventDefault();
    if (dragged.current !== null) void move(dragged.current, index);
    dragged.current = null;
  }
  async function pin() {
    if (!choice) return;
    if (await update({ pinned: [...pinned, choice] }))
      setStatus(t('toolbar.pinned.added', { name: nameOf(choice) }));
    setChoice('');
  }

  return (
    <div className="toolbar-block">
      <h3 className="field-label" id="toolbar-pinned-title">
        {t('toolbar.pinned.title')}
      </h3>
      <p className="muted small" id="toolbar-pinned-hint">
        {t('toolbar.pinned.hint')}
      </p>
      {pinned.length === 0 ? (
        <p className="muted">{t('toolbar.pinned.none')}</p>
      ) : (
        <ol
          className="pinned-list"
          aria-labelledby="toolbar-pinned-title"
          aria-describedby="toolbar-pinned-hint"
        >
          {pinned.map((id, index) => {
            const skill = byId.get(id);
            return (
              <li
                key={id}
                ref={(el) => void (rows.current[index] = el)}
                className="pinned-row"
                data-testid="pinned-row"
                tabIndex={0}
                draggable
                aria-label={t('toolbar.pinned.row', {
                  name: nameOf(id),
                  place: index + 1,
                  total: pinned.length,
                })}
                onKeyDown={(e) => onKey(e, index)}
                onDragStart={(e) => {
                  dragged.current = index;
                  e.dataTransfer.effectAllowed = 'move';
                  e.dataTransfer.setData('text/plain', id);
                }}
                onDragOver={(e) => e.preventDefault()}
                onDrop={(e) => onDrop(e, index)}
              >
                <span className="pinned-grip" aria-hidden="true">
                  ⠿
                </span>
                <span className="pinned-emoji" aria-hidden="true">
                  {skill?.meta.emoji ?? '•'}
                </span>
                <span className="pinned-name">{nameOf(id)}</span>
                {skill && !pinnable(skill) && <span className="badge">{t('toolbar.pinned.notShown')}</span>}
                <span className="pinned-actions">
                  <button
                    type="button"
                    className="icon-button"
                    disabled={index === 0}
                    aria-label={t('toolbar.pinned.up', { name: nameOf(id) })}
                    title={t('toolbar.pinned.up', { name: nameOf(id) })}
                    onClick={() => void move(index, index - 1)}
                  >
                    ↑
                  </button>
                  <button
                    type="button"
                    className="icon-button"
                    disabled={index === pinned.length - 1}
                    aria-label={t('toolbar.pinned.down', { name: nameOf(id) })}
                    title={t('toolbar.pinned.down', { name: nameOf(id) })}
                    onClick={() => void move(index, index + 1)}
                  >
                    ↓
                  </button>
                  <button
                    type="button"
                    className="button button-ghost"
                    aria-label={t('toolbar.pinned.removeOf', { name: nameOf(id) })}
                    onClick={() => void update({ pinned: pinned.filter((p) => p !== id) })}
                  >
                    {t('toolbar.pinned.remove')}
                  </button>
                </span>
              </li>
            );
          })}
        </ol>
      )}
      <div className="toolbar-add">
        <label htmlFor="toolbar-pin" className="sr-only">
          {t('toolbar.pinned.choose')}
        </label>
        <select
          id="toolbar-pin"
          className="input"
          value={choice}
          disabled={pinned.length >= MAX_PINNED || offered.length === 0}
          onChange={(e) => setChoice(e.target.value)}
        >
          <option value="">{t('toolbar.pinned.choose')}</option>
          {offered.map((s) => (
            <option key={s.id} value={s.id}>
              {`${s.meta.emoji} ${s.name}`}
            </option>
          ))}
        </select>
        <button type="button" className="button" disabled={!choice} onClick={() => void pin()}>
          {t('toolbar.pinned.pin')}
        </button>
      </div>
      {pinned.length >= MAX_PINNED && (
        <p className="muted small">{t('toolbar.pinned.full', { max: MAX_PINNED })}</p>
      )}
      <p className="sr-only" role="status">
        {status}
      </p>
    </div>
  );
}
