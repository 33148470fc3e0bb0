import { parseArgs } from 'node:util';
import type { SkillDir } from '../core/skills/sources';
import { mcpCommand } from './commands/mcp';
import { migrateCommand } from './commands/migrate';
import { readStdin, runCommand } from './commands/run';
import { serveCommand } from './commands/serve';
import { listSkillsCommand } from './commands/skills-list';
import { showSkillCommand } from './commands/skills-show';
import { triggerCommand } from './commands/trigger';
import { validateCommand } from './commands/validate';
import { processIo, type Io } from './io';

export { endQuietlyWhenStdoutCloses } from './io';
import { builtinSkillsDir, packageVersion } from './paths';
import { APPROVE_VALUES, PERMISSION_MODE_FLAGS, type Approve } from './prompt';

const HELP = `skilldeck — SKILL.md folders as AI actions

Usage:
  skilldeck skills list [--skills-dir DIR]... [--data-dir DIR] [--json]
  skilldeck skills show ID [--skills-dir DIR]... [--data-dir DIR] [--json]
  skilldeck validate PATH... [--strict] [--json]
  skilldeck migrate PATH [--dry-run] [--data-dir DIR] [--json]
  skilldeck run SKILL [--input TEXT | -] [--selection TEXT] [--config k=v]... [--provider KIND]
                [--base-url URL] [--model M] [--api-key-env VAR] [--events ndjson] [--data-dir DIR]
                [--skills-dir DIR]... [--permission-mode MODE] [--approve ask|always|never]
                [--workdir DIR] [--agent]
  skilldeck run SKILL --trigger [--input TEXT | -] [--data-dir DIR]
  skilldeck serve [--host 127.0.0.1] [--port N] [--data-dir DIR] [--skills-dir DIR]... [--desktop] [--no-keyring]
  skilldeck mcp [--provider KIND --base-url URL --model M --api-key-env VAR] [--data-dir DIR]
                [--skills-dir DIR]...
  skilldeck --help | --version

Commands:
  skills list   List the skills found, by precedence: the user folder (<data dir>/skills), each
                --skills-dir, then the built-in skills; with source, shadowing and findings.
  skills show   One skill: its definition, body and resource files.
  validate      Check SKILL.md files. PATH is a skill folder, a SKILL.md, or a folder searched
                recursively. --strict applies exactly the Agent Skills spec. Exit 0 when all are valid,
                1 when any is not, 2 on a usage error.
  migrate       Rewrite GHOSTYPE-format skills under PATH in the current format (a backup of each
                file is kept; icon, color and hotkey move to the database). --dry-run only reports.
  run           Run a skill once. --input is what you would type (- reads stdin), --selection the
                selected text; --config k=v overrides a config value. --provider openai|anthropic|
                openai-compatible (with --base-url, --model and --api-key-env naming the variable that
                holds the key) replaces the configured provider for this run. Prints the output, or with
                --events ndjson one JSON event per line (permission_request, permission_decision and
                ask_user included). Exit 0 succeeded, 1 failed, 2 usage error, 130 cancelled by Ctrl-C.
                Agent skills (tools behind permission prompts):
                  --permission-mode default|accept-edits|plan|unrestricted  this run's mode (default:
                      the skill's, else the global one). plan: read-only tools only; accept-edits:
                      file edits inside the working directory without asking; unrestricted: no prompts.
                  --approve ask     print each prompt (tool, input, diff, why, the rule "always" saves)
                      on stderr and read a line from stdin: y once, r for this run, a always for this
                      skill (saves the rule), n deny (then an optional reason for the model). With
                      --input -, answers come from /dev/tty. A prompt unanswered for 120 s is denied.
                  --approve always|never  answer every prompt allow-once / deny, printing each decision
                      on stderr (always saves no rule).
                  Default: ask when stdin is a terminal, never when it is not, so a script never hangs.
                  AskUser questions are asked on the terminal too (a number picks an option); when
                  stdin is not a terminal and --approve ask was not given, or stdin ends, the question
                  is answered "no answer" and the model is told so.
                  --agent  run a prompt skill as an agent though it does not say so (skills written
                      for Claude Code use tools without listing them in allowed-tools).
                  --workdir DIR  where the file tools and Bash act (they cannot reach outside it).
                      Default: the skill's own workspace, <data dir>/workspaces/<skill>.
                --trigger  run it in the desktop app instead, as its hotkey would (selection captured,
                    command bar, floating card); --input becomes the instruction. Launches the app with
                    --trigger=SKILL, which hands it to the running instance (or starts the app). Exit 1
                    when the app is not installed (SKILLDECK_APP names its executable if elsewhere).
  serve         Run the headless host: the dashboard in your browser at the printed URL, which carries
                a per-start access token. Binds 127.0.0.1 unless --host says otherwise. --port 0 picks
                a free port. --desktop (X11): trigger:run acts on this display as a hotkey does — it
                captures the focused window and the selection (PRIMARY, else Ctrl+C outside terminals)
                and pastes the result into that window; the card is shown in the dashboard.
                Provider keys typed in the dashboard go to the system keyring (Linux: the Secret
                Service through secret-tool, package libsecret-tools, in your desktop session); where
                there is none, or with --no-keyring, they last until serve stops.
  mcp           Serve the skills to another agent over MCP on stdin/stdout: tools list_skills,
                load_skill and run_skill. Logs go to stderr. The --provider flags work as for run.

Options:
  --data-dir DIR     Where the database and your skills live. Default: $SKILLDECK_DATA_DIR, else ~/.skilldeck
  --skills-dir DIR   An extra skill folder (repeatable), searched before the built-in skills.
  --json             Machine-readable output.
  -h, --help         Show this help.
  -v, --version      Show the version.
`;

