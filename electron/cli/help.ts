// The CLI's help: `skilldeck --help` prints all of it, `skilldeck COMMAND --help` (or `help COMMAND`)
// that command's part only. Each command's usage and description are written once, here.

interface CommandHelp {
  usage: string;
  /** The description under "Commands:", indented as it appears there (16 columns). */
  description: string;
}

const COMMANDS: Record<string, CommandHelp> = {
  skills: {
    usage: `  skilldeck skills list [--all] [--skills-dir DIR]... [--plugin-dir DIR]... [--data-dir DIR] [--json]
  skilldeck skills show ID [--skills-dir DIR]... [--plugin-dir DIR]... [--data-dir DIR] [--json]`,
    description: `  skills list   List the skills found, by precedence: the user folder (<data dir>/skills), each
                --skills-dir and folder added in Settings, the plugins (ids plugin:skill), then the
                built-in skills; with source, shadowing and findings. Skills for models only
                (user-invocable: false) are left out, counted at the end; --all lists them, marked.
  skills show   One skill: its definition, body and resource files.`,
  },
  validate: {
    usage: `  skilldeck validate PATH... [--plugin-dir DIR]... [--strict] [--json]`,
    description: `  validate      Check SKILL.md files. PATH is a skill folder, a SKILL.md, or a folder searched
                recursively; --plugin-dir DIR checks a plugin (its name, its skills/) and its skills,
                named plugin:skill. --strict applies exactly the Agent Skills spec. Notes say what
                depends on where a skill runs (effort, a custom agent). Exit 0 when all are valid,
                1 when any is not, 2 on a usage error.`,
  },
  migrate: {
    usage: `  skilldeck migrate PATH [--dry-run] [--data-dir DIR] [--json]`,
    description: `  migrate       Rewrite GHOSTYPE-format skills under PATH in the current format (a backup of each
                file is kept; icon, color and hotkey move to the database). --dry-run only reports.`,
  },
  run: {
    usage: `  skilldeck run SKILL [--input TEXT | -] [--selection TEXT] [--arguments TEXT] [--config k=v]...
                [--context NAME=VALUE]... [--provider KIND] [--base-url URL] [--model M]
                [--api-key-env VAR[,VAR…]] [--events ndjson] [--fallback-original] [--data-dir DIR] [--skills-dir DIR]...
                [--plugin-dir DIR]... [--permission-mode MODE]
                [--approve ask|always|never] [--workdir DIR] [--agent]
                [--search-backend duckduckgo|searxng|brave] [--search-url URL] [--search-key-env VAR]
                [--audio FILE [--speech-model M] [--language L] [--speech-base-url URL [--speech-key-env VAR]]]
                [--continue RUN_ID --input TEXT|-]   (a follow-up of that run; SKILL may be left out)
  skilldeck run SKILL --trigger [--input TEXT | -] [--data-dir DIR]`,
    description: `  run           Run a skill once (a plugin's as plugin:skill; a skill for models only,
                user-invocable: false, is refused: agents activate it). --input is what you would
                type (- reads stdin), --selection the selected text; --arguments what follows the
                skill's name as a command: it fills $ARGUMENTS, $0…$N (split as a shell would, without
                expansion) and the skill's named arguments. --config k=v overrides a config value. --context NAME=VALUE fills a context
                placeholder, as the window a hotkey starts in would: app, window_title, url (empty
                otherwise), or date, time, language (otherwise today, now and the dashboard language);
                repeat it for each, e.g. --context app=firefox --context "window_title=Inbox".
                --provider openai|anthropic|openai-compatible (with --base-url, --model and --api-key-env naming the variable that
                holds the key; it must be set) replaces the configured provider for this run; alone,
                --api-key-env gives the keys of the configured one, whose keys are otherwise read from the
                keyring where serve keeps them. --api-key-env A,B,C names several variables: the keys
                are taken in turn, a key the provider refuses (401/403) is not used again in this run, a
                rate-limited one (429) rests for its Retry-After (else 60 s) while the next is used at
                once; when none is left the error names each variable and why. Prints the output, or with
                --events ndjson one JSON event per line (permission_request, permission_decision and
                ask_user included). A failed run prints nothing on stdout and its error on stderr;
                --fallback-original prints the original text (the selection, else the input) instead,
                as the app puts it back. Exit 0 succeeded, 1 failed, 2 usage error, 130 cancelled
                by Ctrl-C. A workflow, phases or autonomous run shows its steps on stderr as they run:
                a live list with elapsed times on a terminal, a line per start and end otherwise
                (none with --events ndjson, whose events say it).
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
                  --workdir DIR  where the file tools and Bash act. The file tools cannot reach
                      outside it. Bash runs in a sandbox (Linux: bubblewrap, macOS: sandbox-exec)
                      that can change files only there, cannot see your home folder and has no
                      network unless the skill allows Network; where there is no sandbox, Bash is
                      not confined and every prompt says so. Default: the skill's own workspace,
                      <data dir>/workspaces/<skill>.
                  Web search (the WebSearch tool; default: what Settings › Web search chose, else
                  DuckDuckGo, which needs no key):
                  --search-backend duckduckgo|searxng|brave  the backend for this run.
                  --search-url URL  the SearXNG instance (e.g. http://127.0.0.1:8888; its JSON
                      format must be on), or another address for DuckDuckGo's or Brave's endpoint.
                  --search-key-env VAR  the variable holding the Brave Search API key (otherwise
                      the key stored in Settings, read from the keyring as serve keeps it).
                --continue RUN_ID  send --input as a follow-up of that run (one that succeeded):
                    the model gets the skill's system prompt, the run's input, its answer, the earlier
                    follow-ups and then this one; the answer is printed and kept as a turn of the run
                    (the dashboard shows the thread). The run's id is in run_start of --events ndjson,
                    on stderr after a run in a terminal, and in the dashboard's Runs page. Exit 2 when
                    there is no such run, 1 when it cannot be continued (it failed, or is still running).
                --audio FILE  say it instead of typing it: the audio (WAV, MP3, M4A, WebM or Ogg) is
                    transcribed first, through Settings › Speech's provider and model (OpenAI's
                    /v1/audio/transcriptions, which Groq and local whisper servers also speak), and
                    what it says is the input ({{input}}, $ARGUMENTS) — --selection is still the
                    selection. The transcript is printed on stderr and kept with the run; a memo-like
                    skill saves it without a model call; a failed run prints it on stdout, so dictated
                    words are never lost. --speech-model and --language (ISO-639-1) override the
                    settings for this run; --speech-base-url (with --speech-key-env) names another
                    endpoint. With no provider configured for speech, --provider's endpoint is used.
                    Audio that is not audio, longer than the limit (Settings › Speech, 10 min by
                    default) or silent is refused with a message; exit 1.
                --trigger  run it in the desktop app instead, as its hotkey would (selection captured,
                    command bar, floating card); --input becomes the instruction. Launches the app with
                    --trigger=SKILL, which hands it to the running instance (or starts the app). Exit 1
                    when the app is not installed (SKILLDECK_APP names its executable if elsewhere).
                    For a desktop shortcut, bind skilldeck itself (npm link, or node with the path of
                    electron/cli/skilldeck.mjs), not npx: npx adds most of a second of npm's own work.`,
  },
  pack: {
    usage: `  skilldeck pack SKILL [-o FILE] [--passphrase-env VAR] [--data-dir DIR] [--skills-dir DIR]... [--json]`,
    description: `  pack          Pack a skill's folder into one .skillpack file (default: SKILL.skillpack here):
                skillpack.json (id, name, description, version, author, look, each file's size and
                sha256) and the files under skill/. Links, hidden files and node_modules are left out.
                --passphrase-env VAR seals it (AES-256-GCM, key from scrypt) with the passphrase in
                that variable. Format: docs/SKILLPACK.md.`,
  },
  unpack: {
    usage: `  skilldeck unpack FILE|URL [--passphrase-env VAR] [--replace | --rename NEW-ID] [--dry-run]
                [--data-dir DIR] [--json]`,
    description: `  unpack        Install a .skillpack (or a zip of a skill folder; a URL is downloaded) into the user
                folder. Prints the manifest, the validator's findings and the tools the skill may use
                first; --dry-run stops there. A pack is refused, and nothing written, when it is not
                what it says (files missing, added or changed against skillpack.json), reaches out of
                its folder, holds links, or is too big. A taken id is refused unless --replace (your
                skill goes to the trash) or --rename NEW-ID. Exit 0 installed, 1 refused, 2 usage.`,
  },
  transcribe: {
    usage: `  skilldeck transcribe FILE [--model M] [--language L] [--provider openai|openai-compatible]
                [--base-url URL] [--api-key-env VAR[,VAR…]] [--data-dir DIR] [--json]`,
    description: `  transcribe    Print what an audio file (WAV, MP3, M4A, WebM or Ogg) says, transcribed through
                Settings › Speech's provider, model and language (or, with --provider / --base-url and
                --api-key-env, that endpoint of OpenAI's /v1/audio/transcriptions wire format: OpenAI,
                Groq, a local whisper.cpp server). --api-key-env A,B,C names several variables: the
                keys are taken in turn as the provider's pool, a refused or rate-limited one giving way to
                the next (without --provider / --base-url they are Settings › Speech's provider's keys).
                --model and --language (ISO-639-1) override the settings. --json prints { text, audioMs, container, language }. A file that is not
                audio, longer than the limit, or silent is refused with a message. Exit 0 transcribed,
                1 refused or failed, 2 usage error (no such file).`,
  },
  serve: {
    usage: `  skilldeck serve [--host 127.0.0.1] [--port N] [--data-dir DIR] [--skills-dir DIR]... [--plugin-dir DIR]...
                [--desktop] [--no-keyring] [--api-key-env VAR[,VAR…]] [--search-backend duckduckgo|searxng|brave]
                [--search-url URL] [--search-key-env VAR]`,
    description: `  serve         Run the headless host: the dashboard in your browser at the printed URL, which carries
                a per-start access token. Binds 127.0.0.1 unless --host says otherwise. --port 0 picks
                a free port. --desktop (X11): trigger:run acts on this display as a hotkey does — it
                captures the focused window and the selection (PRIMARY, else Ctrl+C outside terminals)
                and pastes the result into that window; the card is shown in the dashboard.
                Provider keys typed in the dashboard go to the system keyring (Linux: the Secret
                Service through secret-tool, package libsecret-tools, in your desktop session); where
                there is none, or with --no-keyring, they last until serve stops. A provider may hold
                several keys, each with a label; requests take them in turn.
                --api-key-env A,B,C: the default provider's keys while serve runs, read from those
                variables (each must be set) and taken in turn in place of its stored ones; Settings
                shows them by variable name, with their health, and cannot edit them.
                --search-backend, --search-url and --search-key-env (as for run) choose the web
                search backend until serve stops, over Settings › Web search (which says so).`,
  },
  mcp: {
    usage: `  skilldeck mcp [--provider KIND --base-url URL --model M --api-key-env VAR[,VAR…]] [--data-dir DIR]
                [--skills-dir DIR]... [--plugin-dir DIR]... [--search-backend KIND] [--search-url URL]
                [--search-key-env VAR]`,
    description: `  mcp           Serve the skills to another agent over MCP on stdin/stdout: tools list_skills,
                load_skill and run_skill. Logs go to stderr. The --provider and --search flags work as
                for run.`,
  },
};

