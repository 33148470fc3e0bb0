import { useTranslation } from 'react-i18next';
import { SearchIcon } from '../../app/icons';
import { useStores } from '../../app/stores-context';
import './palette.css';

/** ⌘K on a Mac, Ctrl+K elsewhere: what the button shows as its shortcut. */
export const paletteKeys = (platform = typeof navigator === 'undefined' ? '' : navigator.platform) =>
  /mac|iphone|ipad/i.test(platform) ? '⌘K' : 'Ctrl+K';

/** The sidebar's way into the command palette, showing its keyboard shortcut. */
export function PaletteButton() {
  const { t } = useTranslation('launch');
  const { useLaunchStore } = useStores();
  const keys = paletteKeys();
  return (
    <button
      type="button"
      className="palette-button"
      aria-haspopup="dialog"
      aria-keyshortcuts="Control+K Meta+K"
      title={t('palette.openHint', { keys })}
      onClick={() => useLaunchStore.getState().openPalette()}
    >
      <SearchIcon />
      <span className="palette-button-label">{t('palette.open')}</span>
      <kbd className="palette-button-keys">{keys}</kbd>
    </button>
  );
}
