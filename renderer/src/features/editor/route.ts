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
