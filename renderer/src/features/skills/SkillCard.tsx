import { useRef, useState } from 'react';
import type { SkillSummary } from '../../../../shared/types/skill';
import { PaletteIcon } from '../../app/icons';
import { AppearanceDialog } from './AppearanceDialog';
import { SOURCE_LABELS } from './appearance-choices';
import { SkillFindings } from './SkillFindings';
import { SkillTile } from './SkillTile';

export function SkillCard({
  skill,
  removed = false,
  onEditingChange,
}: {
  skill: SkillSummary;
  /** Gone from disk, shown only while its dialog is open. */
  removed?: boolean;
  onEditingChange?: (open: boolean) => void;
}) {
  const [editing, setEditingState] = useState(false);
  const setEditing = (open: boolean) => {
    setEditingState(open);
    onEditingChange?.(open);
  };
  const editButton = useRef<HTMLButtonElement>(null);
  const { meta } = skill;
  const source = SOURCE_LABELS[skill.source];
  const titleId = `skill-title-${skill.id}`;

  return (
    <article
      className="skill-card"
      data-testid={`skill-card-${skill.id}`}
      data-disabled={meta.enabled ? undefined : ''}
      data-runnable={skill.runnable ? undefined : 'false'}
      aria-labelledby={titleId}
    >
      <div className="skill-card-top">
        <SkillTile testId={`skill-emoji-${skill.id}`} emoji={meta.emoji} color={meta.color} />
        <div className="skill-heading">
          <h2 id={titleId} className="skill-name">
            {skill.name}
          </h2>
          <div className="badges">
            <span className="badge" data-source={skill.source} title={`${source.hint}: ${skill.path}`}>
              {source.label}
            </span>
            {!meta.enabled && <span className="badge badge-off">Off</span>}
            {removed ? (
              <span className="badge badge-error">Removed on disk</span>
            ) : (
              !skill.runnable && <span className="badge badge-error">Not runnable</span>
            )}
          </div>
        </div>
      </div>

      <p
        className="skill-description"
        data-testid={`skill-description-${skill.id}`}
        title={skill.description || undefined}
      >
        {skill.description || <span className="muted">No description</span>}
      </p>

      <SkillFindings findings={skill.findings} skillName={skill.name} />

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
