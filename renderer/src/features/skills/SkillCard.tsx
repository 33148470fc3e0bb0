import { useLayoutEffect, useRef, useState, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import type { SkillSummary } from '../../../../shared/types/skill';
import { PaletteIcon } from '../../app/icons';
import { EditSkillLink } from '../editor/EditSkillLink';
import { RunSkillButton } from '../launch/RunSkillButton';
import { SkillMenu } from '../packs/SkillMenu';
import { AppearanceDialog } from './AppearanceDialog';
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
  const { t } = useTranslation('skills');
  const [editing, setEditingState] = useState(false);
  const setEditing = (open: boolean) => {
    setEditingState(open);
    onEditingChange?.(open);
  };
  const editButton = useRef<HTMLButtonElement>(null);
  const nameRef = useRef<HTMLHeadingElement>(null);
  const clamped = useClamped(nameRef, skill.name);
  const { meta } = skill;
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
        <SkillTile
          testId={`skill-emoji-${skill.id}`}
          emoji={meta.emoji}
          color={meta.color}
          name={skill.name}
        />
        <div className="skill-heading">
          <h2 id={titleId} className="skill-name" ref={nameRef}>
            {skill.name}
          </h2>
          {clamped && (
            // the name as a whole, over the clamped one, on hover or keyboard focus in the card; screen
            // readers already have it all from the heading
            <span className="skill-name-full" aria-hidden="true" data-testid="skill-name-full">
              {skill.name}
            </span>
          )}
          <div className="badges">
            <span
              className="badge"
              data-source={skill.source}
              title={`${t(`source.${skill.source}Hint`)}: ${skill.path}`}
            >
              {t(`source.${skill.source}`)}
            </span>
            {!meta.enabled && <span className="badge badge-off">{t('off')}</span>}
            {!skill.userInvocable && (
              <span className="badge badge-model-only" title={t('launch:modelOnlyHint')}>
                {t('launch:modelOnly')}
              </span>
            )}
            {removed ? (
              <span className="badge badge-error">{t('removedOnDisk')}</span>
            ) : (
              !skill.runnable && <span className="badge badge-error">{t('notRunnable')}</span>
            )}
          </div>
        </div>
      </div>

      <p
        className="skill-description"
        data-testid={`skill-description-${skill.id}`}
        title={skill.description || undefined}
      >
        {skill.description || <span className="muted">{t('noDescription')}</span>}
      </p>

      <SkillFindings findings={skill.findings} skillName={skill.name} />

      <div className="skill-card-footer">
        {!removed && <RunSkillButton skill={skill} />}
        {meta.hotkey ? (
          <kbd className="hotkey" title={t('hotkey')}>
            {meta.hotkey.display}
          </kbd>
        ) : (
          <span className="hotkey-none">{t('noHotkey')}</span>
        )}
        <span className="skill-card-tools">
          <button
            ref={editButton}
            type="button"
            className="button button-ghost appearance-button"
            aria-label={t('editAppearanceOf', { name: skill.name })}
            title={t('editAppearance')}
            aria-haspopup="dialog"
            onClick={() => setEditing(true)}
          >
            <PaletteIcon />
          </button>
          <EditSkillLink skill={skill} />
          {!removed && <SkillMenu skill={skill} />}
        </span>
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

/** Whether the element's text is cut by its line clamp (measured again when its size changes). */
function useClamped(ref: RefObject<HTMLElement | null>, text: string): boolean {
  const [clamped, setClamped] = useState(false);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = () => setClamped(element.scrollHeight > element.clientHeight + 1);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, text]);
  return clamped;
}
