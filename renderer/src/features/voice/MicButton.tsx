import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { Transcript } from '../../../../shared/types/speech';
import { useStores } from '../../app/stores-context';
import { clockText, LevelMeter } from './LevelMeter';
import { failureText } from './voice-words';
import './voice.css';

/**
 * Record an instruction instead of typing it: press to record, press again (or Enter) to stop — the
 * transcript is handed to `onHeard` — or Esc to cancel. The recording strip shows the level and the time.
 */
export function MicButton({ onHeard }: { onHeard: (heard: Transcript) => void }) {
  const { t } = useTranslation('voice');
  const { useVoiceSession } = useStores();
  const phase = useVoiceSession((s) => s.phase);
  const level = useVoiceSession((s) => s.level);
  const elapsed = useVoiceSession((s) => s.elapsedMs);
  const failure = useVoiceSession((s) => s.failure);
  const { start, stop, cancel } = useVoiceSession.getState();
  const live = phase === 'starting' || phase === 'recording';

  const finish = () => void stop().then((heard) => heard && onHeard(heard));

  useEffect(() => {
    if (!live) return;
    // while recording, Esc cancels it (not the dialog around) and Enter stops it
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.preventDefault();
        event.stopPropagation();
        cancel();
      } else if (event.key === 'Enter' && !event.shiftKey) {
        event.preventDefault();
        event.stopPropagation();
        finish();
      }
    };
    window.addEventListener('keydown', onKey, true);
    return () => window.removeEventListener('keydown', onKey, true);
  });
  // leaving the page (the dialog closed) never leaves the microphone on
  useEffect(() => () => useVoiceSession.getState().reset(), [useVoiceSession]);

  return (
    <>
      <button
        type="button"
        className="icon-button mic-button"
        aria-pressed={live}
        aria-label={live ? t('mic.stop') : t('mic.start')}
        title={live ? t('mic.stop') : t('mic.start')}
        disabled={phase === 'transcribing'}
        onClick={() => (live ? finish() : void start())}
        data-testid="mic-button"
      >
        <MicIcon />
      </button>
      {(live || phase === 'transcribing' || phase === 'failed') && (
        <div className="mic-strip" role="status" data-testid="mic-strip">
          {live && (
            <>
              <span className="recording-dot" aria-hidden="true" />
              <LevelMeter level={level} label={t('record.level')} />
              <span className="small">{t('mic.recording', { elapsed: clockText(elapsed) })}</span>
              <button type="button" className="button" onClick={cancel}>
                {t('record.cancel')}
              </button>
            </>
          )}
          {phase === 'transcribing' && <span className="muted small">{t('record.transcribing')}</span>}
          {phase === 'failed' && failure && (
            <span className="form-error small">{failureText(failure, t)}</span>
          )}
        </div>
      )}
    </>
  );
}

export function MicIcon() {
  return (
    <svg width="16" height="16" viewBox="0 0 16 16" aria-hidden="true" focusable="false">
      <rect
        x="5.5"
        y="1.5"
        width="5"
        height="8.5"
        rx="2.5"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.5"
      />
      <path
        d="M3 7.5a5 5 0 0 0 10 0M8 12.5v2.5M5.5 15h5"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.5"
        strokeLinecap="round"
      />
    </svg>
  );
}
