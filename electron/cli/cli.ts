import { parseArgs } from 'node:util';
import path from 'node:path';
import { pseudoFilesystem } from '../core/fs/pseudo-fs';
import { checkPluginFolder } from '../core/skills/plugins';
import type { SkillDir } from '../core/skills/sources';
import { mcpCommand } from './commands/mcp';
import { packCommand } from './commands/pack';
import { unpackCommand } from './commands/unpack';
import { packFlagsProblem, passphraseFrom } from './pack-flags';
import { migrateCommand } from './commands/migrate';
import { readStdin, runCommand } from './commands/run';
import { serveCommand } from './commands/serve';
import { listSkillsCommand } from './commands/skills-list';
import { showSkillCommand } from './commands/skills-show';
import { readAudioFile, transcribeCommand, type SpeechFlags } from './commands/transcribe';
import { triggerCommand } from './commands/trigger';
import { parseContextFlags } from './context-flags';
import { validateCommand } from './commands/validate';
import { processIo, type Io } from './io';
import { apiKeyEnvNames, apiKeyEnvProblem } from './node-secrets';

export { endQuietlyWhenStdoutCloses } from './io';
import { commandHelp, HELP } from './help';
import { continueProblem } from './continue-flags';
import { oneLine } from './terminal-text';
import { builtinSkillsDir, packageVersion } from './paths';
import { APPROVE_VALUES, PERMISSION_MODE_FLAGS, type Approve } from './prompt';
import { readSearchFlags } from './search-flags';

export function skillDirsFrom(extra: readonly string[]): SkillDir[] {
  return [
    ...extra.map((dir): SkillDir => ({ dir, source: 'folder' })),
    { dir: builtinSkillsDir, source: 'builtin' },
  ];
}

const apiKeyEnvOf = (flag: string | undefined) => (flag === undefined ? undefined : apiKeyEnvNames(flag));

type SpeechValues = { 'speech-model'?: string; language?: string };
type EndpointValues = { 'base-url'?: string; 'api-key-env'?: string };

/** An endpoint from `--provider`, a base URL and a key variable (Anthropic has no speech to text). */
function endpointOf(
  provider: string | undefined,
  values: EndpointValues,
): SpeechFlags['endpoint'] | undefined {
  if (provider !== 'openai' && provider !== 'openai-compatible') return undefined;
  return {
    provider,
    ...(values['base-url'] !== undefined ? { baseUrl: values['base-url'] } : {}),
    ...(values['api-key-env'] !== undefined ? { apiKeyEnv: values['api-key-env'] } : {}),
  };
}

/** --speech-model and --language, checked, with the endpoint flags. */
function speechFlags(
  values: SpeechValues,
  endpoints: Pick<SpeechFlags, 'endpoint' | 'fallback'>,
): { flags: SpeechFlags } | { problem: string } {
  const language = values.language;
  if (language !== undefined && !/^[a-z]{2,3}$/.test(language))
    return { problem: `--language takes an ISO-639-1 code such as en, fr or zh, not "${language}"` };
  return {
    flags: {
      ...(endpoints.endpoint ? { endpoint: endpoints.endpoint } : {}),
      ...(endpoints.fallback ? { fallback: endpoints.fallback } : {}),
      ...(values['speech-model'] !== undefined ? { speechModel: values['speech-model'] } : {}),
      ...(language !== undefined ? { language } : {}),
    },
  };
}

function usage(io: Io, message: string): number {
  io.err(`skilldeck: ${oneLine(message)}\nRun \`skilldeck --help\` for usage.`);
  return 2;
}

