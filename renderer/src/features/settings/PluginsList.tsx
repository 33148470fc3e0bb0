import { useTranslation } from 'react-i18next';
import type { SkillSourceInfo } from '../../../../shared/types/skill';
import { useSourceActions } from './source-actions';
import { SourceForm, SourceOffers, SourceRow, SourceStatus } from './SourceParts';

/**
 * Settings → skill folders → Plugins: the plugins searched (their skills' ids `<plugin>:<skill>`), added
 * here or given at start (`--plugin-dir`); the plugins Claude Code installed, offered with one click; a
 * plugin folder typed or picked. The host checks each one (a folder with skills/, a plain name).
 */
export function PluginsList({
  sources,
  folderPicker,
}: {
  sources: readonly SkillSourceInfo[];
  folderPicker: boolean;
}) {
  const { t } = useTranslation('settings');
  const active = sources.filter((s) => s.active && s.kind === 'plugin');
  const offered = sources.filter((s) => !s.active && s.offered && s.kind === 'plugin');
  const actions = useSourceActions('plugin', active);
  return (
    <div className="plugins" aria-labelledby="plugins-title" data-testid="plugins-list">
      <h3 id="plugins-title" className="plugins-title">
        {t('plugins.title')}
      </h3>
      <p className="muted small">{t('plugins.intro')}</p>
      {active.length > 0 ? (
        <ol className="folder-list" aria-label={t('plugins.listLabel')}>
          {active.map((source) => (
            <SourceRow key={source.path} source={source} actions={actions} />
          ))}
        </ol>
      ) : (
        <p className="muted small" data-testid="plugins-none">
          {t('plugins.none')}
        </p>
      )}
      <SourceStatus actions={actions} testId="plugins-status" />
      <SourceOffers
        offered={offered}
        title={t('plugins.offeredTitle')}
        intro={t('plugins.offeredIntro')}
        actions={actions}
      />
      <SourceForm
        actions={actions}
        folderPicker={folderPicker}
        words={{
          form: t('plugins.formLabel'),
          path: t('plugins.path'),
          placeholder: t('plugins.placeholder'),
          hint: t('plugins.hint'),
          submit: t('plugins.addPlugin'),
          pickTitle: t('plugins.pickTitle'),
        }}
      />
    </div>
  );
}
