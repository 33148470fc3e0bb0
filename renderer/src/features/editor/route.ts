import { PAGES } from '../../app/routes';

/** The editor's address: `#/skills/<id>` (the skills page stays the current page in the sidebar). */
export const editorHref = (skillId: string) => `#/skills/${encodeURIComponent(skillId)}`;

/** `#/skills/translate` → 'translate'; any other hash → null. */
export function skillIdFromHash(hash: string): string | null {
  const match = /^#\/?skills\/(.+)$/.exec(hash);
  if (!match) return null;
  try {
    const id = decodeURIComponent(match[1]!.replace(/\/+$/, ''));
    return id && !id.includes('/') ? id : null;
  } catch {
    return null;
  }
}

/**
 * Whether going to `to` leaves the editor of `skillId` (another page, another skill), which unsaved
 * edits must be asked about first. A place in the page (`#main`) and the same skill are not leaving.
 */
export function leavesEditor(to: string, skillId: string): boolean {
  return isRouteHash(to) && skillIdFromHash(to) !== skillId;
}

/**
 * Whether a hash names a page (`#/runs`, `#runs`, `#/skills/<id>`, none at all) rather than a place in
 * the page (`#main`, the skip link's), which the views ignore (the browser scrolls to it).
 */
export function isRouteHash(hash: string): boolean {
  if (hash === '' || hash === '#' || hash.startsWith('#/')) return true;
  return skillIdFromHash(hash) !== null || (PAGES as readonly string[]).includes(hash.slice(1));
}
