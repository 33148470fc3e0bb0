import { useEffect, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { pageHref, type Page } from '../../app/routes';
import { useStores } from '../../app/stores-context';
import { setLanguage as setPageLanguage, type Language } from '../../i18n';
import { currentTheme, onThemeChange, resolveTheme, setTheme } from '../../theme';
import { navigation } from '../editor/navigation';
import { CommandPalette } from './CommandPalette';
import { RunSheet } from './RunSheet';

/** Ctrl+K (⌘K on a Mac) — the palette's key, wherever the focus is in the dashboard. */
export const isPaletteKey = (event: KeyboardEvent) =>
  event.key.toLowerCase() === 'k' && (event.ctrlKey || event.metaKey) && !event.altKey && !event.shiftKey;

/** The command palette and the run sheet, over whatever page is shown. */
export function LaunchHost({ page }: { page: Page | null }) {
  const { i18n } = useTranslation();
  const { useLaunchStore, useSkillsStore, useAppStore } = useStores();
  const paletteOpen = useLaunchStore((s) => s.paletteOpen);
  const sheet = useLaunchStore((s) => s.sheet);
  const theme = useSyncExternalStore(onThemeChange, currentTheme);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (!isPaletteKey(event)) return;
      event.preventDefault();
      // another dialog is asking something (a permission, unsaved edits): it keeps the keyboard
      if (document.querySelector('dialog[open]:not([data-launch])')) return;
      const launch = useLaunchStore.getState();
      if (launch.paletteOpen) launch.closePalette();
      else launch.openPalette();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [useLaunchStore]);

  const shownTheme = resolveTheme(theme, document.documentElement.dataset.theme === 'dark');
  return (
    <>
      {paletteOpen && (
        <CommandPalette
          context={{
            page,
            navigate: (hash) => navigation().navigate(hash),
            newSkill: () => {
              useLaunchStore.getState().askNewSkill();
              navigation().navigate(pageHref('skills'));
            },
            reloadSkills: () => void useSkillsStore.getState().load(),
            theme: shownTheme,
            setTheme,
            language: i18n.language,
            setLanguage: (language: Language) => {
              void setPageLanguage(language);
              void useAppStore.getState().setLanguage(language);
            },
          }}
        />
      )}
      {sheet && <RunSheet key={sheet.key} sheet={sheet} />}
    </>
  );
}
