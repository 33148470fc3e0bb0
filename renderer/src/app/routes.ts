export const PAGES = ['skills', 'runs', 'memos', 'permissions', 'settings'] as const;
export type Page = (typeof PAGES)[number];

export const PAGE_TITLES: Record<Page, string> = {
  skills: 'Skills',
  runs: 'Runs',
  memos: 'Memos',
  permissions: 'Permissions',
  settings: 'Settings',
};

export const pageHref = (page: Page) => `#/${page}`;

/** `#/runs` → 'runs'; anything unknown lands on the skills page. */
export function pageFromHash(hash: string): Page {
  const name = hash.replace(/^#\/?/, '');
  return (PAGES as readonly string[]).includes(name) ? (name as Page) : 'skills';
}
