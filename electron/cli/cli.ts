import { parseArgs } from 'node:util';
import type { SkillDir } from '../core/skills/scan';
import { listSkillsCommand } from './commands/skills-list';
import { serveCommand } from './commands/serve';
import { processIo, type Io } from './io';
import { builtinSkillsDir, packageVersion } from './paths';

const HELP = `skilldeck — SKILL.md folders as AI actions

Usage:
  skilldeck skills list [--skills-dir DIR]... [--data-dir DIR] [--json]
  skilldeck serve [--host 127.0.0.1] [--port N] [--data-dir DIR] [--skills-dir DIR]...
  skilldeck --help | --version

Commands:
  skills list   List the skills found: the user folder (<data dir>/skills), each --skills-dir, then
                the built-in skills. --json prints them as JSON.
  serve         Run the headless host: the dashboard in your browser at the printed URL, which carries
                a per-start access token. Binds 127.0.0.1 unless --host says otherwise. --port 0 picks
                a free port.

Options:
  --data-dir DIR     Where the database and your skills live. Default: $SKILLDECK_DATA_DIR, else ~/.skilldeck
  --skills-dir DIR   An extra skill folder (repeatable), searched before the built-in skills.
  -h, --help         Show this help.
  -v, --version      Show the version.
`;

export function skillDirsFrom(extra: readonly string[]): SkillDir[] {
  return [
    ...extra.map((dir): SkillDir => ({ dir, source: 'folder' })),
    { dir: builtinSkillsDir, source: 'builtin' },
  ];
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
        'skills-dir': { type: 'string', multiple: true },
        'data-dir': { type: 'string' },
        host: { type: 'string' },
        port: { type: 'string' },
      },
    });
  } catch (error) {
    io.err(`skilldeck: ${(error as Error).message}\nRun \`skilldeck --help\` for usage.`);
    return 2;
  }
  const { values, positionals } = parsed;
  if (values.version) {
    io.out(packageVersion());
    return 0;
  }
  const command = positionals.join(' ');
  if (values.help || command === '' || command === 'help') {
    io.out(HELP);
    return values.help || command === 'help' ? 0 : 2;
  }
  const skillDirs = skillDirsFrom(values['skills-dir'] ?? []);

  switch (command) {
    case 'skills list':
      return listSkillsCommand(
        { skillDirs, dataDirFlag: values['data-dir'], json: values.json ?? false },
        io,
      );
    case 'serve': {
      let port = 0;
      if (values.port !== undefined) {
        port = Number(values.port);
        if (!Number.isInteger(port) || port < 0 || port > 65535) {
          io.err(`skilldeck: --port must be a number from 0 to 65535, not "${values.port}"`);
          return 2;
        }
      }
      return serveCommand(
        { skillDirs, dataDirFlag: values['data-dir'], host: values.host ?? '127.0.0.1', port },
        io,
      );
    }
    default:
      io.err(`skilldeck: unknown command "${command}". Run \`skilldeck --help\` for usage.`);
      return 2;
  }
}
