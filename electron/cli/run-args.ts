// `skilldeck run`: its flags checked (a usage error answers before anything heavy is loaded), then
// `run --trigger` hands the skill to the desktop app and `run` runs it here, each loaded only then.
import { readStdin } from './stdin';
import { providerFlag, type CliValues } from './cli-options';
import { apiKeyEnvNames, apiKeyEnvProblem } from './api-key-env';
import { parseContextFlags } from './context-flags';
import { continueProblem } from './continue-flags';
import type { Io } from './io';
import { APPROVE_VALUES, PERMISSION_MODE_FLAGS, type Approve } from './prompt';
import { endpointOf, readAudioFile, speechFlags } from './speech-flags';
import type { CommonFlags } from './cli';
import { usage } from './usage';

const apiKeyEnvOf = (flag: string | undefined) => (flag === undefined ? undefined : apiKeyEnvNames(flag));

export async function runFromArgs(
  values: CliValues,
  rest: readonly string[],
  { skillDirs, pluginDirs, dataDirFlag, webSearch }: CommonFlags,
  io: Io,
): Promise<number> {
  const following = values.continue;
  if (following !== undefined) {
    const problem = continueProblem(values, rest);
    if (problem) return usage(io, problem);
  } else if (rest.length !== 1) return usage(io, '`run` takes one SKILL id');
  if (values.audio !== undefined && values.input !== undefined)
    return usage(io, '--audio and --input both give the run its input: use one');
  if (values.audio !== undefined && following !== undefined)
    return usage(io, '--continue takes a typed follow-up (--input), not --audio');
  if (values.trigger) {
    const local = (
      [
        'audio',
        'selection',
        'arguments',
        'config',
        'context',
        'provider',
        'base-url',
        'model',
        'api-key-env',
        'events',
        'permission-mode',
        'approve',
        'workdir',
        'agent',
        'fallback-original',
        'skills-dir',
        'search-backend',
        'search-url',
        'search-key-env',
        'plugin-dir',
      ] as const
    ).filter((flag) => values[flag] !== undefined);
    if (local.length > 0)
      return usage(io, `--trigger runs the skill in the app; it does not take --${local.join(', --')}`);
    const instruction = values.input === '-' ? await readStdin() : values.input;
    const { triggerCommand } = await import('./commands/trigger');
    return triggerCommand({ skillId: rest[0]!, instruction, dataDirFlag }, io);
  }
  const config: Record<string, string> = {};
  for (const pair of values.config ?? []) {
    const eq = pair.indexOf('=');
    if (eq <= 0) return usage(io, `--config takes key=value, not "${pair}"`);
    config[pair.slice(0, eq)] = pair.slice(eq + 1);
  }
  const context = parseContextFlags(values.context ?? []);
  if ('problem' in context) return usage(io, context.problem);
  const chatProvider = providerFlag(values.provider, 'chat');
  if ('problem' in chatProvider) return usage(io, chatProvider.problem);
  const provider = chatProvider.kind;
  if (values.events !== undefined && values.events !== 'ndjson')
    return usage(io, `--events takes ndjson, not "${values.events}"`);
  if (values['fallback-original'] && values.events !== undefined)
    return usage(
      io,
      '--fallback-original prints plain text: with --events ndjson, stdout carries the events',
    );
  const keyProblem = apiKeyEnvProblem(values['api-key-env']);
  if (keyProblem) return usage(io, keyProblem);
  const modeFlag = values['permission-mode'];
  const permissionMode =
    modeFlag !== undefined && Object.hasOwn(PERMISSION_MODE_FLAGS, modeFlag)
      ? PERMISSION_MODE_FLAGS[modeFlag]
      : undefined;
  if (modeFlag !== undefined && permissionMode === undefined)
    return usage(
      io,
      `--permission-mode is one of ${Object.keys(PERMISSION_MODE_FLAGS).join(', ')}, not "${modeFlag}"`,
    );
  const approve = values.approve as Approve | undefined;
  if (approve !== undefined && !APPROVE_VALUES.includes(approve))
    return usage(io, `--approve is one of ${APPROVE_VALUES.join(', ')}, not "${values.approve}"`);
  const audioFile = values.audio;
  const stray = (['speech-model', 'language', 'speech-base-url', 'speech-key-env'] as const).find(
    (f) => values[f] !== undefined,
  );
  if (audioFile === undefined && stray) return usage(io, `--${stray} goes with --audio FILE`);
  const speechKeyProblem = apiKeyEnvProblem(values['speech-key-env'])?.replace(
    '--api-key-env',
    '--speech-key-env',
  );
  if (speechKeyProblem) return usage(io, speechKeyProblem);
  const speechUrl = values['speech-base-url'];
  const speech =
    audioFile === undefined
      ? { flags: {} }
      : speechFlags(values, {
          ...(speechUrl !== undefined
            ? {
                endpoint: endpointOf('openai-compatible', {
                  'base-url': speechUrl,
                  'api-key-env': values['speech-key-env'],
                }),
              }
            : {}),
          ...(provider ? { fallback: endpointOf(provider, values) } : {}),
        });
  if ('problem' in speech) return usage(io, speech.problem);
  const audio = audioFile === undefined ? undefined : readAudioFile(audioFile);
  if (audio && 'problem' in audio) return usage(io, audio.problem);
  const interrupt = new AbortController();
  const onSigint = () => interrupt.abort();
  process.once('SIGINT', onSigint);
  try {
    const { runCommand } = await import('./commands/run');
    return await runCommand(
      {
        skillId: rest[0] ?? '',
        ...(following !== undefined ? { continueRunId: following } : {}),
        skillDirs,
        pluginDirs,
        dataDirFlag,
        input: values.input,
        selection: values.selection,
        arguments: values.arguments,
        config,
        context: context.values,
        fallbackOriginal: values['fallback-original'] === true,
        provider,
        baseUrl: values['base-url'],
        model: values.model,
        apiKeyEnv: apiKeyEnvOf(values['api-key-env']),
        events: values.events === 'ndjson',
        interrupt: interrupt.signal,
        permissionMode,
        approve,
        workdir: values.workdir,
        agent: values.agent === true,
        webSearch,
        ...(audio && audioFile !== undefined
          ? { audio: { file: audioFile, bytes: audio.bytes, flags: speech.flags } }
          : {}),
      },
      io,
    );
  } finally {
    process.off('SIGINT', onSigint);
  }
}
