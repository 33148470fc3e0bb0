// The composition root: opens the store and wires the domains to each other. Each domain's logic lives in
// its own folder; what createCore takes and returns is in core-api.ts.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Handlers } from '../../shared/ipc/contract';
import { outputAgentTools } from './agent/output-tools';
import { agentToolsCore } from './agent/tools';
import { createAppHandlers } from './app-handlers';
import { createDesktopCheckHandlers } from './desktop/check/desktop-check-handlers';
import { createAppRuleHandlers } from './apps/app-rule-handlers';
import type { Core, CoreOptions } from './core-api';
import { createExecutor } from './engine/executor';
import { createDesktopI18n, languageFromLocale, runLocale, systemLocale } from './i18n/desktop-text';
import { createDispatch } from './ipc/dispatch';
import { EventHub } from './ipc/event-hub';
import { createConfiguredClients } from './mcp/configured-clients';
import { createMcpHandlers } from './mcp/mcp-handlers';
import { createMcpServerRepo } from './mcp/mcp-repo';
import { createMemoHandlers } from './memos/memo-handlers';
import { createMemoRepo } from './memos/memo-repo';
import { createMemoryPorts } from './memory-ports';
import { createUserPrompts } from './permissions/broker';
import { createPackHandlers } from './packs/pack-handlers';
import { createPackService } from './packs/pack-service';
import { createPermissionHandlers } from './permissions/permission-handlers';
import { createPermissionRepo } from './permissions/permission-repo';
import { loadShellParser } from './permissions/shell-command';
import type { PlatformPorts } from './platform';
import { createProviderDomain } from './providers/provider-domain';
import { createRunHandlers } from './runs/run-handlers';
import { createRunRepo } from './runs/run-repo';
import { whileOpen } from './runs/while-open';
import { createMetaHandlers } from './skills/meta-handlers';
import { createSkillRegistry } from './skills/registry';
import { createSpeechSide } from './speech/speech-side';
import { createSkillHandlers } from './skills/skill-handlers';
import { createSourceHandlers } from './skills/source-handlers';
import { rootsWith, type AddedSources } from './skills/sources';
import { DATABASE_FILE, openDatabase, readUserVersion } from './store/db';
import { createSettingsStore } from './store/settings';
import { createSkillMetaRepo } from './store/skill-meta';
import { createToolRegistry } from './tools/registry';
import { createOutputSide, createTriggerSide } from './trigger/desktop-loop';
import { createToolbarHandlers } from './toolbar/toolbar-handlers';
import { createWebSearchHandlers } from './search/search-handlers';
import { createWebSearch } from './search/web-search';

export type { Core, CoreOptions } from './core-api';
export { DATABASE_FILE } from './store/db';

