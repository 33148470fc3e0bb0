import { useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { useStores } from '../../app/stores-context';
import { RefreshIcon } from '../../app/icons';
import { SOURCE_LABELS } from './appearance-choices';
import { keepWhileEditing, type HeldSkill } from './deck';
import { SkillCard } from './SkillCard';

export function SkillsPage() {
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
  const deck = keepWhileEditing(skills, held);

  return (
    <section className="page" aria-labelledby="page-title" aria-busy={loading}>
      <header className="page-header">
        <div>
          <h1 id="page-title" tabIndex={-1}>
            Skills
          </h1>
          <p className="page-subtitle">
            {firstLoad
              ? 'Reading skill folders…'
              : `${skills.length} ${skills.length === 1 ? 'skill' : 'skills'} · each folder with a SKILL.md is one action`}
          </p>
        </div>
        <button type="button" className="button" onClick={() => void load()} disabled={loading}>
          <RefreshIcon />
          Reload
        </button>
      </header>

      {error && (
        <div className="form-error" role="alert">
          Could not read the skills: {error}
        </div>
      )}

      {firstLoad ? (
        <div className="skill-grid" aria-hidden="true">
          {[0, 1, 2].map((i) => (
            <div key={i} className="skill-card skeleton" />
          ))}
        </div>
      ) : skills.length === 0 && !error ? (
        <div className="placeholder">
          <p>No skills found.</p>
          <p className="muted">
            Add a folder with a <code>SKILL.md</code> to{' '}
            {dataDir ? <code>{dataDir}/skills</code> : 'your skills folder'} and it shows up here.
          </p>
        </div>
      ) : (
        <ul className="skill-grid" aria-label="Skills">
          {deck.map((skill, index) => (
            <li key={skill.id}>
              <SkillCard
                skill={skill}
                removed={!skills.includes(skill)}
                onEditingChange={(open) => setHeld(open ? { skill, index } : null)}
              />
            </li>
          ))}
        </ul>
      )}

      {shadowed.length > 0 && (
        <section className="shadowed" aria-labelledby="shadowed-title">
          <h2 id="shadowed-title" className="section-title">
            Shadowed
          </h2>
          <p className="muted">
            These have the same id as a skill above, which wins because its folder is searched first.
          </p>
          <ul aria-label="Shadowed skills">
            {shadowed.map((skill) => (
              <li
                key={skill.path}
                data-testid={`skill-shadowed-${skill.id}-${skill.source}`}
                title={skill.path}
              >
                <span className="shadowed-name">{skill.name}</span>
                <span className="badge" data-source={skill.source}>
                  {SOURCE_LABELS[skill.source].label}
                </span>
                <span className="muted">
                  hidden by the {SOURCE_LABELS[skill.shadowedBy!.source].label.toLowerCase()} skill in{' '}
                  <code>{skill.shadowedBy!.path}</code>
                </span>
              </li>
            ))}
          </ul>
        </section>
      )}
    </section>
  );
}
