import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Client } from '../../../../shared/ipc/client';
import { errorText } from '../../i18n/error-text';
import { clockText, LevelMeter } from './LevelMeter';
import { createVoiceSession } from './voice-session';
import { failureText } from './voice-words';
import './voice.css';

/**
 * `#/record?skill=ID&then=run|trigger`: the recording page, the content of the desktop's recording
 * indicator window (and usable in a browser tab). It records at once; Enter or Space (the desktop sends
 * them when the key is pressed again or released) stops and runs the skill on what was said, Esc cancels
 * without running anything. `then=trigger` runs it as its hotkey would (`trigger:run`: the selection is
 * captured and the result inserted where the cursor is); otherwise `runs:start`.
 */
export function RecordingPage({ client, hash }: { client: Client; hash: string }) {
  const { t } = useTranslation('voice');
  const params = new URLSearchParams(hash.replace(/^#\/record\??/, ''));
  const skillId = params.get('skill') ?? 'dictate';
  const viaTrigger = params.get('then') === 'trigger';
  // `then=return`: an instruction said for the command bar or the card; the desktop app takes the text
  const returning = params.get('then') === 'return';
  const useVoice = useMemo(() => createVoiceSession(client), [client]);
  const { phase, level, elapsedMs, maxSeconds, hitLimit, transcript, failure } = useVoice();
  const [name, setName] = useState(skillId);
  const [run, setRun] = useState<{ runId: string | null; error: string | null } | null>(null);

  useEffect(() => {
    void useVoice.getState().start();
    void client.request('skills:list', undefined).then((listed) => {
      const found = listed.ok ? listed.value.find((s) => s.id === skillId && !s.shadowedBy) : undefined;
      if (found) setName(found.name);
    });
    // the window or tab closed mid-recording: the host drops it at once
    const leave = () => useVoice.getState().cancel();
    window.addEventListener('pagehide', leave);
    return () => {
      window.removeEventListener('pagehide', leave);
      leave();
    };
  }, [client, skillId, useVoice]);

  useEffect(() => {
    document.title = returning ? t('record.listening') : t('record.title', { name });
  }, [name, t, returning]);

  // what was said runs the skill, once: when the recording is transcribed (stopped by a key or the limit)
  useEffect(
    () =>
      useVoice.subscribe((state, before) => {
        if (state.phase !== 'done' || before.phase === 'done' || !state.transcript || returning) return;
        const speech = { recordingId: state.transcript.recordingId };
        const started = viaTrigger
          ? client.request('trigger:run', { skillId, source: 'hotkey', speech })
          : client.request('runs:start', { skillId, speech });
        void started.then((result) => {
          setRun(
            result.ok
              ? { runId: result.value.runId, error: null }
              : { runId: null, error: errorText(result.error) },
          );
          // the indicator window's work is done: the card (or the cursor) has the result
          if (result.ok && viaTrigger) window.close();
        });
      }),
    [useVoice, viaTrigger, returning, client, skillId],
  );

  useEffect(() => {
    if (phase === 'cancelled' && viaTrigger) window.close();
  }, [phase, viaTrigger]);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.preventDefault();
        useVoice.getState().cancel();
      } else if ((event.key === 'Enter' || event.key === ' ') && useVoice.getState().phase === 'recording') {
        event.preventDefault();
        void useVoice.getState().stop();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [useVoice]);

  const live = phase === 'starting' || phase === 'recording';
  const heading = live
    ? returning
      ? t('record.listening')
      : t('record.title', { name })
    : returning
      ? t('record.voice')
      : t('record.voiceOf', { name });
  const limit = maxSeconds === null ? '' : clockText(maxSeconds * 1000);
  return (
    <main className="recording-page" data-phase={phase} data-testid="recording-page">
      <h1>
        {live && <span className="recording-dot" aria-hidden="true" />}
        <span>{heading}</span>
      </h1>
      {live && (
        <div className="recording-row">
          <LevelMeter level={level} label={t('record.level')} />
          <span className="small" data-testid="recording-clock">
            {phase === 'starting'
              ? t('record.starting')
              : t('record.elapsed', { elapsed: clockText(elapsedMs), limit })}
          </span>
        </div>
      )}
      <div role="status" aria-live="polite">
        {phase === 'transcribing' && <p className="muted">{t('record.transcribing')}</p>}
        {phase === 'cancelled' && <p className="muted">{t('record.cancelled')}</p>}
        {phase === 'failed' && failure && (
          <p className="form-error" data-testid="recording-error">
            {failureText(failure, t)}
          </p>
        )}
        {transcript && (
          <>
            {hitLimit && <p className="muted small">{t('record.hitLimit', { limit })}</p>}
            <p className="heard" data-testid="heard">
              <strong>{t('record.heard')}</strong> {transcript.text}
            </p>
            {run?.error && <p className="form-error">{run.error}</p>}
            {run?.runId && (
              <p className="small">
                {t('record.started', { name })} <a href="#/runs">{t('record.openRun')}</a>
              </p>
            )}
          </>
        )}
      </div>
      <div className="recording-actions">
        {live ? (
          <>
            <button
              type="button"
              className="button"
              title={t('record.cancelHint')}
              onClick={() => useVoice.getState().cancel()}
            >
              {t('record.cancel')}
            </button>
            <button
              type="button"
              className="button button-primary"
              title={t('record.stopHint')}
              disabled={phase !== 'recording'}
              onClick={() => void useVoice.getState().stop()}
            >
              {t('record.stop')}
            </button>
          </>
        ) : (
          (phase === 'failed' || phase === 'cancelled') && (
            <>
              <button type="button" className="button" onClick={() => window.close()}>
                {t('record.close')}
              </button>
              <button
                type="button"
                className="button button-primary"
                onClick={() => void useVoice.getState().start()}
              >
                {t('record.again')}
              </button>
            </>
          )
        )}
      </div>
    </main>
  );
}
