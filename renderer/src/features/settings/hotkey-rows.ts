import type { HotkeyStatus, HotkeysOverview } from '../../../../shared/types/desktop';
import type { SkillSummary } from '../../../../shared/types/skill';

/** What Settings says of a hotkey: the host's registration state, or why the host has none for it. */
export type HotkeyRowState = HotkeyStatus['state'] | 'desktopOnly' | 'skillOff' | 'pending';

export interface HotkeyRow {
  skillId: string;
  name: string;
  display: string;
  state: HotkeyRowState;
  /** The host's status for the hotkey, when it has one. */
  status: HotkeyStatus | null;
}

/**
 * Every skill's hotkey as the skill cards show it (the skill's metadata is the truth), with what the host
 * made of it. The host's overview lists only what it registers: none in the headless host, and no
 * turned-off skill in the desktop app — so it cannot be the list itself.
 */
export function hotkeyRows(skills: readonly SkillSummary[], overview: HotkeysOverview | null): HotkeyRow[] {
  const rows: HotkeyRow[] = [];
  for (const skill of skills) {
    const hotkey = skill.meta.hotkey;
    if (skill.shadowedBy || !hotkey) continue;
    const status = overview?.hotkeys.find((h) => h.skillId === skill.id) ?? null;
    const state: HotkeyRowState = status
      ? status.state
      : !skill.meta.enabled
        ? 'skillOff'
        : overview && !overview.available
          ? 'desktopOnly'
          : 'pending';
    rows.push({ skillId: skill.id, name: skill.name, display: hotkey.display, state, status });
  }
  return rows.sort((a, b) => a.name.localeCompare(b.name));
}
