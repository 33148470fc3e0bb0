import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MemoListInput, MemoSearchInput } from '../../../shared/types/memo';
import { openDatabase } from '../store/db';
import { createMemoRepo, titleFromText } from './memo-repo';
import { compileSearch, splitSearchTerms } from './search-query';

function setup() {
  const repo = createMemoRepo(openDatabase(':memory:'));
  let t = 1000;
  const add = (text: string, skillId = 'memo', title?: string) =>
    repo.create({ skillId, runId: null, title, text }, (t += 1000));
  return { repo, add };
}
const list = (input: Partial<MemoListInput> = {}) => MemoListInput.parse(input);
const search = (query: string, rest: Partial<MemoSearchInput> = {}) =>
  MemoSearchInput.parse({ query, ...rest });
const highlighted = (parts: { text: string; match: boolean }[]) =>
  parts.map((p) => (p.match ? `[${p.text}]` : p.text)).join('');

describe('memo repo', () => {
  it('creates, gets, deletes; a title from the first line when none is given', () => {
    const { repo, add } = setup();
    const memo = add('\n  First line  \nsecond', 'translate');
    expect(memo).toMatchObject({
      id: 1,
      skillId: 'translate',
      runId: null,
      title: 'First line',
      createdAt: 2000,
    });
    expect(add('x', 'memo', '  My title ').title).toBe('My title');
    expect(repo.get(1)).toEqual(memo);
    expect(repo.delete(1)).toBe(true);
    expect(repo.delete(1)).toBe(false);
    expect(repo.get(1)).toBeUndefined();
  });

  it('lists newest first with paging, a total, and filters', () => {
    const { repo, add } = setup();
    for (let i = 1; i <= 5; i++) add(`memo ${i}`, i % 2 ? 'a' : 'b');
    const page = repo.list(list({ limit: 2, offset: 1 }));
    expect(page.total).toBe(5);
    expect(page.items.map((m) => m.text)).toEqual(['memo 4', 'memo 3']);
    expect(repo.list(list({ skillId: 'b' })).items.map((m) => m.text)).toEqual(['memo 4', 'memo 2']);
    expect(repo.list(list({ since: 3000, until: 5000 })).items.map((m) => m.text)).toEqual([
      'memo 3',
      'memo 2',
    ]);
  });

  it('searches Chinese text by substring (3+ characters through FTS, shorter through LIKE)', () => {
    const { repo, add } = setup();
    add('我今天学习了全文搜索的用法', 'memo', '学习笔记');
    add('明天去北京开会');
    const long = repo.search(search('全文搜索'));
    expect(long.items.map((h) => h.memo.id)).toEqual([1]);
    expect(highlighted(long.items[0]!.snippet)).toContain('[全文搜索]');
    const short = repo.search(search('北京'));
    expect(short.items.map((h) => h.memo.id)).toEqual([2]);
    expect(highlighted(short.items[0]!.snippet)).toBe('明天去[北京]开会');
    expect(repo.search(search('学')).items.map((h) => h.memo.id)).toEqual([1]);
  });

  it('searches accented text ignoring case and diacritics', () => {
    const { repo, add } = setup();
    add('Notes on the crème brûlée at the Café de Flore');
    add('A résumé for the job');
    expect(repo.search(search('creme brulee')).items.map((h) => h.memo.id)).toEqual([1]);
    expect(repo.search(search('CAFÉ')).items.map((h) => h.memo.id)).toEqual([1]);
    const hit = repo.search(search('resume'));
    expect(hit.items.map((h) => h.memo.id)).toEqual([2]);
    expect(highlighted(hit.items[0]!.snippet)).toBe('A [résumé] for the job');
  });

  it('every term is required; "quoted phrases" stay together; matches in the title count', () => {
    const { repo, add } = setup();
    add('the quick brown fox');
    add('brown quick fox');
    add('body text', 'memo', 'Quick title');
    expect(
      repo
        .search(search('quick fox'))
        .items.map((h) => h.memo.id)
        .sort(),
    ).toEqual([1, 2]);
    expect(repo.search(search('"quick brown"')).items.map((h) => h.memo.id)).toEqual([1]);
    expect(repo.search(search('quick title')).items.map((h) => h.memo.id)).toEqual([3]);
    expect(
      repo
        .search(search('quick ox'))
        .items.map((h) => h.memo.id)
        .sort(),
    ).toEqual([1, 2]);
  });

  it('pages search results with hasMore, and filters by skill', () => {
    const { repo, add } = setup();
    for (let i = 0; i < 5; i++) add(`apple ${i}`, i < 2 ? 'a' : 'b');
    const first = repo.search(search('apple', { limit: 3 }));
    expect(first.items).toHaveLength(3);
    expect(first.hasMore).toBe(true);
    expect(repo.search(search('apple', { limit: 3, offset: 3 })).hasMore).toBe(false);
    expect(repo.search(search('apple', { skillId: 'a' })).items).toHaveLength(2);
  });

  it('an empty query finds nothing; FTS syntax in the query is plain text', () => {
    const { repo, add } = setup();
    add('use NEAR( and "quotes" and col:umn and a* b^ -x OR y AND z % _');
    expect(repo.search(search('  "" ')).items).toEqual([]);
    for (const q of [
      '"',
      'NEAR(',
      'col:umn',
      'a*',
      'OR',
      'AND z',
      '-x',
      '^',
      '%',
      '_',
      '\\',
      "'",
      '(',
      ')',
      '""quotes',
    ]) {
      expect(() => repo.search(search(q)), q).not.toThrow();
    }
    expect(repo.search(search('col:umn')).items).toHaveLength(1);
    expect(repo.search(search('%')).items).toHaveLength(1);
    expect(repo.search(search('_')).items).toHaveLength(1);
    expect(repo.search(search('no%such')).items).toHaveLength(0);
  });

  it('property: any query string is searched without an error', () => {
    const { repo, add } = setup();
    add('Some text 中文 with ünïcödé and "quotes" (parens) * ^ :');
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme' }), (query) => {
        repo.search(search(query.slice(0, 1000)));
      }),
      { numRuns: 300 },
    );
  });

  it('the snippet marks survive in neither the stored text nor the parts', () => {
    const { repo, add } = setup();
    const memo = add('odd \uE000marker\uE001 text');
    expect(memo.text).toBe('odd marker text');
    expect(highlighted(repo.search(search('marker')).items[0]!.snippet)).toBe('odd [marker] text');
  });
});

describe('search query compilation', () => {
  it('splits words and phrases and quotes each as an FTS string', () => {
    expect(splitSearchTerms(' a  "b c" d"e "f')).toEqual(['a', 'b c', 'd"e', 'f']);
    expect(compileSearch('hello "big world" 中文 x')).toEqual({
      match: '"hello" AND "big world"',
      likes: ['%中文%', '%x%'],
      terms: ['hello', 'big world', '中文', 'x'],
    });
    expect(compileSearch('ab"c').match).toBe('"ab""c"');
    expect(compileSearch('5%').likes).toEqual(['%5\\%%']);
  });
});

describe('titleFromText', () => {
  it('cuts long lines at a word', () => {
    expect(titleFromText('a '.repeat(100))).toMatch(/^(a ){0,40}a…$/);
    expect(titleFromText('')).toBe('');
    expect([...titleFromText('字'.repeat(200))]).toHaveLength(81);
  });
});
