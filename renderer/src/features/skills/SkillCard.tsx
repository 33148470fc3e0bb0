import { useRef, useState } from 'react';
import type { SkillSummary } from '../../../../shared/types/skill';
import { PaletteIcon, WarningIcon } from '../../app/icons';
import { AppearanceDialog } from './AppearanceDialog';
import { SOURCE_LABELS } from './appearance-choices';
import { SkillTile } from './SkillTile';

export function SkillCard({ skill }: { skill: SkillSummary }) {
  const [editing, setEditing] = useState(false);
  const editButton = useRef<HTMLButtonElement>(null);
  const { meta } = skill;
  const source = SOURCE_LABELS[skill.source];
  const titleId = `skill-title-${skill.id}`;

  return (
    <article
      className="skill-card"
      data-testid={`skill-card-${skill.id}`}
      data-disabled={meta.enabled ? undefined : ''}
      aria-labelledby={titleId}
    >
      <div className="skill-card-top">
        <SkillTile testId={`skill-emoji-${skill.id}`} emoji={meta.emoji} color={meta.color} />
        <div className="skill-heading">
          <h2 id={titleId} className="skill-name">
            {skill.name}
          </h2>
          <div className="badges">
            <span className="badge" data-source={skill.source} title={source.hint}>
              {source.label}
            </span>
            {!meta.enabled && <span className="badge badge-off">Off</span>}
          </div>
        </div>
      </div>

      <p className="skill-description" title={skill.description || undefined}>{skill.description || <span className="muted">No description</span>}</p>

      {skill.problems.length > 0 && (
        <div className="problems" role="note" aria-label={`Problems in ${skill.name}`}>
          <div className="problems-title">
            <WarningIcon />
            {skill.problems.length === 1 ? '1 problem' : `${skill.problems.length} problems`}
          </div>
          <ul>
            {skill.problems.map((problem, i) => (
              <li key={i}>{problem}</li>
            ))}
          </ul>
        </div>
      )}

      <div className="skill-card-footer">
        {meta.hotkey ? (
          <kbd className="hotkey" title="Hotkey">
            {meta.hotkey.display}
          </kbd>
        ) : (
          <span className="hotkey-none">No hotkey</span>
        )}
        <button
          ref={editButton}
          type="button"
          className="button button-ghost"
          aria-label={`Edit appearance of ${skill.name}`}
          aria-haspopup="dialog"
          onClick={() => setEditing(true)}
        >
          <PaletteIcon />
          Edit appearance
        </button>
      </div>

      {editing && (
        <AppearanceDialog
          skill={skill}
          onClosed={() => {
            setEditing(false);
            editButton.current?.focus();
          }}
        />
      )}
    </article>
  );
}
