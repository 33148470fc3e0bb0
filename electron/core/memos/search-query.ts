// Turns what the user typed into a search into safe SQL: never FTS5 syntax of their own (a stray `"`,
// `AND`, `*`, `NEAR(` or `col:` cannot cause a syntax error or change the meaning).

/** Words and "quoted phrases", each required. */
export function splitSearchTerms(query: string): string[] {
  const terms: string[] = [];
  const pattern = /"([^"]*)"?|(\S+)/g;
  for (const m of query.normalize('NFC').matchAll(pattern)) {
    const term = (m[1] ?? m[2] ?? '').replace(/\p{Cc}/gu, ' ').trim();
    if (term !== '') terms.push(term);
  }
  return terms;
}

/** The trigram index only finds terms of at least 3 characters; shorter ones go through LIKE. */
export const MIN_INDEXED_LENGTH = 3;

export interface CompiledSearch {
  /** FTS5 MATCH expression (each term a quoted string, ANDed), or null when no term is long enough. */
  match: string | null;
  /** LIKE patterns (escape `\`) for the short terms, each required in title or text. */
  likes: string[];
  terms: string[];
}

export function compileSearch(query: string): CompiledSearch {
  const terms = splitSearchTerms(query);
  const long = terms.filter((t) => [...t].length >= MIN_INDEXED_LENGTH);
  const short = terms.filter((t) => [...t].length < MIN_INDEXED_LENGTH);
  return {
    match: long.length > 0 ? long.map((t) => `"${t.replaceAll('"', '""')}"`).join(' AND ') : null,
    likes: short.map((t) => `%${t.replace(/[\\%_]/g, (c) => `\\${c}`)}%`),
    terms,
  };
}