export function createCore(options: CoreOptions): Core {
  fs.mkdirSync(options.dataDir, { recursive: true });
  const db = openDatabase(path.join(options.dataDir, DATABASE_FILE), {
    nativeBinding: options.nativeBinding,
  });
  const settings = createSettingsStore(db, {
    warn: (problem) =>
      options.onWarning ? options.onWarning(problem.message) : options.onInternalError?.(problem),
  });
  const metaRepo = createSkillMetaRepo(db);
  const memos = createMemoRepo(db);
  const ports: PlatformPorts = { ...createMemoryPorts(), ...options.ports };
  const tools = createToolRegistry();
  const events = new EventHub();
  const providerSide = createProviderDomain({ ...options, db, secrets: ports.secrets, events, settings });
  const { providers, gateway } = providerSide;
  const userDir = path.join(options.dataDir, 'skills');
  fs.mkdirSync(userDir, { recursive: true });
  const permissions = createPermissionRepo(db, settings);
  // warm: the permission rules read Bash commands with it (never rejects)
  if (options.warmShellParser !== false) void loadShellParser();
  const i18n = createDesktopI18n(
    settings.get('ui.language') ?? languageFromLocale(options.locale ?? systemLocale()),
  );
  const output = createOutputSide({ ports, tools, memos, text: i18n.t, settings });
  // the host's folders first, then those added in Settings (the same kind: the host's win a collision)
  const host = { userDir, skillDirs: options.skillDirs, pluginDirs: options.pluginDirs };
  const rootsFor = (added: AddedSources) => rootsWith(host, added);
  const skills = createSkillRegistry({
    roots: rootsFor({ folders: settings.get('skills.folders'), plugins: settings.get('skills.plugins') }),
    watch: options.watchSkills ?? true,
    onDemand: options.skillsOnDemand,
    onError: options.onInternalError,
  });
  skills.onChange(({ reason, ids }) => events.emit('skills:changed', { reason, ids }));

  const runs = createRunRepo(db);
  // A run still `running` in the database was cut off (crash, kill -9): its events stay, it is interrupted.
  runs.markInterrupted();
  const openRuns = whileOpen(runs, () => db.open);
  let closing = false;
  const prompts = createUserPrompts({
    // Closing aborts the runs' open prompts: a run waiting on the user stays waiting for the next start.
    onWaiting: (runId, open) => {
      if (!closing) openRuns.setWaiting(runId, open.length > 0 ? open : null);
    },
  });
  const search = createWebSearch({ settings, secrets: ports.secrets, options: options.webSearch });
  const { dataDir, speech: transcriber, onInternalError } = options;
  const speech = createSpeechSide({
    ...{ db, dataDir, settings, providers, keys: providerSide.pool, metas: metaRepo, events },
    ...{ transcriber, onInternalError },
  });
  const mcpServers = createMcpServerRepo(db);
  const mcp = createConfiguredClients({
    servers: mcpServers,
    secrets: ports.secrets,
    version: options.version,
    onError: options.onInternalError,
  });
  const executor = createExecutor({
    agent: {
      dataDir: options.dataDir,
      homeDir: options.homeDir ?? os.homedir(),
      tools: async (info) => [
        ...agentToolsCore({ sandbox: options.bashSandbox, webSearch: search }),
        ...outputAgentTools(tools, info),
        ...(options.extraAgentTools?.() ?? []),
        ...(await mcp.tools()),
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
    ...output.delivery,
    onEvent: (runId, event) => events.emit('runs:event', { runId, event }),
    readClipboard: () => ports.clipboard.readText(),
    providerConcurrency: providerSide.concurrencyOf,
    speech: speech.executor,
    locale: () => runLocale(i18n.language(), options.locale),
    onInternalError: options.onInternalError,
  });

  const trashDir = path.join(options.dataDir, 'trash');
  const packs = createPackService({ registry: skills, metaRepo, userDir, trashDir });
  const listed = () => handlers['skills:list'](undefined);
  const handlers: Handlers = {
    ...createAppHandlers({
      version: options.version,
      runtime: options.runtime,
      dataDir: options.dataDir,
      schemaVersion: () => readUserVersion(db),
      pickFolder: options.pickFolder,
      i18n,
      settings,
      secrets: ports.secrets,
    }),
    ...createSkillHandlers({ registry: skills, metaRepo, userDir, trashDir }),
    ...createPackHandlers({
      packs,
      saveFile: options.saveFile,
      fetchTimeoutMs: options.packFetchTimeoutMs,
    }),
    ...createSourceHandlers({
      registry: skills,
      settings,
      rootsFor,
      homeDir: options.homeDir ?? os.homedir(),
      dataDir: options.dataDir,
    }),
    ...createMetaHandlers({ registry: skills, metaRepo, events }),
    ...createMemoHandlers(memos),
    ...speech.runs(createRunHandlers({ executor, repo: runs, session: output.session, ports, tools })),
    ...speech.handlers,
    ...providerSide.handlers,
    ...createPermissionHandlers(permissions, prompts),
    ...createTriggerSide({
      ...{ ...output, skills, executor, events, settings, metas: metaRepo, hotkeys: options.hotkeys },
      listSkills: () => handlers['skills:list'](undefined),
      usage: () => runs.usage(),
    }),
    ...createToolbarHandlers({ settings, skills, events }),
    ...createWebSearchHandlers({ search, settings, secrets: ports.secrets }),
    ...createMcpHandlers({ repo: mcpServers, secrets: ports.secrets, onChange: mcp.drop }),
    ...createDesktopCheckHandlers({ ...options, ports, listSkills: () => listed() }),
    ...createAppRuleHandlers(output.appRules, skills),
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
    appRules: output.appRules,
    speech: speech.service,
    prompts,
    i18n,
    packs,
    close: () => {
      closing = true;
      void executor.shutdown();
      mcp.drop();
      skills.close().catch((error: unknown) => options.onInternalError?.(error));
      db.close();
    },
  };
}
