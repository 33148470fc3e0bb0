/**
 * The `WHERE` parts of an optional-filter query: each condition whose value is given becomes
 * `sql` (with one `?`) and a parameter; conditions whose value is undefined are left out.
 */
export function optionalFilters(
  conditions: readonly (readonly [sql: string, value: string | number | undefined])[],
): {
  clauses: string[];
  params: (string | number)[];
} {
  const clauses: string[] = [];
  const params: (string | number)[] = [];
  for (const [sql, value] of conditions) {
    if (value === undefined) continue;
    clauses.push(sql);
    params.push(value);
  }
  return { clauses, params };
}
