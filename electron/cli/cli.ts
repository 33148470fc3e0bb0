// The `skilldeck` command line: the flags parsed, --help and --version answered, then the command's own
// module loaded with import() — each command loads only what it needs (`--help` loads no command at all;
// bench/cli.bench.ts measures it, cli-lazy.test.ts checks what stays unloaded).
import { parseArgs } from 'node:util';
import path from 'node:path';
import { pseudoFilesystem } from '../core/fs/pseudo-fs';
import { checkPluginFolder } from '../core/skills/plugins';
import type { WebSearchOptions } from '../core/search/web-search';
import type { SkillDir } from '../core/skills/sources';
import { apiKeyEnvNames, apiKeyEnvProblem } from './api-key-env';
import { CLI_OPTIONS, providerFlag } from './cli-options';
import { commandHelp, HELP } from './help';
import { parseContextFlags } from './context-flags';
import { processIo, type Io } from './io';
import { builtinSkillsDir, packageVersion } from './paths';
import { endpointOf, speechFlags } from './speech-flags';
import { usage } from './usage';

export { endQuietlyWhenStdoutCloses } from './io';

export function skillDirsFrom(extra: readonly string[]): SkillDir[] {
  return [
    ...extra.map((dir): SkillDir => ({ dir, source: 'folder' })),
    { dir: builtinSkillsDir, source: 'builtin' },
  ];
}

/** What every command's flags give, checked once before the command is loaded. */
export interface CommonFlags {
  skillDirs: SkillDir[];
  pluginDirs: string[];
  dataDirFlag: string | undefined;
  webSearch: WebSearchOptions | undefined;
}

const apiKeyEnvOf = (flag: string | undefined) => (flag === undefined ? undefined : apiKeyEnvNames(flag));

const SEARCH_FLAGS = ['search-backend', 'search-url', 'search-key-env'] as const;

/** Runs the CLI and returns the exit code (serve resolves only when the host stops). */
export async function main(argv: readonly string[], io: Io = processIo): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      args: [...argv],
      allowPositionals: true,
      strict: true,
      options: CLI_OPTIONS,
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
  // zod checks the search flags: loaded only when one is given
  const search = SEARCH_FLAGS.some((flag) => values[flag] !== undefined)
    ? (await import('./search-flags')).readSearchFlags(values)
    : {};
  if ('problem' in search) return usage(io, search.problem);
  const webSearch = search.options;
  const common: CommonFlags = { skillDirs, pluginDirs, dataDirFlag, webSearch };
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
      if (sub === 'list' && args.length === 0) {
        const { listSkillsCommand } = await import('./commands/skills-list');
        return listSkillsCommand({ skillDirs, pluginDirs, dataDirFlag, json, all: values.all ?? false }, io);
      }
      if (sub === 'show' && args.length === 1) {
        const { showSkillCommand } = await import('./commands/skills-show');
        return showSkillCommand({ skillDirs, pluginDirs, dataDirFlag, json, id: args[0]! }, io);
      }
      return usage(
        io,
        sub === 'show' ? '`skills show` takes one skill id' : `unknown command "skills ${rest.join(' ')}"`,
      );
    }
    case 'validate': {
      if (rest.length === 0 && pluginDirs.length === 0)
        return usage(io, '`validate` needs at least one PATH (or --plugin-dir DIR)');
      const { validateCommand } = await import('./commands/validate');
      return validateCommand({ paths: rest, pluginDirs, strict: values.strict ?? false, json }, io);
    }
    case 'migrate': {
      if (rest.length !== 1) return usage(io, '`migrate` takes one PATH');
      const { migrateCommand } = await import('./commands/migrate');
      return migrateCommand({ path: rest[0]!, dryRun: values['dry-run'] ?? false, dataDirFlag, json }, io);
    }
    case 'run':
      return (await import('./run-args')).runFromArgs(values, rest, common, io);
    case 'pack':
    case 'unpack': {
      if (rest.length !== 1)
        return usage(
          io,
          command === 'pack' ? '`pack` takes one SKILL id' : '`unpack` takes one FILE (or URL)',
        );
      const { packFlagsProblem, passphraseFrom } = await import('./pack-flags');
      const problem = packFlagsProblem(command, values);
      if (problem) return usage(io, problem);
      const secret = passphraseFrom(values['passphrase-env']);
      if ('problem' in secret) return usage(io, secret.problem);
      const packing = { skillDirs, dataDirFlag, json, passphrase: secret.passphrase };
      if (command === 'pack') {
        const { packCommand } = await import('./commands/pack');
        return packCommand({ ...packing, skillId: rest[0]!, output: values.output }, io);
      }
      const { unpackCommand } = await import('./commands/unpack');
      return unpackCommand(
        {
          ...packing,
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
      const { serveCommand } = await import('./commands/serve');
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
      const speechProvider = providerFlag(values.provider, 'speech');
      if ('problem' in speechProvider) return usage(io, speechProvider.problem);
      const provider = speechProvider.kind;
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
      const { transcribeCommand } = await import('./commands/transcribe');
      return transcribeCommand(
        { file: rest[0]!, skillDirs, dataDirFlag, json, apiKeyEnv, ...speech.flags },
        io,
      );
    }
    case 'mcp': {
      if (rest.length > 0) return usage(io, `\`mcp\` takes no arguments, got "${rest.join(' ')}"`);
      const context = parseContextFlags(values.context ?? []);
      if ('problem' in context) return usage(io, context.problem);
      const chatProvider = providerFlag(values.provider, 'chat');
      if ('problem' in chatProvider) return usage(io, chatProvider.problem);
      const provider = chatProvider.kind;
      const keyProblem = apiKeyEnvProblem(values['api-key-env']);
      if (keyProblem) return usage(io, keyProblem);
      const stop = new AbortController();
      const onSignal = () => stop.abort();
      process.once('SIGINT', onSignal).once('SIGTERM', onSignal);
      try {
        const { mcpCommand } = await import('./commands/mcp');
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
