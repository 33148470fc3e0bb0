import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RUN_STATUSES, type RunSummary } from '../../../../shared/types/run';
import { useStores } from '../../app/stores-context';
import { When } from '../../app/When';
import { PAGE_SIZE, type RunFilters } from '../../stores/runs';
import { Duration } from './Duration';
import { inputSummary } from './format';
import './run-history.css';

/** Past runs, filtered and paged; open one in the panel, delete one. */
export function RunHistory() {
  const { t } = useTranslation('runs');
  const { useRunsStore, useSkillsStore } = useStores();
  const history = useRunsStore((s) => s.history);
  const currentId = useRunsStore((s) => s.currentId);
  const { loadHistory, open, remove } = useRunsStore.getState();
  const skills = useSkillsStore((s) => s.skills);
  const [problem, setProblem] = useState<string | null>(null);
  const ids = { title: useId(), skill: useId(), status: useId(), from: useId(), to: useId() };
  const { filters, offset, total, rows } = history;
  const filtered = Object.values(filters).some((value) => value !== '');

  useEffect(() => {
    void loadHistory();
  }, [loadHistory]);

  const setFilter = (change: Partial<RunFilters>) => void loadHistory({ filters: { ...filters, ...change } });

  async function act(work: Promise<{ ok: boolean; error?: { message: string } }>) {
    const result = await work;
    setProblem(result.ok ? null : (result.error?.message ?? null));
  }

  return (
    <section className="runs-card run-history" aria-labelledby={ids.title}>
      <h2 id={ids.title} className="runs-card-title">
        {t('history.title')}
      </h2>
      <div className="history-filters" role="group" aria-label={t('history.filters')}>
        <label className="filter" htmlFor={ids.skill}>
          <span className="field-label">{t('history.skill')}</span>
          <select
            id={ids.skill}
            className="input"
            value={filters.skillId}
            onChange={(e) => setFilter({ skillId: e.target.value })}
          >
            <option value="">{t('history.anySkill')}</option>
            {skills.map((s) => (
              <option key={s.id} value={s.id}>
                {s.name}
              </option>
            ))}
          </select>
        </label>
        <label className="filter" htmlFor={ids.status}>
          <span className="field-label">{t('history.status')}</span>
          <select
            id={ids.status}
            className="input"
            value={filters.status}
            onChange={(e) => setFilter({ status: e.target.value as RunFilters['status'] })}
          >
            <option value="">{t('history.anyStatus')}</option>
            {RUN_STATUSES.map((status) => (
              <option key={status} value={status}>
                {t(`status.${status}`)}
              </option>
            ))}
          </select>
        </label>
        <label className="filter" htmlFor={ids.from}>
          <span className="field-label">{t('history.from')}</span>
          <input
            id={ids.from}
            type="date"
            className="input"
            value={filters.from}
            onChange={(e) => setFilter({ from: e.target.value })}
          />
        </label>
        <label className="filter" htmlFor={ids.to}>
          <span className="field-label">{t('history.to')}</span>
          <input
            id={ids.to}
            type="date"
            className="input"
            value={filters.to}
            onChange={(e) => setFilter({ to: e.target.value })}
          />
        </label>
      </div>
      {(history.error ?? problem) && (
        <p className="form-error" role="alert">
          {history.error ?? problem}
        </p>
      )}
      {rows.length === 0 ? (
        <p className="muted" data-testid="history-empty">
          {history.loading ? t('history.loading') : t(filtered ? 'history.noMatch' : 'history.empty')}
        </p>
      ) : (
        <table className="history-table" aria-busy={history.loading}>
          <thead>
            <tr>
              <th scope="col">{t('history.skill')}</th>
              <th scope="col">{t('history.status')}</th>
              <th scope="col">{t('history.started')}</th>
              <th scope="col">{t('history.duration')}</th>
              <th scope="col">{t('history.inputColumn')}</th>
              <th scope="col">
                <span className="sr-only">{t('history.actions')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <HistoryRow
                key={row.id}
                row={row}
                current={row.id === currentId}
                onOpen={() => void act(open(row.id))}
                onDelete={() => {
                  if (window.confirm(t('history.confirmDelete', { skill: row.skillId })))
                    void act(remove(row.id));
                }}
              />
            ))}
          </tbody>
        </table>
      )}
      {/* an empty history is said once, above */}
      {total > 0 && (
        <div className="pager">
          <span className="muted small">
            {t('history.range', { from: offset + 1, to: Math.min(offset + PAGE_SIZE, total), total })}
          </span>
          <button
            type="button"
            className="button"
            disabled={offset === 0}
            onClick={() => void loadHistory({ offset: Math.max(0, offset - PAGE_SIZE) })}
          >
            {t('history.previous')}
          </button>
          <button
            type="button"
            className="button"
            disabled={offset + PAGE_SIZE >= total}
            onClick={() => void loadHistory({ offset: offset + PAGE_SIZE })}
          >
            {t('history.next')}
          </button>
        </div>
      )}
    </section>
  );
}

function HistoryRow({
  row,
  current,
  onOpen,
  onDelete,
}: {
  row: RunSummary;
  current: boolean;
  onOpen: () => void;
  onDelete: () => void;
}) {
  const { t } = useTranslation('runs');
  return (
    <tr data-testid={`history-row-${row.id}`} aria-current={current || undefined}>
      <td>
        {row.skillId}
        {row.retryOf && <span className="history-tag">{t('history.retry')}</span>}
        {row.turnCount > 0 && (
          <span className="history-tag">{t('history.followUps', { count: row.turnCount })}</span>
        )}
      </td>
      <td>
        <span className="status-badge" data-status={row.status}>
          {t(`status.${row.status}`)}
        </span>
      </td>
      <td>
        <When at={row.startedAt} />
      </td>
      <td>{row.endedAt !== null ? <Duration ms={row.endedAt - row.startedAt} /> : '—'}</td>
      <td className="history-input">{inputSummary(row.input, 60)}</td>
      <td className="history-actions">
        <button
          type="button"
          className="button button-ghost"
          aria-label={t('history.openLabel', { skill: row.skillId, id: row.id })}
          onClick={onOpen}
        >
          {t('history.open')}
        </button>
        <button
          type="button"
          className="button button-ghost"
          aria-label={t('history.deleteLabel', { skill: row.skillId, id: row.id })}
          onClick={onDelete}
        >
          {t('history.delete')}
        </button>
      </td>
    </tr>
  );
}
