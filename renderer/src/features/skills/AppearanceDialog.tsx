import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Emoji, HexColor, type Hotkey, type SkillSummary } from '../../../../shared/types/skill';
import { CloseIcon } from '../../app/icons';
import { useStores } from '../../app/stores-context';
import type { MetaPatch } from '../../stores/skills';
import { platformOf, sameAccelerator } from './appearance/accelerator';
import { ColorPicker } from './appearance/ColorPicker';
import { graphemeCount } from './appearance/emoji-data';
import { EmojiPicker } from './appearance/EmojiPicker';
import { HotkeyRecorder } from './appearance/HotkeyRecorder';
import { SkillTile } from './SkillTile';
import './appearance/appearance.css';
import { errorText } from '../../i18n/error-text';

/**
 * A modal <dialog>: the browser keeps focus inside and closes it on Esc. Every way out goes through
 * the native close event, so `onClosed` runs once, after the dialog left the top layer.
 * Emoji, color and hotkey are the skill's metadata (meta:update), never written to SKILL.md.
 */
export function AppearanceDialog({ skill, onClosed }: { skill: SkillSummary; onClosed: () => void }) {
  const { t } = useTranslation('skills');
  const { useSkillsStore, useSettingsStore, useAppStore } = useStores();
  const updateMeta = useSkillsStore((s) => s.updateMeta);
  const skills = useSkillsStore((s) => s.skills);
  const hotkeys = useSettingsStore((s) => s.hotkeys);
  const hostPlatform = useAppStore((s) => s.info?.platform);
  const platform = platformOf(hostPlatform, typeof navigator === 'undefined' ? '' : navigator.platform);
  const dialog = useRef<HTMLDialogElement>(null);
  const emojiInput = useRef<HTMLInputElement>(null);
  const [emoji, setEmoji] = useState(skill.meta.emoji);
  const [hex, setHex] = useState(skill.meta.color);
  const [hotkey, setHotkeyState] = useState<Hotkey | null>(skill.meta.hotkey);
  const [hostConflict, setHostConflict] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [saveError, setSaveError] = useState<string | null>(null);
  const titleId = useId();

  useEffect(() => {
    const element = dialog.current!;
    if (!element.open) element.showModal();
    emojiInput.current?.select();
    // No cleanup: a removed <dialog> leaves the top layer by itself, and closing it here would fire
    // `close` during StrictMode's trial unmount.
  }, []);

  const setHotkey = (next: Hotkey | null) => {
    setHotkeyState(next);
    setHostConflict(null);
  };

  const trimmed = emoji.trim();
  const emojiProblem =
    problemOf(Emoji.safeParse(trimmed), t('appearance.notValid')) ??
    (graphemeCount(trimmed) > 1 ? t('appearance.singleEmoji') : null);
  const hexProblem = problemOf(HexColor.safeParse(hex.trim()), t('appearance.notValid'));
  const color = hexProblem ? skill.meta.color : hex.trim().toLowerCase();
  const hotkeyChanged =
    (hotkey === null) !== (skill.meta.hotkey === null) ||
    (hotkey !== null && !sameAccelerator(hotkey.accelerator, skill.meta.hotkey?.accelerator));

  // Another skill holding the same keys: said at once, and again if the host answers CONFLICT.
  const holder =
    hotkey && hotkeyChanged
      ? skills.find(
          (s) => s.id !== skill.id && sameAccelerator(s.meta.hotkey?.accelerator, hotkey.accelerator),
        )
      : undefined;
  const conflict =
    holder && hotkey
      ? t('appearance.hotkey.conflict', { hotkey: hotkey.display, name: holder.name })
      : hostConflict;
  // What the OS said about the saved hotkey; only while the recorder still shows that one.
  const status = hotkeys?.hotkeys.find(
    (h) => h.skillId === skill.id && !hotkeyChanged && sameAccelerator(h.accelerator, hotkey?.accelerator),
  );

  const close = () => dialog.current?.close();

  async function save(event: FormEvent) {
    event.preventDefault();
    if (emojiProblem || hexProblem || saving) return;
    const patch: MetaPatch = {};
    if (trimmed !== skill.meta.emoji) patch.emoji = trimmed;
    if (color !== skill.meta.color) patch.color = color;
    if (hotkeyChanged) patch.hotkey = hotkey && { accelerator: hotkey.accelerator, display: hotkey.display };
    if (Object.keys(patch).length === 0) return close();
    setSaving(true);
    setSaveError(null);
    setHostConflict(null);
    const result = await updateMeta(skill.id, patch);
    setSaving(false);
    if (result.ok) close();
    else if (result.error.code === 'CONFLICT' && patch.hotkey)
      setHostConflict(sentence(errorText(result.error)));
    else setSaveError(errorText(result.error));
  }

  return (
    <dialog
      ref={dialog}
      className="dialog appearance-dialog"
      aria-labelledby={titleId}
      onClose={onClosed}
      onClick={(event) => {
        if (event.target === dialog.current) close(); // a click on the backdrop, outside the panel
      }}
    >
      <form className="dialog-panel" onSubmit={save} noValidate>
        <header className="dialog-header">
          <SkillTile
            emoji={emojiProblem ? skill.meta.emoji : trimmed}
            color={color}
            name={skill.name}
            size="lg"
          />
          <div>
            <h2 id={titleId} className="dialog-title">
              {t('appearance.title', { name: skill.name })}
            </h2>
            <p className="muted small">{t('appearance.hint')}</p>
          </div>
          <button type="button" className="icon-button" aria-label={t('common:close')} onClick={close}>
            <CloseIcon />
          </button>
        </header>

        <div className="appearance-body">
          <EmojiPicker value={emoji} onChange={setEmoji} problem={emojiProblem} inputRef={emojiInput} />
          <ColorPicker hex={hex} color={color} problem={hexProblem} onChange={setHex} />
          <HotkeyRecorder
            value={hotkey}
            onChange={setHotkey}
            platform={platform}
            conflict={conflict}
            status={status}
            available={hotkeys?.available ?? false}
            paused={hotkeys?.paused ?? false}
            modelOnly={!skill.userInvocable}
          />
        </div>

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

const sentence = (message: string) => message.charAt(0).toUpperCase() + message.slice(1) + '.';

/** The schema's message, sentence-cased, or null when the value is fine. */
function problemOf(result: Checked, notValid: string): string | null {
  if (result.success) return null;
  return sentence(result.error.issues[0]?.message ?? notValid);
}