const OPTIONS: [flag: string, line: string][] = [
  [
    '--data-dir',
    '  --data-dir DIR     Where the database and your skills live. Default: $SKILLDECK_DATA_DIR, else ~/.skilldeck',
  ],
  [
    '--skills-dir',
    '  --skills-dir DIR   An extra skill folder (repeatable), searched before the built-in skills.',
  ],
  [
    '--plugin-dir',
    "  --plugin-dir DIR   A plugin folder (repeatable): its skills/ are searched, ids plugin:skill (the name in\n                     .claude-plugin/plugin.json, else the folder's). Plugins added in Settings are searched too.",
  ],
  ['--all', '  --all              skills list: the skills for models only (user-invocable: false) too.'],
  ['--json', '  --json             Machine-readable output.'],
  [
    '--passphrase-env',
    "  --passphrase-env VAR  The environment variable holding a sealed pack's passphrase.",
  ],
  ['--help', '  -h, --help         Show this help.'],
  ['--version', '  -v, --version      Show the version.'],
];

export const HELP = `skilldeck — SKILL.md folders as AI actions

Usage:
${Object.values(COMMANDS)
  .map((c) => c.usage)
  .join('\n')}
  skilldeck --help | --version

Commands:
${Object.values(COMMANDS)
  .map((c) => c.description)
  .join('\n')}

Options:
${OPTIONS.map(([, line]) => line).join('\n')}
`;

/** One command's usage, description and the common options it takes; undefined for an unknown name. */
export function commandHelp(command: string): string | undefined {
  if (!Object.hasOwn(COMMANDS, command)) return undefined;
  const { usage, description } = COMMANDS[command]!;
  const options = OPTIONS.filter(([flag]) => usage.includes(flag)).map(([, line]) => line);
  return [
    `Usage:\n${usage}`,
    description,
    ...(options.length > 0 ? [`Options:\n${options.join('\n')}`] : []),
    'All commands: skilldeck --help',
  ].join('\n\n');
}
