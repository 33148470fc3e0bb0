import { useId, useRef, useState, type DragEvent, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { PickedFile } from './packs-store';

/** The first step: a file dropped on the zone or picked, or a link the host downloads. */
export function ImportSource({
  busy,
  onFile,
  onUrl,
}: {
  busy: boolean;
  onFile(file: PickedFile): void;
  onUrl(url: string): void;
}) {
  const { t } = useTranslation('packs');
  const ids = useId();
  const picker = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);
  const [url, setUrl] = useState('');

  const drop = (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    const file = event.dataTransfer.files[0];
    if (file && !busy) onFile(file);
  };
  const fetchLink = (event: FormEvent) => {
    event.preventDefault();
    if (url.trim() !== '' && !busy) onUrl(url);
  };

  return (
    <div className="pack-source">
      <div
        className="pack-drop"
        data-over={over ? '' : undefined}
        data-testid="pack-drop"
        onDragOver={(event) => {
          event.preventDefault();
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={drop}
      >
        <p>{t('import.drop')}</p>
        <button type="button" className="button" disabled={busy} onClick={() => picker.current?.click()}>
          {t('import.choose')}
        </button>
        <input
          ref={picker}
          type="file"
          hidden
          accept=".skillpack,.zip,application/zip"
          data-testid="pack-file-input"
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = '';
            if (file) onFile(file);
          }}
        />
      </div>
      <p className="pack-or muted small">{t('import.or')}</p>
      <form className="field" onSubmit={fetchLink}>
        <label className="field-label" htmlFor={`${ids}-url`}>
          {t('import.urlLabel')}
        </label>
        <div className="pack-url-row">
          <input
            id={`${ids}-url`}
            className="input"
            type="url"
            inputMode="url"
            spellCheck={false}
            placeholder={t('import.urlPlaceholder')}
            aria-describedby={`${ids}-url-hint`}
            value={url}
            onChange={(event) => setUrl(event.target.value)}
          />
          <button type="submit" className="button" disabled={busy || url.trim() === ''}>
            {t('import.fetch')}
          </button>
        </div>
        <span id={`${ids}-url-hint`} className="muted small">
          {t('import.urlHint')}
        </span>
      </form>
    </div>
  );
}
