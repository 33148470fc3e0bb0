import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { NewSkillId } from '../../../../shared/types/skill';
import { formatWhen } from '../../i18n/dates';
import { SkillFindings } from '../skills/SkillFindings';
import { SkillTile } from '../skills/SkillTile';
import type { InstallChoice, ReadyPreview } from './packs-store';
import { PackTools } from './PackTools';

export const sizeText = (bytes: number) =>
  bytes < 1024
    ? `${bytes} B`
    : bytes < 1024 * 1024
      ? `${Math.round(bytes / 1024)} KiB`
      : `${(bytes / (1024 * 1024)).toFixed(1)} MiB`;

/** What a pack holds, what it may use and what the validator says, then Install (asking on a taken id). */
export function PackPreviewPanel({
  preview,
  busy,
  onInstall,
}: {
  preview: ReadyPreview;
  busy: boolean;
  onInstall(choice: InstallChoice): void;
}) {
  const { t } = useTranslation('packs');
  const { t: ts } = useTranslation('skills');
  const ids = useId();
  const { manifest: m, clash } = preview;
  const [choice, setChoice] = useState<'replace' | 'rename'>('rename');
  const [newId, setNewId] = useState(clash?.suggestedId ?? '');
  const idValid = NewSkillId.safeParse(newId.trim()).success;
  const look = m.appearance;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!clash) return onInstall({});
    if (choice === 'replace') return onInstall({ onClash: 'replace' });
    if (idValid) onInstall({ onClash: 'rename', newId: newId.trim() });
  };

  return (
    <form className="pack-preview" onSubmit={submit} data-testid="pack-preview">
      <header className="pack-heading">
        {look && <SkillTile emoji={look.emoji} color={look.color} name={m.name} size="lg" />}
        <div>
          <h3 className="pack-name">{m.name}</h3>
          <p className="muted pack-description">{m.description}</p>
        </div>
      </header>

      <dl className="pack-facts" aria-label={t('preview.details')}>
        <dt>{t('preview.id')}</dt>
        <dd>
          <code>{m.id}</code>
        </dd>
        <dt>{t('preview.version')}</dt>
        <dd>{m.version ?? <span className="muted">{t('preview.unknown')}</span>}</dd>
        <dt>{t('preview.author')}</dt>
        <dd>{m.author ?? <span className="muted">{t('preview.unknown')}</span>}</dd>
        {preview.kind === 'pack' && (
          <>
            <dt>{t('preview.made')}</dt>
            <dd>{formatWhen(new Date(m.created))}</dd>
          </>
        )}
        <dt>{t('preview.from')}</dt>
        <dd className="pack-file-name">
          {preview.fileName}
          {preview.sealed && <span className="badge">{t('preview.sealed')}</span>}
        </dd>
        <dt>{t('preview.files')}</dt>
        <dd>
          <details>
            <summary>
              {t('preview.filesValue', { count: m.files.length, size: sizeText(preview.totalSize) })}
            </summary>
            <ul className="pack-files">
              {m.files.map((f) => (
                <li key={f.path}>
                  <code>{f.path}</code> <span className="muted small">{sizeText(f.size)}</span>
                </li>
              ))}
            </ul>
          </details>
        </dd>
      </dl>
      <p className="muted small" data-testid="pack-integrity">
        {preview.kind === 'pack' ? t('preview.checked') : t('preview.folderZip')}
      </p>

      <section aria-labelledby={`${ids}-tools`} className="pack-section">
        <h4 id={`${ids}-tools`} className="field-label">
          {t('preview.tools')}
        </h4>
        <PackTools tools={preview.tools} />
      </section>

      <section aria-labelledby={`${ids}-findings`} className="pack-section" data-testid="pack-findings">
        <h4 id={`${ids}-findings`} className="field-label">
          {t('preview.findings')}
        </h4>
        {preview.findings.length === 0 ? (
          <p className="muted small">{t('preview.noFindings')}</p>
        ) : (
          <SkillFindings findings={preview.findings} skillName={m.name} />
        )}
        {!preview.runnable && <p className="small">{t('preview.cannotRun')}</p>}
      </section>

      {clash && (
        <fieldset className="pack-clash" data-testid="pack-clash">
          <legend className="field-label">{t('clash.title', { id: m.id })}</legend>
          <p className="muted small pack-clash-where">
            {t('clash.where', { source: ts(`source.${clash.source}`), path: clash.path })}
          </p>
          <label className="pack-choice">
            <input
              type="radio"
              name={`${ids}-clash`}
              checked={choice === 'rename'}
              onChange={() => setChoice('rename')}
            />
            <span>
              <strong>{t('clash.rename')}</strong>
            </span>
          </label>
          {choice === 'rename' && (
            <div className="field pack-new-id">
              <label className="field-label" htmlFor={`${ids}-new-id`}>
                {t('clash.newId')}
              </label>
              <input
                id={`${ids}-new-id`}
                className="input"
                value={newId}
                spellCheck={false}
                aria-invalid={idValid ? undefined : true}
                onChange={(event) => setNewId(event.target.value)}
              />
              {!idValid && <span className="field-error">{t('clash.badId')}</span>}
            </div>
          )}
          <label className="pack-choice">
            <input
              type="radio"
              name={`${ids}-clash`}
              checked={choice === 'replace'}
              onChange={() => setChoice('replace')}
            />
            <span>
              <strong>{clash.replaceable ? t('clash.replace') : t('clash.shadow')}</strong>
              <span className="muted small">
                {clash.replaceable
                  ? t('clash.replaceHint')
                  : t('clash.shadowHint', { source: ts(`source.${clash.source}`) })}
              </span>
            </span>
          </label>
        </fieldset>
      )}

      <footer className="dialog-footer">
        <button
          type="submit"
          className="button button-primary"
          disabled={busy || (clash !== null && choice === 'rename' && !idValid)}
        >
          {busy ? t('preview.installing') : t('preview.install')}
        </button>
      </footer>
    </form>
  );
}
