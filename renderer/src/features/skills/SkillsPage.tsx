import { useStores } from '../../app/stores-context';
import { RefreshIcon } from '../../app/icons';
import { SkillCard } from './SkillCard';

export function SkillsPage() {
  const { useSkillsStore, useAppStore } = useStores();
  const skills = useSkillsStore((s) => s.skills);
  const loading = useSkillsStore((s) => s.loading);
  const error = useSkillsStore((s) => s.error);
  const load = useSkillsStore((s) => s.load);
  const dataDir = useAppStore((s) => s.info?.dataDir);
  const firstLoad = loading && skills.length === 0;

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
          {skills.map((skill) => (
            <li key={skill.id}>
              <SkillCard skill={skill} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
