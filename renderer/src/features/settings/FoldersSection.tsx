import { useTranslation } from 'react-i18next';
import { useStores } from '../../app/stores-context';
import { PluginsList } from './PluginsList';
import { useSourceActions } from './source-actions';
import { SourceForm, SourceOffers, SourceRow, SourceStatus } from './SourceParts';

/**
 * Settings → skill folders: the folders searched, in precedence order; the known folders of other tools
 * (Claude Code, Codex…) offered with one click; a path typed, or picked in the desktop app's dialog.
 * Folders are read where they are and followed for changes: nothing is copied. The plugins searched come
 * after, in their own list (PluginsList).
 */
export function FoldersSection() {
  const { t } = useTranslation('settings');
  const { useSettingsStore, useAppStore } = useStores();
  const sources = useSettingsStore((s) => s.sources);
  const loadError = useSettingsStore((s) => s.sourcesError);
  const folderPicker = useAppStore((s) => s.info?.folderPicker ?? false);

  const active = sources?.filter((s) => s.active && s.kind !== 'plugin') ?? [];
  const offered = sources?.filter((s) => !s.active && s.offered && s.exists && s.kind !== 'plugin') ?? [];
  const actions = useSourceActions('folder', active);

  return (
    <section className="panel" id="folders" aria-labelledby="folders-title" data-testid="folders-section">
      <h2 id="folders-title">{t('folders.title')}</h2>
      <p className="muted">{t('folders.intro')}</p>
      {loadError && (
        <p className="form-error" role="alert">
          {t('folders.loadError', { error: loadError })}
        </p>
      )}
      {sources === null ? (
        !loadError && <p className="muted">{t('folders.loading')}</p>
      ) : (
        <ol className="folder-list" aria-label={t('folders.listLabel')}>
          {active.map((source) => (
            <SourceRow key={source.path} source={source} actions={actions} />
          ))}
        </ol>
      )}
      <SourceStatus actions={actions} testId="folders-status" />
      <SourceOffers
        offered={offered}
        title={t('folders.offeredTitle')}
        intro={t('folders.offeredIntro')}
        actions={actions}
      />
      <SourceForm
        actions={actions}
        folderPicker={folderPicker}
        words={{
          form: t('folders.formLabel'),
          path: t('folders.path'),
          placeholder: t('folders.placeholder'),
          hint: t('folders.hint'),
          submit: t('folders.addFolder'),
          pickTitle: t('folders.pickTitle'),
        }}
      />
      {sources !== null && <PluginsList sources={sources} folderPicker={folderPicker} />}
    </section>
  );
}
