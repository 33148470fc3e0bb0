// Voice input wired into the core: the `speech:*` channels, what the executor takes a voice run's
// recording through, and the run channels that show (`runs:get` `speech`) and delete (the kept audio) it.
import fs from 'node:fs';
import type { Database } from 'better-sqlite3';
import type { Handlers } from '../../../shared/ipc/contract';
import { acceleratorKey } from '../../../shared/types/hotkey';
import type { SpeechSettings, SpeechSettingsView, VoiceKeyState } from '../../../shared/types/speech';
import type { EventHub } from '../ipc/event-hub';
import type { RunHandlers } from '../runs/run-handlers';
import { createRunSpeechRepo } from '../runs/run-speech';
import type { ProviderRepo } from '../store/providers';
import type { SettingsStore } from '../store/settings';
import type { SkillMetaRepo } from '../store/skill-meta';
import type { ExecutorDeps } from '../engine/executor-deps';
import { createSpeechService, type SpeechServiceDeps } from './speech-service';
import { readSpeechSettings, updateSpeechSettings } from './speech-settings';

type SpeechHandlers = Pick<
  Handlers,
  | 'speech:settings'
  | 'speech:update'
  | 'speech:test'
  | 'speech:begin'
  | 'speech:append'
  | 'speech:finish'
  | 'speech:discard'
>;

export interface SpeechSideDeps {
  db: Database;
  dataDir: string;
  settings: SettingsStore;
  providers: ProviderRepo;
  keys: SpeechServiceDeps['keys'];
  metas: Pick<SkillMetaRepo, 'findByAccelerator'>;
  events: EventHub;
  /** Tests: the transcriber's fetch, retries and timeouts. */
  transcriber?: SpeechServiceDeps['transcriber'];
  onInternalError?: (error: unknown) => void;
}

export function createSpeechSide(deps: SpeechSideDeps) {
  const { settings, events } = deps;
  const runSpeech = createRunSpeechRepo(deps.db);
  /** How the desktop app bound the voice keys, asked when Settings › Speech is read (none headless). */
  let keyStates: (() => readonly VoiceKeyState[]) | null = null;
  const service = {
    ...createSpeechService({ ...deps }),
    /** The desktop app says where the dictate and voice keys' states are read (read after each change). */
    reportVoiceKeys(states: () => readonly VoiceKeyState[]) {
      keyStates = states;
    },
  };
  const view = (saved: SpeechSettings): SpeechSettingsView => ({
    ...saved,
    keyStates: keyStates ? [...keyStates()] : null,
  });

  /** Who holds a key besides the voice keys: a skill's hotkey, or the launcher's. */
  const keyHolder = (accelerator: string) => {
    const skill = deps.metas.findByAccelerator(accelerator);
    if (skill) return `the hotkey of "${skill}"`;
    const launcher = settings.get('launcher.hotkey');
    const same =
      launcher &&
      acceleratorKey(launcher, process.platform) === acceleratorKey(accelerator, process.platform);
    return same ? "the launcher's key" : null;
  };

  const handlers: SpeechHandlers = {
    'speech:settings': () => view(readSpeechSettings(settings)),
    'speech:update': (patch) => {
      const next = updateSpeechSettings({ settings, providers: deps.providers, keyHolder }, patch);
      // the desktop app binds the keys again as it hears this, so the answer says how that went
      events.emit('speech:changed', next);
      return view(next);
    },
    'speech:test': (input) => service.test(input),
    'speech:begin': () => ({
      recordingId: service.recordings.begin(),
      maxSeconds: settings.get('speech.maxSeconds'),
    }),
    'speech:append': ({ recordingId, chunk }) => ({
      bytes: service.recordings.append(recordingId, Buffer.from(chunk, 'base64')),
    }),
    'speech:finish': ({ recordingId, peakLevel, prompt }) =>
      service.finish(recordingId, {
        ...(peakLevel !== undefined ? { peakLevel } : {}),
        ...(prompt ? { prompt } : {}),
      }),
    'speech:discard': ({ recordingId }) => ({ discarded: service.recordings.drop(recordingId) }),
  };

  const executor: NonNullable<ExecutorDeps['speech']> = {
    take: (recordingId) => service.take(recordingId),
    async record(runId, spoken) {
      // the run goes on without its audio rather than fail over a file that could not be written
      const audioFile = await service.keepAudio(runId, spoken).catch((error: unknown) => {
        deps.onInternalError?.(error);
        return null;
      });
      runSpeech.save(runId, { transcript: spoken.transcript, audioMs: spoken.audioMs, audioFile });
    },
  };

  /** `runs:get` with what a voice run heard; `runs:delete` also deletes its kept audio. */
  const runs = (inner: RunHandlers): RunHandlers => ({
    ...inner,
    'runs:get': async (input) => ({
      ...(await inner['runs:get'](input)),
      speech: runSpeech.get(input.runId),
    }),
    'runs:delete': async (input) => {
      const file = runSpeech.get(input.runId)?.audioFile;
      const deleted = await inner['runs:delete'](input);
      if (file) await fs.promises.rm(file, { force: true });
      return deleted;
    },
  });

  return { service, handlers, executor, runs };
}

/** `core.speech`: transcription, the recordings, and where the desktop app reports the voice keys. */
export type SpeechCore = ReturnType<typeof createSpeechSide>['service'];
