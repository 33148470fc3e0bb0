import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Emoji, HexColor, type SkillSummary } from '../../../../shared/types/skill';
import { CloseIcon } from '../../app/icons';
import { useStores } from '../../app/stores-context';
import type { MetaPatch } from '../../stores/skills';
import { COMMON_EMOJI, PALETTE } from './appearance-choices';
import { SkillTile } from './SkillTile';

/**
 * A modal <dialog>: the browser keeps focus inside and closes it on Esc. Every way out goes through
 * the native close event, so `onClosed` runs once, after the dialog left the top layer.
 */
export function AppearanceDialog({ skill, onClosed }: { skill: SkillSummary; onClosed: () => void }) {
  const { t } = useTranslation('skills');
  const updateMeta = useStores().useSkillsStore((s) => s.updateMeta);
  const dialog = useRef<HTMLDialogElement>(null);
  const emojiInput = useRef<HTMLInputElement>(null);
  const [emoji, setEmoji] = useState(skill.meta.emoji);
  const [hex, setHex] = useState(skill.meta.color);
  const [saving, setSaving] = useState(false);
  const [saveError, setSaveError] = useState<string | null>(null);
  const ids = { title: useId(), emoji: useId(), emojiError: useId(), hex: useId(), hexError: useId() };

  useEffect(() => {
    const element = dialog.current!;
    if (!element.open) element.showModal();
    emojiInput.current?.select();
    // No cleanup: a removed <dialog> leaves the top layer by itself, and closing it here would fire
    // `close` during StrictMode's trial unmount.
  }, []);

  const emojiProblem = problemOf(Emoji.safeParse(emoji.trim()), t('appearance.notValid'));
  const hexProblem = problemOf(HexColor.safeParse(hex.trim()), t('appearance.notValid'));
  const color = hexProblem ? skill.meta.color : hex.trim().toLowerCase();
  const close = () => dialog.current?.close();

  async function save(event: FormEvent) {
    event.preventDefault();
    if (emojiProblem || hexProblem || saving) return;
    const patch: MetaPatch = {};
    if (emoji.trim() !== skill.meta.emoji) patch.emoji = emoji.trim();
    if (color !== skill.meta.color) patch.color = color;
    if (Object.keys(patch).length === 0) return close();
    setSaving(true);
    setSaveError(null);
    const result = await updateMeta(skill.id, patch);
    setSaving(false);
    if (result.ok) close();
    else setSaveError(result.error.message);
  }

  return (
    <dialog
      ref={dialog}
      className="dialog"
      aria-labelledby={ids.title}
      onClose={onClosed}
      onClick={(event) => {
        if (event.target === dialog.current) close(); // a click on the backdrop, outside the panel
      }}
    >
      <form className="dialog-panel" onSubmit={save} noValidate>
        <header className="dialog-header">
          <SkillTile emoji={emojiProblem ? skill.meta.emoji : emoji.trim()} color={color} size="lg" />
          <div>
            <h2 id={ids.title} className="dialog-title">
              {t('appearance.title', { name: skill.name })}
            </h2>
            <p className="muted small">{t('appearance.hint')}</p>
          </div>
          <button type="button" className="icon-button" aria-label={t('common:close')} onClick={close}>
            <CloseIcon />
          </button>
        </header>

        <div className="field">
          <label htmlFor={ids.emoji} className="field-label">
            {t('appearance.emoji')}
          </label>
          <input
            ref={emojiInput}
            id={ids.emoji}
            className="input input-emoji"
            value={emoji}
            onChange={(e) => setEmoji(e.target.value)}
            autoComplete="off"
            spellCheck={false}
            aria-invalid={emojiProblem ? true : undefined}
            aria-describedby={emojiProblem ? ids.emojiError : undefined}
          />
          {emojiProblem && (
            <p id={ids.emojiError} className="field-error">
              {emojiProblem}
            </p>
          )}
          <div className="emoji-grid" role="group" aria-label={t('appearance.commonEmoji')}>
            {COMMON_EMOJI.map((choice) => (
              <button
                key={choice}
                type="button"
                className="emoji-choice"
                aria-pressed={emoji.trim() === choice}
                onClick={() => setEmoji(choice)}
              >
                {choice}
              </button>
            ))}
          </div>
        </div>

        <fieldset className="field">
          <legend className="field-label">{t('appearance.color')}</legend>
          <div className="swatches" role="group" aria-label={t('appearance.palette')}>
            {PALETTE.map((swatch) => (
              <button
                key={swatch.hex}
                type="button"
                className="swatch"
                style={{ backgroundColor: swatch.hex }}
                aria-label={`${t(`colors.${swatch.name}`)} ${swatch.hex}`}
                title={t(`colors.${swatch.name}`)}
                aria-pressed={color === swatch.hex && !hexProblem}
                onClick={() => setHex(swatch.hex)}
              />
            ))}
          </div>
          <div className="color-row">
            <label className="color-picker">
              <input type="color" value={color} onChange={(e) => setHex(e.target.value)} />
              <span>{t('appearance.customColor')}</span>
            </label>
            <label htmlFor={ids.hex} className="hex-label">
              {t('appearance.hexColor')}
            </label>
            <input
              id={ids.hex}
              className="input input-hex"
              value={hex}
              onChange={(e) => setHex(e.target.value)}
              maxLength={7}
              autoComplete="off"
              spellCheck={false}
              aria-invalid={hexProblem ? true : undefined}
              aria-describedby={hexProblem ? ids.hexError : undefined}
            />
          </div>
          {hexProblem && (
            <p id={ids.hexError} className="field-error">
              {hexProblem}
            </p>
          )}
        </fieldset>

        {saveError && (
          <p className="form-error" role="alert">
            {t('appearance.saveError', { error: saveError })}
          </p>
        )}

        <footer className="dialog-footer">
          <button type="button" className="button" onClick={close}>
            {t('common:cancel')}
          </button>
          <button
            type="submit"
            className="button button-primary"
            disabled={saving || Boolean(emojiProblem || hexProblem)}
          >
            {saving ? t('appearance.saving') : t('common:save')}
          </button>
        </footer>
      </form>
    </dialog>
  );
}

type Checked = { success: true } | { success: false; error: { issues: readonly { message: string }[] } };

/** The schema's message, sentence-cased, or null when the value is fine. */
function problemOf(result: Checked, notValid: string): string | null {
  if (result.success) return null;
  const message = result.error.issues[0]?.message ?? notValid;
  return message.charAt(0).toUpperCase() + message.slice(1) + '.';
}
