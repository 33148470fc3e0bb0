import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { HotkeyStatus } from '../../../../../shared/types/desktop';
import type { Hotkey } from '../../../../../shared/types/skill';
import { displayOf, recordKey, type Platform } from './accelerator';

/** Why the OS did not take a saved hotkey: the states worth telling the user about here. */
const TROUBLE = new Set<HotkeyStatus['state']>(['conflict', 'invalid', 'unsupported']);

const plain = (e: KeyboardEvent) => !e.ctrlKey && !e.altKey && !e.metaKey && !e.shiftKey;

/**
 * Focus it and press keys: the combination becomes an Electron accelerator. Esc cancels a recording,
 * Backspace or Delete (or the Clear button) removes the hotkey. Tab and Shift+Tab still move on.
 */
export function HotkeyRecorder({
  value,
  onChange,
  platform,
  conflict,
  status,
  available,
  paused,
  label,
  modelOnly = false,
}: {
  value: Hotkey | null;
  onChange: (hotkey: Hotkey | null) => void;
  platform: Platform;
  /** A duplicate of another skill's hotkey (found here, or the host's CONFLICT answer). */
  conflict: string | null;
  /** The host's registration of this skill's saved hotkey, when that is what `value` holds. */
  status: HotkeyStatus | undefined;
  /** Global hotkeys exist in this host. */
  available: boolean;
  paused: boolean;
  /** The field's name (default "Hotkey"). */
  label?: string;
  /** A skill for models only (`user-invocable: false`): no hotkey can be recorded; one kept can be cleared. */
  modelOnly?: boolean;
}) {
  const { t } = useTranslation('skills');
  const ids = { input: useId(), help: useId(), notice: useId(), conflict: useId(), status: useId() };
  const [recording, setRecording] = useState(false);
  /** Modifiers held so far, shown while recording. */
  const [partial, setPartial] = useState('');
  const [notice, setNotice] = useState<string | null>(null);
  const mac = platform === 'mac';
  const messages = useRef<HTMLDivElement>(null);

  // The recorder sits at the bottom of the dialog's scrolling body: bring a new message into view
  // (with the field above it), or it would show only as the field's red border.
  useEffect(() => {
    if (notice || conflict) messages.current?.scrollIntoView({ block: 'nearest' });
  }, [notice, conflict]);

  const stop = () => {
    setRecording(false);
    setPartial('');
  };

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    // Tab and Shift+Tab always move focus: the recorder must not trap the keyboard.
    if (event.key === 'Tab' && !event.ctrlKey && !event.altKey && !event.metaKey) return;
    if (!recording) {
      if ((event.key === 'Enter' || event.key === ' ') && plain(event)) {
        event.preventDefault();
        setNotice(null);
        setRecording(true);
      } else if ((event.key === 'Backspace' || event.key === 'Delete') && plain(event)) {
        event.preventDefault();
        setNotice(null);
        onChange(null);
      }
      return; // Esc closes the dialog as usual
    }
    event.preventDefault();
    event.stopPropagation();
    if (event.key === 'Escape' && plain(event)) {
      stop(); // keeps the hotkey it had
      setNotice(null);
      return;
    }
    if ((event.key === 'Backspace' || event.key === 'Delete') && plain(event)) {
      stop();
      setNotice(null);
      onChange(null);
      return;
    }
    const step = recordKey(event, platform);
    switch (step.kind) {
      case 'modifiers':
        setPartial(step.display);
        return;
      case 'hotkey':
        stop();
        setNotice(null);
        onChange({ accelerator: step.hotkey.accelerator, display: step.hotkey.display });
        return;
      case 'needsModifier':
        setPartial('');
        setNotice(
          step.shiftOnly
            ? t(mac ? 'appearance.hotkey.shiftOnlyMac' : 'appearance.hotkey.shiftOnly')
            : t(mac ? 'appearance.hotkey.needsModifierMac' : 'appearance.hotkey.needsModifier', {
                keys: step.display,
              }),
        );
        return;
      case 'unsupported':
        setPartial('');
        setNotice(t('appearance.hotkey.unsupportedKey', { key: step.code }));
        return;
    }
  }

  const trouble = status && TROUBLE.has(status.state) ? status : null;
  const shown = recording ? partial : (value?.display ?? '');
  const describedBy = [ids.help, notice && ids.notice, conflict && ids.conflict, trouble && ids.status]
    .filter(Boolean)
    .join(' ');
  const example = displayOf(['CommandOrControl', 'Alt'], 'T', platform);

  return (
    <div className="field hotkey-recorder">
      <label htmlFor={ids.input} className="field-label">
        {label ?? t('appearance.hotkey.label')}
      </label>
      <div className="hotkey-row">
        <input
          id={ids.input}
          className="input input-hotkey"
          data-recording={recording ? '' : undefined}
          readOnly
          value={shown}
          placeholder={
            modelOnly
              ? t('appearance.hotkey.modelOnlyPlaceholder')
              : recording
                ? t('appearance.hotkey.recording')
                : t('appearance.hotkey.placeholder')
          }
          disabled={modelOnly}
          onFocus={() => setRecording(true)}
          onBlur={stop}
          onClick={() => setRecording(true)}
          onKeyDown={onKeyDown}
          onKeyUp={(event) => {
            // letting go of every modifier before a key: back to the prompt
            if (recording && !event.ctrlKey && !event.altKey && !event.metaKey && !event.shiftKey)
              setPartial('');
          }}
          autoComplete="off"
          spellCheck={false}
          aria-invalid={conflict || trouble ? true : undefined}
          aria-describedby={describedBy}
        />
        <button
          type="button"
          className="button"
          disabled={value === null}
          onClick={() => {
            setNotice(null);
            onChange(null);
          }}
        >
          {t('appearance.hotkey.clear')}
        </button>
      </div>
      <div ref={messages} className="hotkey-messages">
        {notice && (
          <p id={ids.notice} className="field-error" role="status">
            {notice}
          </p>
        )}
        {conflict && (
          <p id={ids.conflict} className="field-error" role="alert" data-testid="hotkey-conflict">
            {conflict}
          </p>
        )}
      </div>
      <p id={ids.help} className="muted small" data-testid={modelOnly ? 'hotkey-model-only' : undefined}>
        {modelOnly ? t('appearance.hotkey.modelOnly') : t('appearance.hotkey.help', { example })}
      </p>
      {trouble && (
        <div
          id={ids.status}
          className="hotkey-trouble"
          data-testid="hotkey-status"
          data-state={trouble.state}
        >
          <p className="field-error">{t(`appearance.hotkey.state.${trouble.state as 'conflict'}`)}</p>
          {trouble.message && (
            <p className="small muted">{t('appearance.hotkey.stateDetail', { message: trouble.message })}</p>
          )}
        </div>
      )}
      {!trouble && value && !available && <p className="small muted">{t('appearance.hotkey.unavailable')}</p>}
      {!trouble && value && available && paused && (
        <p className="small muted">{t('appearance.hotkey.paused')}</p>
      )}
    </div>
  );
}
