// What the selection toolbar shows, in the app's language: pure (no Electron), so the main process, its
// tests and the page's browser test (e2e/toolbar.spec.ts) build the same message.
import type { DesktopText } from '../../core/i18n/desktop-text';
import { launcherSkills } from '../../core/trigger/launcher-rank';
import type { ToolbarView } from '../../../shared/ipc/shell';
import type { SkillSummary } from '../../../shared/types/skill';

/** The pinned skills that can run now, in the pinned order (a removed, disabled or hidden one is left out). */
export function toolbarView(
  all: readonly SkillSummary[],
  pinned: readonly string[],
  t: DesktopText,
): ToolbarView {
  const offered = new Map(launcherSkills(all).map((s) => [s.id, s]));
  const skills = pinned.flatMap((id) => {
    const skill = offered.get(id);
    if (!skill) return [];
    const key = skill.meta.hotkey?.display;
    return [
      {
        id,
        name: skill.name,
        emoji: skill.meta.emoji,
        hint: key
          ? t('toolbar.runWithKey', { name: skill.name, key })
          : t('toolbar.run', { name: skill.name }),
      },
    ];
  });
  return {
    skills,
    labels: {
      lang: t('lang'),
      toolbar: t('toolbar.label'),
      more: t('toolbar.more'),
      copy: t('toolbar.copy'),
      copyHint: t('toolbar.copyHint'),
    },
  };
}

/** Widths in the page's CSS (pages/shell.css, `.toolbar`): a name is cut at NAME_MAX with an ellipsis. */
const NAME_MAX = 112;
const BUTTON_EXTRA = 36; // emoji, gap and padding
const EDGE = 10; // the bar's padding and border

/** Roughly how wide a name is drawn at 13 px: wide (CJK) characters twice a narrow one. */
function nameWidth(name: string): number {
  let width = 0;
  for (const char of name) width += /[\u1100-\uffff]/u.test(char) ? 13 : 7.2;
  return Math.min(NAME_MAX, Math.ceil(width));
}

/** The window's size for this view: the buttons in one row. */
export function toolbarSize(view: ToolbarView): { width: number; height: number } {
  const skills = view.skills.reduce((sum, s) => sum + nameWidth(s.name) + BUTTON_EXTRA, 0);
  const copy = nameWidth(view.labels.copy) + 24;
  const more = 32;
  return { width: Math.ceil(EDGE + skills + copy + more), height: 40 };
}
