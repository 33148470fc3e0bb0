import { useMemo, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { useShallow } from 'zustand/react/shallow';
import { PageHeader } from '../../app/PageHeader';
import { useStores } from '../../app/stores-context';
import { RefreshIcon } from '../../app/icons';
import './skills.css';
import { NewSkillButton } from '../editor/NewSkillButton';
import { ImportButton, PackDropZone } from '../packs/ImportButton';
import { filterDeck, keepWhileEditing, type HeldSkill } from './deck';
import { FirstRunCard } from './FirstRunCard';
import { SkillDeck } from './SkillDeck';
import { SkillsToolbar, useDeckControls } from './SkillsToolbar';

export function SkillsPage() {
  const { t } = useTranslation('skills');
  const { useSkillsStore, useAppStore } = useStores();
  // A shadowed skill (same id as one of higher precedence) is never used: listed apart, below.
  const skills = useSkillsStore(useShallow((s) => s.skills.filter((skill) => !skill.shadowedBy)));
  const shadowed = useSkillsStore(useShallow((s) => s.skills.filter((skill) => skill.shadowedBy)));
  const loading = useSkillsStore((s) => s.loading);
  const error = useSkillsStore((s) => s.error);
  const load = useSkillsStore((s) => s.load);
  const dataDir = useAppStore((s) => s.info?.dataDir);
  const firstLoad = loading && skills.length === 0;
  const [held, setHeld] = useState<HeldSkill | null>(null);
  const controls = useDeckControls();
  const filtered = useMemo(() => filterDeck(skills, controls.filter), [skills, controls.filter]);
  const deck = keepWhileEditing(filtered, held);
  const live = useMemo(() => new Set(skills), [skills]);
  const shownShadowed = filterDeck(shadowed, controls.filter);

  return (
    <PackDropZone>
      <section className="page" aria-labelledby="page-title" aria-busy={loading}>
        <PageHeader
          title={t('title')}
          subtitle={firstLoad ? t('reading') : t('summary', { count: skills.length })}
        >
          <NewSkillButton />
          <ImportButton />
          <button type="button" className="button" onClick={() => void load()} disabled={loading}>
            <RefreshIcon />
            {t('reload')}
          </button>
        </PageHeader>

        {error && (
          <div className="form-error" role="alert">
            {t('loadError', { error })}
          </div>
        )}

        <FirstRunCard />

        {!firstLoad && skills.length > 0 && (
          <SkillsToolbar {...controls} shown={deck.length} total={skills.length} />
        )}

        {firstLoad ? (
          <div className="skill-grid" aria-hidden="true">
            {[0, 1, 2].map((i) => (
              <div key={i} className="skill-card skeleton" />
            ))}
          </div>
        ) : skills.length === 0 && !error ? (
          <div className="placeholder">
            <p>{t('empty')}</p>
            <p className="muted">
              <Trans
                t={t}
                i18nKey={dataDir ? 'emptyHint' : 'emptyHintNoFolder'}
                values={{ folder: `${dataDir}/skills` }}
                components={{ code: <code /> }}
              />
            </p>
          </div>
        ) : (
          <SkillDeck
            deck={deck}
            live={live}
            view={controls.view}
            label={t('listLabel')}
            onHeldChange={setHeld}
          />
        )}

        {shownShadowed.length > 0 && (
          <section className="shadowed" aria-labelledby="shadowed-title">
            <h2 id="shadowed-title" className="section-title">
              {t('shadowed')}
            </h2>
            <p className="muted">{t('shadowedHint')}</p>
            <ul aria-label={t('shadowedListLabel')}>
              {shownShadowed.map((skill) => (
                <li
                  key={skill.path}
                  data-testid={`skill-shadowed-${skill.id}-${skill.source}`}
                  title={skill.path}
                >
                  <span className="shadowed-name">{skill.name}</span>
                  <span className="badge" data-source={skill.source}>
                    {t(`source.${skill.source}`)}
                  </span>
                  <span className="muted">
                    <Trans
                      t={t}
                      i18nKey="hiddenBy"
                      values={{
                        source: t(`sourceLower.${skill.shadowedBy!.source}`),
                        path: skill.shadowedBy!.path,
                      }}
                      components={{ code: <code /> }}
                    />
                  </span>
                </li>
              ))}
            </ul>
          </section>
        )}
      </section>
    </PackDropZone>
  );
}