export function skillDirsFrom(extra: readonly string[]): SkillDir[] {
  return [
    ...extra.map((dir): SkillDir => ({ dir, source: 'folder' })),
    { dir: builtinSkillsDir, source: 'builtin' },
  ];
}

function usage(io: Io, message: string): number {
  io.err(`skilldeck: ${message}\nRun \`skilldeck --help\` for usage.`);
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
        'data-dir': { type: 'string' },
        host: { type: 'string' },
        port: { type: 'string' },
        desktop: { type: 'boolean' },
        'no-keyring': { type: 'boolean' },
        input: { type: 'string' },
        selection: { type: 'string' },
        config: { type: 'string', multiple: true },
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
  if (values.help || command === '' || command === 'help') {
    io.out(HELP);
    return values.help || command === 'help' ? 0 : 2;
  }
  const skillDirs = skillDirsFrom(values['skills-dir'] ?? []);
  const dataDirFlag = values['data-dir'];
  const json = values.json ?? false;

  switch (command) {
    case 'skills': {
      const [sub, ...args] = rest;
      if (sub === 'list' && args.length === 0) return listSkillsCommand({ skillDirs, dataDirFlag, json }, io);
      if (sub === 'show' && args.length === 1)
        return showSkillCommand({ skillDirs, dataDirFlag, json, id: args[0]! }, io);
      return usage(
        io,
        sub === 'show' ? '`skills show` takes one skill id' : `unknown command "skills ${rest.join(' ')}"`,
      );
    }
    case 'validate':
      if (rest.length === 0) return usage(io, '`validate` needs at least one PATH');
      return validateCommand({ paths: rest, strict: values.strict ?? false, json }, io);
    case 'migrate':
      if (rest.length !== 1) return usage(io, '`migrate` takes one PATH');
      return migrateCommand({ path: rest[0]!, dryRun: values['dry-run'] ?? false, dataDirFlag, json }, io);
    case 'run': {
      if (rest.length !== 1) return usage(io, '`run` takes one SKILL id');
      if (values.trigger) {
        const local = (
          [
            'selection',
            'config',
            'provider',
            'base-url',
            'model',
            'api-key-env',
            'events',
            'permission-mode',
            'approve',
            'workdir',
            'agent',
            'skills-dir',
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
      const kinds = ['openai', 'anthropic', 'openai-compatible'] as const;
      const provider = values.provider as (typeof kinds)[number] | undefined;
      if (provider !== undefined && !kinds.includes(provider))
        return usage(io, `--provider is one of ${kinds.join(', ')}, not "${values.provider}"`);
      if (values.events !== undefined && values.events !== 'ndjson')
        return usage(io, `--events takes ndjson, not "${values.events}"`);
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
      const interrupt = new AbortController();
      const onSigint = () => interrupt.abort();
      process.once('SIGINT', onSigint);
      try {
        return await runCommand(
          {
            skillId: rest[0]!,
            skillDirs,
            dataDirFlag,
            input: values.input,
            selection: values.selection,
            config,
            provider,
            baseUrl: values['base-url'],
            model: values.model,
            apiKeyEnv: values['api-key-env'],
            events: values.events === 'ndjson',
            interrupt: interrupt.signal,
            permissionMode,
            approve,
            workdir: values.workdir,
            agent: values.agent === true,
          },
          io,
        );
      } finally {
        process.off('SIGINT', onSigint);
      }
    }
    case 'serve': {
      if (rest.length > 0) return usage(io, `\`serve\` takes no arguments, got "${rest.join(' ')}"`);
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
          dataDirFlag,
          host: values.host ?? '127.0.0.1',
          port,
          desktop: values.desktop === true,
          keyring: values['no-keyring'] !== true,
        },
        io,
      );
    }
    case 'mcp': {
      if (rest.length > 0) return usage(io, `\`mcp\` takes no arguments, got "${rest.join(' ')}"`);
      const kinds = ['openai', 'anthropic', 'openai-compatible'] as const;
      const provider = values.provider as (typeof kinds)[number] | undefined;
      if (provider !== undefined && !kinds.includes(provider))
        return usage(io, `--provider is one of ${kinds.join(', ')}, not "${values.provider}"`);
      const stop = new AbortController();
      const onSignal = () => stop.abort();
      process.once('SIGINT', onSignal).once('SIGTERM', onSignal);
      try {
        return await mcpCommand(
          {
            skillDirs,
            dataDirFlag,
            provider,
            baseUrl: values['base-url'],
            model: values.model,
            apiKeyEnv: values['api-key-env'],
            stop: stop.signal,
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
