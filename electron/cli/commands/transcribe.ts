// `skilldeck transcribe FILE` prints what the audio says; `run SKILL --audio FILE` transcribes the same way
// and runs on it. The endpoint is Settings › Speech's (its provider's base URL and key, read as `run` reads
// them), or the ad-hoc provider of --provider/--base-url/--api-key-env for this command only.
import type { Transcript } from '../../../shared/types/speech';
import type { Core } from '../../core/core';
import { DEFAULT_BASE_URLS } from '../../core/providers/language-model';
import { ADHOC_PROVIDER_ID } from '../../core/providers/adhoc';
import { createKeyPool } from '../../core/providers/key-pool';
import { environmentKeySource } from '../../core/providers/key-sources';
import { SpeechError } from '../../core/speech/speech-error';
import type { SpeechTarget } from '../../core/speech/transcriber';
import { openCliCore } from '../cli-core';
import type { Io } from '../io';
import { createNodePorts } from '../node-ports';
import { apiKeyEnvNames, environmentKeys } from '../node-secrets';
import type { SkillDir } from '../../core/skills/sources';
import { oneLine } from '../terminal-text';
import { readAudioFile, type SpeechEndpointFlags, type SpeechFlags } from '../speech-flags';

export type { SpeechFlags } from '../speech-flags';

/** An endpoint of the command line as a target, its keys those of --api-key-env (a pool when several). */
async function adhocTarget(
  core: Core,
  endpoint: SpeechEndpointFlags,
  model: string | undefined,
): Promise<SpeechTarget> {
  const baseUrl = endpoint.baseUrl ?? DEFAULT_BASE_URLS[endpoint.provider];
  if (!baseUrl)
    throw new Error(`--provider ${endpoint.provider} needs --base-url, e.g. http://127.0.0.1:8080/v1`);
  const names = endpoint.apiKeyEnv ? apiKeyEnvNames(endpoint.apiKeyEnv) : [];
  if (names.length === 0 && endpoint.provider === 'openai')
    throw new Error('--provider openai needs --api-key-env naming the variable that holds the key');
  const pool = createKeyPool({ source: environmentKeySource(environmentKeys(names), () => true, null) });
  return {
    provider: endpoint.provider,
    baseUrl,
    model: model ?? core.settings.get('speech.model'),
    keys: await pool.rotation(ADHOC_PROVIDER_ID, endpoint.provider),
  };
}

/** The flags' endpoint, else Settings › Speech's, else (none configured) the fallback's. */
async function targetOf(core: Core, flags: SpeechFlags): Promise<SpeechTarget> {
  if (flags.endpoint) return adhocTarget(core, flags.endpoint, flags.speechModel);
  try {
    return await core.speech.target(flags.speechModel ? { model: flags.speechModel } : {});
  } catch (error) {
    const none = error instanceof SpeechError && error.speechCode === 'no-provider';
    if (!none || !flags.fallback) throw error;
    return adhocTarget(core, flags.fallback, flags.speechModel);
  }
}

/**
 * Transcribes `bytes` (named `file` in messages) with the flags' endpoint or Settings › Speech's; says
 * why not on stderr and returns null. The transcript waits in `core.speech` for its run.
 */
export async function transcribeWith(
  core: Core,
  file: string,
  bytes: Uint8Array,
  flags: SpeechFlags,
  io: Io,
): Promise<Transcript | null> {
  try {
    const target = await targetOf(core, flags);
    return await core.speech.transcribe(bytes, {
      what: file,
      target,
      ...(flags.language !== undefined ? { language: flags.language } : {}),
    });
  } catch (error) {
    const message = error instanceof SpeechError || error instanceof Error ? error.message : String(error);
    io.err(`skilldeck: ${oneLine(message)}`);
    return null;
  }
}

export interface TranscribeOptions extends SpeechFlags {
  file: string;
  /** `--api-key-env A,B,C` (checked): the keys of the endpoint named here, else of Settings › Speech's provider. */
  apiKeyEnv?: string;
  skillDirs: SkillDir[];
  dataDirFlag: string | undefined;
  json: boolean;
}

/** `skilldeck transcribe FILE`: the transcript on stdout (`--json`: with its length and container). */
export async function transcribeCommand(options: TranscribeOptions, io: Io): Promise<number> {
  const read = readAudioFile(options.file);
  if ('problem' in read) {
    io.err(`skilldeck: ${read.problem.replace(/^--audio /, '')}`);
    return 2;
  }
  const core = openCliCore(
    {
      skillDirs: options.skillDirs,
      dataDirFlag: options.dataDirFlag,
      apiKeyEnv: options.apiKeyEnv ? apiKeyEnvNames(options.apiKeyEnv) : undefined,
      watchSkills: false,
      ports: createNodePorts(),
    },
    io,
  );
  if (!core) return 1;
  try {
    const heard = await transcribeWith(core, options.file, read.bytes, options, io);
    if (!heard) return 1;
    core.speech.recordings.drop(heard.recordingId);
    if (options.json) {
      const { text, audioMs, container, language } = heard;
      io.out(JSON.stringify({ text, audioMs, container, language }));
    } else io.out(heard.text);
    return 0;
  } finally {
    core.close();
  }
}
