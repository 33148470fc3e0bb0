import type { Database } from 'better-sqlite3';
import type {
  Memo,
  MemoListInput,
  MemoPage,
  MemoSearchInput,
  MemoSearchResult,
} from '../../../shared/types/memo';
import { compileSearch } from './search-query';
import { MARK_CLOSE, MARK_OPEN, parseMarkedSnippet, snippetAround } from './snippet';
import { optionalFilters } from '../store/sql-filter';

export interface NewMemo {
  skillId: string;
  runId: string | null;
  /** Empty: a title is made from the text's first line. */
  title?: string;
  text: string;
}

export interface MemoRepo {
  create(memo: NewMemo, now: number): Memo;
  get(id: number): Memo | undefined;
  /** Newest first. */
  list(input: MemoListInput): MemoPage;
  /** Best matches first (bm25); every term must match. */
  search(input: MemoSearchInput): MemoSearchResult;
  /** Newest first; for export. */
  all(filter: { skillId?: string }): Memo[];
  delete(id: number): boolean;
}

interface Row {
  id: number;
  skill_id: string;
  run_id: string | null;
  title: string;
  text: string;
  created_at: number;
  updated_at: number;
}

const fromRow = (r: Row): Memo => ({
  id: r.id,
  skillId: r.skill_id,
  runId: r.run_id,
  title: r.title,
  text: r.text,
  createdAt: r.created_at,
  updatedAt: r.updated_at,
});

const TITLE_MAX = 80;

/** The first non-empty line, cut at a word near 80 characters. */
export function titleFromText(text: string): string {
  const line =
    text
      .split(/\r?\n/)
      .find((l) => l.trim() !== '')
      ?.trim() ?? '';
  const chars = [...line];
  if (chars.length <= TITLE_MAX) return line;
  const cut = chars.slice(0, TITLE_MAX).join('');
  const space = cut.lastIndexOf(' ');
  return `${space > TITLE_MAX / 2 ? cut.slice(0, space) : cut}…`;
}

// The snippet markers must not occur in stored text (see snippet.ts).
const stripMarkers = (s: string) => s.replace(/[\uE000\uE001]/g, '');

const SNIPPET_TOKENS = 48;

export function createMemoRepo(db: Database): MemoRepo {
  const insert = db.prepare<[string, string | null, string, string, number, number]>(
    'INSERT INTO memos (skill_id, run_id, title, text, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)',
  );
  const selectOne = db.prepare<[number], Row>('SELECT * FROM memos WHERE id = ?');
  const deleteOne = db.prepare<[number]>('DELETE FROM memos WHERE id = ?');

  const where = (filter: { skillId?: string; since?: number; until?: number }) =>
    optionalFilters([
      ['m.skill_id = ?', filter.skillId],
      ['m.created_at >= ?', filter.since],
      ['m.created_at < ?', filter.until],
    ]);

  const repo: MemoRepo = {
    create(memo, now) {
      const text = stripMarkers(memo.text);
      const title = stripMarkers(memo.title?.trim() ?? '') || titleFromText(text);
      const info = insert.run(memo.skillId, memo.runId, title, text, now, now);
      return repo.get(Number(info.lastInsertRowid))!;
    },

    get(id) {
      const row = selectOne.get(id);
      return row && fromRow(row);
    },

    list(input) {
      const { clauses, params } = where(input);
      const sqlWhere = clauses.length > 0 ? `WHERE ${clauses.join(' AND ')}` : '';
      const rows = db
        .prepare<unknown[], Row>(
          `SELECT * FROM memos m ${sqlWhere} ORDER BY m.created_at DESC, m.id DESC LIMIT ? OFFSET ?`,
        )
        .all(...params, input.limit, input.offset);
      const { total } = db
        .prepare<unknown[], { total: number }>(`SELECT count(*) AS total FROM memos m ${sqlWhere}`)
        .get(...params)!;
      return { items: rows.map(fromRow), total };
    },

    search(input) {
      const compiled = compileSearch(input.query);
      if (compiled.terms.length === 0) return { items: [], hasMore: false };
      const { clauses, params } = where(input);
      for (const like of compiled.likes) {
        clauses.push("(m.title LIKE ? ESCAPE '\\' OR m.text LIKE ? ESCAPE '\\')");
        params.push(like, like);
      }
      const page = [input.limit + 1, input.offset];
      let rows: (Row & { marked?: string })[];
      if (compiled.match !== null) {
        const extra = clauses.map((c) => ` AND ${c}`).join('');
        rows = db
          .prepare<unknown[], Row & { marked: string }>(
            `SELECT m.*, snippet(memos_fts, -1, '${MARK_OPEN}', '${MARK_CLOSE}', '…', ${SNIPPET_TOKENS}) AS marked
             FROM memos_fts JOIN memos m ON m.id = memos_fts.rowid
             WHERE memos_fts MATCH ?${extra}
             ORDER BY bm25(memos_fts), m.created_at DESC LIMIT ? OFFSET ?`,
          )
          .all(compiled.match, ...params, ...page);
      } else {
        rows = db
          .prepare<unknown[], Row>(
            `SELECT * FROM memos m WHERE ${clauses.join(' AND ')}
             ORDER BY m.created_at DESC, m.id DESC LIMIT ? OFFSET ?`,
          )
          .all(...params, ...page);
      }
      const hasMore = rows.length > input.limit;
      const items = rows.slice(0, input.limit).map((row) => {
        const snippet =
          row.marked !== undefined && row.marked.includes(MARK_OPEN)
            ? parseMarkedSnippet(row.marked)
            : snippetAround(row.text, compiled.terms);
        return { memo: fromRow(row), snippet };
      });
      return { items, hasMore };
    },

    all(filter) {
      const { clauses, params } = where(filter);
      const sqlWhere = clauses.length > 0 ? `WHERE ${clauses.join(' AND ')}` : '';
      return db
        .prepare<unknown[], Row>(`SELECT * FROM memos m ${sqlWhere} ORDER BY m.created_at DESC, m.id DESC`)
        .all(...params)
        .map(fromRow);
    },

    delete(id) {
      return deleteOne.run(id).changes > 0;
    },
  };
  return repo;
}