/** Runs the CLI and returns the exit code (serve resolves only when the host stops). */
export async function main(argv: readonly string[], io: Io = processIo): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      args: [...argv],
      allowPositionals: true,
      strict: true,
      options: {
        help: { type: 'boolean', short: 'h' },
        version: { type: 'boolean', short: 'v' },
        json: { type: 'boolean' },
        strict: { type: 'boolean' },
        'dry-run': { type: 'boolean' },
        'skills-dir': { type: 'string', multiple: true },
        'plugin-dir': { type: 'string', multiple: true },
        all: { type: 'boolean' },
        'data-dir': { type: 'string' },
        host: { type: 'string' },
        port: { type: 'string' },
        desktop: { type: 'boolean' },
        'no-keyring': { type: 'boolean' },
        input: { type: 'string' },
        selection: { type: 'string' },
        arguments: { type: 'string' },
        config: { type: 'string', multiple: true },
        context: { type: 'string', multiple: true },
        provider: { type: 'string' },
        'base-url': { type: 'string' },
        model: { type: 'string' },
        'api-key-env': { type: 'string' },
        events: { type: 'string' },
        'permission-mode': { type: 'string' },
        approve: { type: 'string' },
        workdir: { type: 'string' },
        agent: { type: 'boolean' },
        trigger: { type: 'boolean' },
        continue: { type: 'string' },
        'fallback-original': { type: 'boolean' },
        'search-backend': { type: 'string' },
        'search-url': { type: 'string' },
        'search-key-env': { type: 'string' },
        output: { type: 'string', short: 'o' },
        'passphrase-env': { type: 'string' },
        replace: { type: 'boolean' },
        rename: { type: 'string' },
        audio: { type: 'string' },
        'speech-model': { type: 'string' },
        'speech-base-url': { type: 'string' },
        'speech-key-env': { type: 'string' },
        language: { type: 'string' },
      },
    });
  } catch (error) {
    return usage(io, (error as Error).message);
  }
  const { values, positionals } = parsed;
  if (values.version) {
    io.out(packageVersion());
    return 0;
  }
  const [command = '', ...rest] = positionals;
  if (values.help || command === 'help') {
    // `run --help`, `skills list --help`, `help run`: that command's help; otherwise all of it
    const about = command === 'help' ? (rest[0] ?? '') : command;
    io.out(commandHelp(about) ?? HELP);
    return 0;
  }
  if (command === '') {
    io.out(HELP);
    return 2;
  }
  for (const dir of values['skills-dir'] ?? []) {
    const system = pseudoFilesystem(dir);
    if (system)
      return usage(io, `--skills-dir ${dir} is a system folder (${system}), not a folder of skills`);
  }
  const skillDirs = skillDirsFrom(values['skills-dir'] ?? []);
  const pluginDirs = (values['plugin-dir'] ?? []).map((dir) => path.resolve(dir));
  for (const dir of pluginDirs) {
    const system = pseudoFilesystem(dir);
    const checked = system ? null : checkPluginFolder(dir);
    if (system) return usage(io, `--plugin-dir ${dir} is a system folder (${system}), not a plugin`);
    if (checked && 'problem' in checked) return usage(io, `--plugin-dir: ${checked.problem.message}`);
  }
  const dataDirFlag = values['data-dir'];
  const json = values.json ?? false;
  const search = readSearchFlags(values);
  if ('problem' in search) return usage(io, search.problem);
  const webSearch = search.options;
  if (webSearch && !['run', 'serve', 'mcp'].includes(command))
    return usage(
      io,
      `--search-backend, --search-url and --search-key-env go with run, serve and mcp, not ${command}`,
    );
  if (values.all && !(command === 'skills' && rest[0] === 'list'))
    return usage(io, '--all is for `skills list` (it lists the skills for models only too)');

  switch (command) {
    case 'skills': {
      const [sub, ...args] = rest;
      if (sub === 'list' && args.length === 0)
        return listSkillsCommand({ skillDirs, pluginDirs, dataDirFlag, json, all: values.all ?? false }, io);
      if (sub === 'show' && args.length === 1)
        return showSkillCommand({ skillDirs, pluginDirs, dataDirFlag, json, id: args[0]! }, io);
      return usage(
        io,
        sub === 'show' ? '`skills show` takes one skill id' : `unknown command "skills ${rest.join(' ')}"`,
      );
    }
    case 'validate':
      if (rest.length === 0 && pluginDirs.length === 0)
        return usage(io, '`validate` needs at least one PATH (or --plugin-dir DIR)');
      return validateCommand({ paths: rest, pluginDirs, strict: values.strict ?? false, json }, io);
    case 'migrate':
      if (rest.length !== 1) return usage(io, '`migrate` takes one PATH');
      return migrateCommand({ path: rest[0]!, dryRun: values['dry-run'] ?? false, dataDirFlag, json }, io);
    case 'run': {
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
      const kinds = ['openai', 'anthropic', 'openai-compatible'] as const;
      const provider = values.provider as (typeof kinds)[number] | undefined;
      if (provider !== undefined && !kinds.includes(provider))
        return usage(io, `--provider is one of ${kinds.join(', ')}, not "${values.provider}"`);
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
    case 'pack':
    case 'unpack': {
      if (rest.length !== 1)
        return usage(
          io,
          command === 'pack' ? '`pack` takes one SKILL id' : '`unpack` takes one FILE (or URL)',
        );
      const problem = packFlagsProblem(command, values);
      if (problem) return usage(io, problem);
      const secret = passphraseFrom(values['passphrase-env']);
      if ('problem' in secret) return usage(io, secret.problem);
      const common = { skillDirs, dataDirFlag, json, passphrase: secret.passphrase };
      if (command === 'pack') return packCommand({ ...common, skillId: rest[0]!, output: values.output }, io);
      return unpackCommand(
        {
          ...common,
          file: rest[0]!,
          passphraseFlag: '--passphrase-env',
          onClash: values.replace ? 'replace' : values.rename !== undefined ? 'rename' : undefined,
          newId: values.rename,
          dryRun: values['dry-run'] ?? false,
        },
        io,
      );
    }
    case 'serve': {
      if (rest.length > 0) return usage(io, `\`serve\` takes no arguments, got "${rest.join(' ')}"`);
      const serveKeyProblem = apiKeyEnvProblem(values['api-key-env']);
      if (serveKeyProblem) return usage(io, serveKeyProblem);
      let port = 0;
      if (values.port !== undefined) {
        port = Number(values.port);
        if (!Number.isInteger(port) || port < 0 || port > 65535) {
          return usage(io, `--port must be a number from 0 to 65535, not "${values.port}"`);
        }
      }
      return serveCommand(
        {
          skillDirs,
          pluginDirs,
          dataDirFlag,
          host: values.host ?? '127.0.0.1',
          port,
          desktop: values.desktop === true,
          keyring: values['no-keyring'] !== true,
          webSearch,
          apiKeyEnv: apiKeyEnvOf(values['api-key-env']),
        },
        io,
      );
    }
    case 'transcribe': {
      if (rest.length !== 1) return usage(io, '`transcribe` takes one audio FILE');
      const kinds = ['openai', 'openai-compatible'] as const;
      const provider = values.provider as (typeof kinds)[number] | undefined;
      if (provider !== undefined && !kinds.includes(provider))
        return usage(
          io,
          `--provider is one of ${kinds.join(', ')} for speech to text, not "${values.provider}"`,
        );
      const keyProblem = apiKeyEnvProblem(values['api-key-env']);
      if (keyProblem) return usage(io, keyProblem);
      if (values['speech-model'] !== undefined && values.model !== undefined)
        return usage(io, '--model and --speech-model both name the transcription model: use one');
      const speech = speechFlags(
        { ...values, 'speech-model': values['speech-model'] ?? values.model },
        { endpoint: endpointOf(provider ?? (values['base-url'] ? 'openai-compatible' : undefined), values) },
      );
      if (provider === 'openai-compatible' && values['base-url'] === undefined)
        return usage(io, '--provider openai-compatible needs --base-url, e.g. http://127.0.0.1:8080/v1');
      if ('problem' in speech) return usage(io, speech.problem);
      const apiKeyEnv = values['api-key-env'];
      return transcribeCommand(
        { file: rest[0]!, skillDirs, dataDirFlag, json, apiKeyEnv, ...speech.flags },
        io,
      );
    }
    case 'mcp': {
      if (rest.length > 0) return usage(io, `\`mcp\` takes no arguments, got "${rest.join(' ')}"`);
      const context = parseContextFlags(values.context ?? []);
      if ('problem' in context) return usage(io, context.problem);
      const kinds = ['openai', 'anthropic', 'openai-compatible'] as const;
      const provider = values.provider as (typeof kinds)[number] | undefined;
      if (provider !== undefined && !kinds.includes(provider))
        return usage(io, `--provider is one of ${kinds.join(', ')}, not "${values.provider}"`);
      const keyProblem = apiKeyEnvProblem(values['api-key-env']);
      if (keyProblem) return usage(io, keyProblem);
      const stop = new AbortController();
      const onSignal = () => stop.abort();
      process.once('SIGINT', onSignal).once('SIGTERM', onSignal);
      try {
        return await mcpCommand(
          {
            skillDirs,
            pluginDirs,
            dataDirFlag,
            provider,
            baseUrl: values['base-url'],
            model: values.model,
            apiKeyEnv: apiKeyEnvOf(values['api-key-env']),
            stop: stop.signal,
            webSearch,
          },
          io,
        );
      } finally {
        process.off('SIGINT', onSignal).off('SIGTERM', onSignal);
      }
    }
    default:
      return usage(io, `unknown command "${positionals.join(' ')}"`);
  }
}
