import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Database } from 'better-sqlite3';
import type { Handlers } from '../../shared/ipc/contract';
import { AppError } from '../../shared/ipc/result';
import { createDispatch, type Dispatch } from './ipc/dispatch';
import { EventHub } from './ipc/event-hub';
import { createExecutor, type Executor } from './engine/executor';
import { deliverFailure } from './engine/output-routing';
import { createMemoHandlers } from './memos/memo-handlers';
import { createMemoRepo, type MemoRepo } from './memos/memo-repo';
import { createMemoryPorts } from './memory-ports';
import type { Card, FocusedWindow, PlatformPorts } from './platform';
import { createTrigger, type HotkeyService } from './trigger/trigger';
import type { HotkeysOverview } from '../../shared/types/desktop';
import { createModelGateway, type ModelGatewayOptions } from './providers/model-gateway';
import type { ModelGateway } from './providers/gateway';
import { createProviderHandlers } from './providers/provider-handlers';
import { DATABASE_FILE, openDatabase, readUserVersion } from './store/db';
import { createProviderRepo, type ProviderRepo } from './store/providers';
import { createSettingsStore, type SettingsStore } from './store/settings';
import { createSkillMetaRepo } from './store/skill-meta';
import { resolveMeta } from './skills/appearance';
import { createSkillRegistry, type SkillRegistry } from './skills/registry';
import { createRunHandlers } from './runs/run-handlers';
import { createRunRepo, type RunRepo } from './runs/run-repo';
import { createSkillHandlers } from './skills/skill-handlers';
import { createSourceHandlers } from './skills/source-handlers';
import { resolveSourceRoots, type SkillDir } from './skills/sources';
import { registerOutputTools } from './tools/output';
import { createToolRegistry, type ToolRegistry } from './tools/registry';
import { agentToolsCore } from './agent/tools';
import { outputAgentTools } from './agent/output-tools';
import type { AgentTool } from './agent/types';
import { createUserPrompts, type UserPrompts } from './permissions/broker';
import { createPermissionHandlers } from './permissions/permission-handlers';
import { loadShellParser } from './permissions/shell-command';
import type { SandboxProbeOptions } from './agent/sandbox';
import { createPermissionRepo, type PermissionRepo } from './permissions/permission-repo';
import { createMcpClients, type McpClients } from './mcp/client';
import { createMcpHandlers, mcpEnvSecretName } from './mcp/mcp-handlers';
import type { McpServerConfig } from '../../shared/types/mcp';
import { createMcpServerRepo } from './mcp/mcp-repo';
import { createDesktopI18n, languageFromLocale, systemLocale, type DesktopI18n } from './i18n/desktop-text';

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
  /** Where `~/.claude/skills` and the like are looked for (default: the user's home). */
  homeDir?: string;
  runtime: 'electron' | 'node';
  version: string;
  /** better-sqlite3 addon for this runtime (Electron passes its own build). */
  nativeBinding?: string | object;
  /** Called with errors that are bugs, not user mistakes (logged by the host, never sent as-is). */
  onInternalError?: (error: unknown) => void;
  /** Clipboard, text insertion, card, notifier, secrets; the missing ones are in-memory stand-ins. */
  ports?: Partial<PlatformPorts>;
  /** Timeouts, retries and the Ollama probe of the model gateway (tests point the probe at a local server). */
  modelGateway?: Omit<ModelGatewayOptions, 'providers' | 'secrets'>;
  /** Replaces the gateway over stored providers (the CLI's `--provider` flags: `adhocProvider`). */
  gateway?: ModelGateway;
  /** Agent runs: how long a permission prompt waits before it counts as a deny (default 120 s). */
  permissionTimeoutMs?: number;
  /** Agent runs: extra tools (tests, hosts). */
  extraAgentTools?: () => AgentTool[];
  /** Agent runs: where Bash finds its sandbox (tests point it at a missing bwrap to see the unconfined path). */
  bashSandbox?: SandboxProbeOptions;
  /** The desktop app's global hotkeys (absent in the headless host and the CLI). */
  hotkeys?: HotkeyService;
  /** The desktop app's folder dialog (`app:pickFolder`); null when cancelled. Absent headless. */
  pickFolder?: (title?: string) => Promise<string | null>;
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
  /** Stored provider configurations (keys are in `ports.secrets`). */
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
  /** Open permission prompts and AskUser questions. */
  prompts: UserPrompts;
  /** The desktop app's words (tray, card, command bar, dialogs, notifications), in the chosen language. */
  i18n: DesktopI18n;
  /** Closes the database and stops watching; `skills.close()` can be awaited for the watchers. */
  close(): void;
}

export { DATABASE_FILE } from './store/db';

