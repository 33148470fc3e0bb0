// What `createCore` takes and returns: the hosts (Electron, `skilldeck serve`), the CLI and the tests use
// these; core.ts wires them.
import type { DesktopSession } from '../../shared/types/desktop-check';
import type { AppRuleBook } from './apps/app-rule-book';
import type { Handlers } from '../../shared/ipc/contract';
import type { SandboxProbeOptions } from './agent/sandbox';
import type { AgentTool } from './agent/types';
import type { Executor } from './engine/executor';
import type { DesktopI18n } from './i18n/desktop-text';
import type { Dispatch } from './ipc/dispatch';
import type { EventHub } from './ipc/event-hub';
import type { MemoRepo } from './memos/memo-repo';
import type { UserPrompts } from './permissions/broker';
import type { PackService } from './packs/pack-service';
import type { PermissionRepo } from './permissions/permission-repo';
import type { PlatformPorts } from './platform';
import type { ModelGateway } from './providers/gateway';
import type { ModelGatewayOptions } from './providers/model-gateway';
import type { EnvironmentKeys } from './providers/provider-domain';
import type { RunRepo } from './runs/run-repo';
import type { SkillRegistry } from './skills/registry';
import type { SpeechCore } from './speech/speech-side';
import type { TranscriberOptions } from './speech/transcriber';
import type { SkillDir } from './skills/sources';
import type { WebSearchOptions } from './search/web-search';
import type { ProviderRepo } from './store/providers';
import type { SettingsStore } from './store/settings';
import type { ToolRegistry } from './tools/registry';
import type { HotkeyService } from './trigger/trigger-handlers';

export interface CoreOptions {
  /** Where the database and user files live (Electron: userData; CLI: --data-dir / ~/.skilldeck). */
  dataDir: string;
  /**
   * Extra skill folders (`folder`) and the built-in one (`builtin`). The user folder `<dataDir>/skills`
   * always comes first; then folders, plugins, built-ins, each kind in the order given.
   */
  skillDirs: readonly SkillDir[];
  /** Plugin folders, each with `skills/<name>/SKILL.md`; their skills' ids are `<plugin>:<name>`. */
  pluginDirs?: readonly string[];
  /** Follow skill folders for changes on disk (default true). */
  watchSkills?: boolean;
  /**
   * Read a skill when it is asked for, not every skill first, until something needs the whole listing
   * (the registry's `onDemand`): a one-shot command that runs one skill (`skilldeck run`). Default false.
   */
  skillsOnDemand?: boolean;
  /**
   * Load the Bash parser (WebAssembly, ~10–30 ms of the main thread) as the core opens, so the first
   * permission check does not wait for it (default true). A one-off CLI command says false: an agent run
   * loads it when it starts, and a prompt run never needs it.
   */
  warmShellParser?: boolean;
  /** Where `~/.claude/skills` and the like are looked for (default: the user's home). */
  homeDir?: string;
  runtime: 'electron' | 'node';
  version: string;
  /** better-sqlite3 addon for this runtime (Electron passes its own build). */
  nativeBinding?: string | object;
  /** Called with errors that are bugs, not user mistakes (logged by the host, never sent as-is). */
  onInternalError?: (error: unknown) => void;
  /**
   * Told of a problem that is not a bug but worth a line in the log, e.g. a damaged stored setting that
   * fell back to its default. Without it, such problems go to onInternalError.
   */
  onWarning?: (message: string) => void;
  /** Clipboard, text insertion, card, notifier, secrets; the missing ones are in-memory stand-ins. */
  ports?: Partial<PlatformPorts>;
  /** Timeouts, retries and the Ollama probe of the model gateway (tests point the probe at a local server). */
  modelGateway?: Omit<ModelGatewayOptions, 'providers' | 'secrets' | 'keys'>;
  /** Replaces the gateway over stored providers (the CLI's `--provider` flags: `adhocProvider`). */
  gateway?: ModelGateway;
  /** Keys from `--api-key-env A,B,C`, labelled by their variables, in place of the stored ones. */
  environmentKeys?: EnvironmentKeys;
  /** Speech to text: the transcriber's fetch, retries and timeouts (tests). */
  speech?: TranscriberOptions;
  /** Agent runs: how long a permission prompt waits before it counts as a deny (default 120 s). */
  permissionTimeoutMs?: number;
  /** Agent runs: extra tools (tests, hosts). */
  extraAgentTools?: () => AgentTool[];
  /** Agent runs: where Bash finds its sandbox (tests point it at a missing bwrap to see the unconfined path). */
  bashSandbox?: SandboxProbeOptions;
  /**
   * WebSearch over the settings: the CLI's `--search-backend`, `--search-url`, `--search-key-env`; tests'
   * local endpoints and timeout.
   */
  webSearch?: WebSearchOptions;
  /** The desktop app's global hotkeys (absent in the headless host and the CLI). */
  hotkeys?: HotkeyService;
  /** The desktop session the ports act on (`desktop:check`); absent: this host has no desktop. */
  session?: DesktopSession;
  /** The desktop app's executable (an AppImage's file): the desktop check's command to bind starts it. */
  desktopApp?: string;
  /** The desktop app's folder dialog (`app:pickFolder`); null when cancelled. Absent headless. */
  pickFolder?: (title?: string) => Promise<string | null>;
  /** The desktop app's save dialog for an exported pack (`packs:export`); null when cancelled. Absent headless. */
  saveFile?: (suggestedName: string) => Promise<string | null>;
  /** "Import from URL": how long a download may take, whole (default 60 s; tests shorten it). */
  packFetchTimeoutMs?: number;
  /**
   * The system's locale (Electron: app.getLocale(); default LANG / Intl): the desktop words' language
   * until the dashboard's language picker sets one (`app:setLanguage`).
   */
  locale?: string;
}

export interface Core {
  handlers: Handlers;
  dispatch: Dispatch;
  events: EventHub;
  /** The skill registry (hosts warm it up with `skills.ready()`; benchmarks and tests watch it). */
  skills: SkillRegistry;
  /** The ports the core acts through (options.ports over in-memory defaults). */
  ports: PlatformPorts;
  /** Output tools (insert_text, clipboard, save_memo, floating_card); agent tools join later. */
  tools: ToolRegistry;
  memos: MemoRepo;
  /** Stored provider configurations (their keys' labels in `provider_keys`, the keys in `ports.secrets`). */
  providers: ProviderRepo;
  /** The engine's one way to reach a model. */
  gateway: ModelGateway;
  /** Runs skills (`runs:start`); every event persisted in `runs` and sent as `runs:event`. */
  executor: Executor;
  runs: RunRepo;
  /** Permission rules, the audit and the mode. */
  permissions: PermissionRepo;
  /** The app's settings (store/settings.ts: each key with its schema and default). */
  settings: SettingsStore;
  /** The per-app rules (Settings › Apps): `appRules.isToolbarExcluded(app)` for the selection toolbar. */
  appRules: AppRuleBook;
  /** Voice input: audio checked and transcribed (Settings › Speech), kept until its run takes it. */
  speech: SpeechCore;
  /** Open permission prompts and AskUser questions. */
  prompts: UserPrompts;
  /** Skill packages: make, open, preview and install `.skillpack` files (the CLI's pack / unpack). */
  packs: PackService;
  /** The desktop app's words (tray, card, command bar, dialogs, notifications), in the chosen language. */
  i18n: DesktopI18n;
  /** Closes the database and stops watching; `skills.close()` can be awaited for the watchers. */
  close(): void;
}
