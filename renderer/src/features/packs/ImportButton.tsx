import { useState, type DragEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useStores } from '../../app/stores-context';
import { ImportDialog } from './ImportDialog';
import './packs.css';

/** "Import…" on the Skills page: opens the import dialog. */
export function ImportButton() {
  const { t } = useTranslation('packs');
  const usePacksStore = useStores().usePacksStore;
  const open = usePacksStore((s) => s.importOpen);
  return (
    <>
      <button
        type="button"
        className="button"
        data-testid="import-button"
        onClick={() => usePacksStore.getState().openImport()}
      >
        {t('import.button')}
      </button>
      {open && <ImportDialog />}
    </>
  );
}

const carriesFiles = (event: DragEvent) => event.dataTransfer.types.includes('Files');

/** The Skills page as a drop target: a file dropped anywhere on it opens the import dialog with it. */
export function PackDropZone({ children }: { children: ReactNode }) {
  const { t } = useTranslation('packs');
  const usePacksStore = useStores().usePacksStore;
  const [over, setOver] = useState(false);
  return (
    <div
      className="skills-drop-target"
      onDragOver={(event) => {
        if (!carriesFiles(event) || usePacksStore.getState().importOpen) return;
        event.preventDefault();
        setOver(true);
      }}
      onDragLeave={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setOver(false);
      }}
      onDrop={(event) => {
        if (!carriesFiles(event)) return;
        event.preventDefault();
        setOver(false);
        const file = event.dataTransfer.files[0];
        if (file) usePacksStore.getState().openImport(file);
      }}
    >
      {children}
      {over && (
        <div className="skills-drop-overlay" aria-hidden="true">
          {t('import.dropPage')}
        </div>
      )}
    </div>
  );
}
