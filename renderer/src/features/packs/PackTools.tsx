import { useTranslation } from 'react-i18next';
import type { PackTools as Tools } from '../../../../shared/types/pack';

/** Which tools the skill may use: none (not an agent), every one (no list), or the ones it lists. */
export function PackTools({ tools }: { tools: Tools }) {
  const { t } = useTranslation('packs');
  const { t: tl } = useTranslation('skillsList');
  return (
    <div className="pack-tools" data-testid="pack-tools">
      {!tools.agent ? (
        <p className="small">{t('preview.noTools', { mode: tl(`mode.${tools.mode}`) })}</p>
      ) : tools.allowed === null ? (
        <p className="small pack-tools-all" role="note">
          {t('preview.allTools')}
        </p>
      ) : (
        <>
          <p className="small">{t('preview.someTools')}</p>
          <ul className="pack-tool-list">
            {tools.allowed.length === 0 && <li className="muted">{t('preview.noneListed')}</li>}
            {tools.allowed.map((tool) => (
              <li key={tool}>
                <code>{tool}</code>
              </li>
            ))}
          </ul>
        </>
      )}
      {tools.disallowed.length > 0 && (
        <p className="small">
          {t('preview.never')} <code>{tools.disallowed.join(', ')}</code>
        </p>
      )}
      {tools.output && <p className="small muted">{t('preview.output', { output: tools.output })}</p>}
    </div>
  );
}