export function createCore(options: CoreOptions): Core {
  fs.mkdirSync(options.dataDir, { recursive: true });
  const db: Database = openDatabase(path.join(options.dataDir, DATABASE_FILE), {
    nativeBinding: options.nativeBinding,
  });
  const settings = createSettingsStore(db, { warn: options.onInternalError });
  const metaRepo = createSkillMetaRepo(db);
  const memos = createMemoRepo(db);
  const ports: PlatformPorts = { ...createMemoryPorts(), ...options.ports };
  const tools = createToolRegistry();
  const providers = createProviderRepo(db);
  const gateway =
    options.gateway ?? createModelGateway({ ...options.modelGateway, providers, secrets: ports.secrets });
  /** The window each triggered run inserts into (captured at trigger time). */
  const runTargets = new Map<string, FocusedWindow | null>();
  /** The last card shown for each triggered run (the trigger's final card must not hide an output tool's). */
  const shownCards = new Map<string, Card>();
  const presenter = ports.card;
  ports.card = {
    show: (card) => {
      if (runTargets.has(card.runId)) shownCards.set(card.runId, card);
      return presenter.show(card);
    },
  };
  const events = new EventHub();
  const userDir = path.join(options.dataDir, 'skills');
  fs.mkdirSync(userDir, { recursive: true });
  const permissions = createPermissionRepo(db, settings);
  void loadShellParser(); // warm: the permission rules read Bash commands with it (never rejects)
  const i18n = createDesktopI18n(
    settings.get('ui.language') ?? languageFromLocale(options.locale ?? systemLocale()),
  );
  registerOutputTools(tools, { ports, memos, targetOf: (runId) => runTargets.get(runId), text: i18n.t });
  // the host's folders first, then those added in Settings (the same kind: the host's win a collision)
  const rootsFor = (added: readonly string[]) =>
    resolveSourceRoots({
      userDir,
      skillDirs: [...options.skillDirs, ...added.map((dir) => ({ dir, source: 'folder' as const }))],
      pluginDirs: options.pluginDirs,
    });
  const skills = createSkillRegistry({
    roots: rootsFor(settings.get('skills.folders')),
    watch: options.watchSkills ?? true,
    onError: options.onInternalError,
  });
  skills.onChange(({ reason, ids }) => events.emit('skills:changed', { reason, ids }));

  const runs = createRunRepo(db);
  // A run still `running` in the database was cut off (crash, kill -9): its events stay, it is interrupted.
  runs.markInterrupted();
  // After close() a run still ending must not write to the closed database.
  const openRuns: RunRepo = new Proxy(runs, {
    get: (target, key: keyof RunRepo) =>
      typeof target[key] === 'function'
        ? (...args: unknown[]) =>
            db.open ? (target[key] as (...a: unknown[]) => unknown)(...args) : undefined
        : target[key],
  });
  let closing = false;
  const prompts = createUserPrompts({
    // Closing aborts the runs' open prompts: a run waiting on the user stays waiting for the next start.
    onWaiting: (runId, open) => {
      if (!closing) openRuns.setWaiting(runId, open.length > 0 ? open : null);
    },
  });
  const mcpServers = createMcpServerRepo(db);
  let mcpClients: McpClients | undefined;
  const dropMcpClients = () => {
    const clients = mcpClients;
    mcpClients = undefined;
    clients?.close().catch((error: unknown) => options.onInternalError?.(error));
  };
  const mcpTools = async (): Promise<AgentTool[]> => {
    const enabled = mcpServers.list().filter((s) => s.enabled);
    if (enabled.length === 0) return [];
    if (!mcpClients) {
      const configs = await Promise.all(
        enabled.map(async (s): Promise<McpServerConfig> => {
          if (s.kind === 'http') return { name: s.name, kind: 'http', url: s.url };
          const stored = await ports.secrets.get(mcpEnvSecretName(s.id));
          const env = stored ? (JSON.parse(stored) as Record<string, string>) : {};
          return { name: s.name, kind: 'stdio', command: s.command, args: s.args, env };
        }),
      );
      mcpClients ??= createMcpClients(configs, { version: options.version });
    }
    return mcpClients.tools();
  };
  const executor = createExecutor({
    agent: {
      dataDir: options.dataDir,
      tools: async (info) => [
        ...agentToolsCore({ sandbox: options.bashSandbox }),
        ...outputAgentTools(tools, info),
        ...(options.extraAgentTools?.() ?? []),
        ...(await mcpTools()),
      ],
      rules: (skillId) => permissions.rulesFor(skillId),
      addSkillRule: (skillId, rule) => void permissions.addRule({ skillId, list: 'allow', rule }),
      audit: (entry) => permissions.audit(entry),
      mode: () => permissions.getMode(),
      prompts,
      permissionTimeoutMs: options.permissionTimeoutMs,
      contextTokens: (provider, model) => settings.get('models.contextTokens')[`${provider}/${model}`],
      skills: () =>
        skills
          .list()
          .filter((s) => s.shadowedBy === null && s.runnable && s.modelInvocable)
          .map((s) => ({ id: s.id, name: s.name, description: s.description })),
    },
    skills,
    gateway,
    repo: openRuns,
    deliver: async (tool, text, info) => {
      // a card is titled by its skill; a memo by its own first line (a list of memos all called "memo" says nothing)
      const input = tool === 'floating_card' ? { text, title: info.title } : { text };
      if (tool === 'save_memo' && text === '') throw new Error('nothing to save: select some text first');
      await tools.execute(tool, input, {
        runId: info.runId,
        skillId: info.skillId,
        signal: new AbortController().signal,
      });
    },
    deliverFailure: async (info) => {
      const result = await deliverFailure({
        behavior: info.behavior,
        original: info.original,
        error: new Error(info.error),
        tool: info.tool as Parameters<typeof deliverFailure>[0]['tool'],
        ports,
        ctx: { runId: info.runId, skillId: info.skillId },
        title: info.title,
        text: i18n.t,
      });
      return result.tool === 'floating_card' ? null : { tool: result.via ?? result.tool };
    },
    onEvent: (runId, event) => events.emit('runs:event', { runId, event }),
    readClipboard: () => ports.clipboard.readText(),
    onInternalError: options.onInternalError,
  });

  const trigger = createTrigger({
    ports,
    skills,
    executor,
    events,
    runTargets,
    shownCards,
    settings,
    text: i18n.t,
  });
  const noHotkeys = (): HotkeysOverview => ({
    available: false,
    paused: false,
    note: 'They exist in the desktop app. Here, run skills from the dashboard, the skilldeck CLI or a skilldeck:// link.',
    noteKind: 'headless',
    hotkeys: [],
  });

  const isBuiltin = (skillId: string) => skills.get(skillId)?.source === 'builtin';

  const handlers: Handlers = {
    'app:info': () => ({
      name: 'Skilldeck',
      version: options.version,
      runtime: options.runtime,
      platform: process.platform,
      dataDir: options.dataDir,
      schemaVersion: readUserVersion(db),
      folderPicker: options.pickFolder !== undefined,
      language: i18n.language(),
      secretStore: ports.secrets.kind ?? 'session',
    }),

    'app:setLanguage': ({ language }) => {
      settings.set('ui.language', language);
      i18n.setLanguage(language);
      return { language };
    },

    'app:pickFolder': async ({ title }) => {
      if (!options.pickFolder)
        throw new AppError('BAD_REQUEST', 'there is no folder dialog here: type the folder path instead');
      return { path: await options.pickFolder(title) };
    },

    ...createSkillHandlers({
      registry: skills,
      metaRepo,
      userDir,
      trashDir: path.join(options.dataDir, 'trash'),
    }),

    ...createSourceHandlers({
      registry: skills,
      settings,
      rootsFor,
      homeDir: options.homeDir ?? os.homedir(),
      dataDir: options.dataDir,
    }),

    'meta:get': async ({ skillId }) => {
      await skills.require(skillId);
      return resolveMeta(skillId, isBuiltin(skillId), metaRepo.get(skillId));
    },

    'meta:update': async ({ skillId, patch }) => {
      await skills.require(skillId);
      if (patch.hotkey) {
        const holder = metaRepo.findByAccelerator(patch.hotkey.accelerator);
        if (holder !== undefined && holder !== skillId) {
          throw new AppError(
            'CONFLICT',
            `${patch.hotkey.display} is already the hotkey of "${holder}": clear it there first or pick another`,
          );
        }
      }
      const stored = metaRepo.upsert(skillId, isBuiltin(skillId), patch, Date.now());
      const meta = resolveMeta(skillId, isBuiltin(skillId), stored);
      events.emit('meta:changed', meta);
      return meta;
    },

    ...createMemoHandlers(memos),

    ...createRunHandlers(executor, runs),

    ...createProviderHandlers({ repo: providers, secrets: ports.secrets, gateway }),

    ...createPermissionHandlers(permissions, prompts),

    'trigger:run': (input) => trigger(input),
    'hotkeys:status': () => options.hotkeys?.overview() ?? noHotkeys(),
    'hotkeys:pause': ({ paused }) => {
      if (!options.hotkeys) throw new AppError('BAD_REQUEST', 'global hotkeys exist only in the desktop app');
      return options.hotkeys.pause(paused);
    },
    'hotkeys:test': async ({ skillId }) => {
      if (!options.hotkeys) throw new AppError('BAD_REQUEST', 'global hotkeys exist only in the desktop app');
      await skills.require(skillId);
      return { fired: await options.hotkeys.test(skillId) };
    },

    ...createMcpHandlers({ repo: mcpServers, secrets: ports.secrets, onChange: dropMcpClients }),
  };

  return {
    handlers,
    dispatch: createDispatch(handlers, options.onInternalError),
    events,
    skills,
    ports,
    tools,
    memos,
    providers,
    gateway,
    executor,
    runs,
    permissions,
    settings,
    prompts,
    i18n,
    close: () => {
      closing = true;
      void executor.shutdown();
      dropMcpClients();
      skills.close().catch((error: unknown) => options.onInternalError?.(error));
      db.close();
    },
  };
}
