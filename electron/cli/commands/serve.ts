import fs from 'node:fs';
import path from 'node:path';
import { createCore, type Core } from '../../core/core';
import { createX11Ports } from '../../core/desktop/linux/x11';
import type { PlatformPorts } from '../../core/platform';
import { eventCardPort, noCommandBar } from '../../core/trigger/host-ports';
import { BACKEND_NAMES } from '../../core/search/search-error';
import type { WebSearchOptions } from '../../core/search/web-search';
import type { SkillDir } from '../../core/skills/sources';
import { StoreError } from '../../core/store/db';
import { startHost } from '../host';
import { createKeyringSecrets, probeKeyring } from '../keyring-secrets';
import { environmentKeys } from '../node-secrets';
import type { Io } from '../io';
import { keepServingOnErrors, oneLineError } from '../last-resort';
import { packageVersion, rendererDir, resolveDataDir } from '../paths';

export interface ServeOptions {
  skillDirs: SkillDir[];
  /** `--plugin-dir` folders: listed in Settings, not removable there. */
  pluginDirs?: string[];
  dataDirFlag: string | undefined;
  host: string;
  port: number;
  /**
   * `--desktop`: act on this X11 display like the app does — trigger:run captures the focused window and
   * the selection and pastes into that window (xdotool, xclip); the card is the dashboard (`card:show`).
   */
  desktop?: boolean;
  /** Keep provider keys in the system keyring when there is one (default); false: this process only. */
  keyring?: boolean;
  /** `--search-backend`, `--search-url`, `--search-key-env`: WebSearch's backend until serve stops. */
  webSearch?: WebSearchOptions;
  /** `--api-key-env A,B,C`: the default provider's keys while serve runs (checked to be set). */
  apiKeyEnv?: string[];
}

/** The system keyring when it answers (Linux: Secret Service via secret-tool), else why not. */
async function chooseSecrets(dataDir: string, wanted: boolean) {
  if (!wanted) return { secrets: null, note: 'kept until serve stops (--no-keyring)' };
  if (process.platform !== 'linux')
    return {
      secrets: null,
      note: `kept until serve stops (no keyring access for the headless host on ${process.platform})`,
    };
  const probe = await probeKeyring({ dataDir });
  if (!probe.ok)
    return { secrets: null, note: `kept until serve stops (no keyring reachable: ${probe.reason})` };
  return { secrets: createKeyringSecrets({ dataDir }), note: 'the system keyring (Secret Service)' };
}

/** Runs until SIGINT/SIGTERM; returns the exit code. */
export async function serveCommand(options: ServeOptions, io: Io): Promise<number> {
  if (!fs.existsSync(path.join(rendererDir, 'index.html'))) {
    io.err(
      'skilldeck: the dashboard is not built. Run `npm run build` in the Skilldeck folder, then try again.',
    );
    return 1;
  }
  const dataDir = resolveDataDir(options.dataDirFlag);
  if (options.desktop && !process.env.DISPLAY) {
    io.err('skilldeck: --desktop needs an X display: run it in your X11 session (DISPLAY is not set)');
    return 2;
  }
  const keys = await chooseSecrets(dataDir, options.keyring ?? true);
  let core: Core | undefined;
  const desktopPorts: Partial<PlatformPorts> = options.desktop
    ? {
        ...createX11Ports(),
        card: eventCardPort(() => core?.events),
        commandBar: noCommandBar((message) => io.err(`skilldeck: ${message}`)),
      }
    : {};
  try {
    core = createCore({
      dataDir,
      skillDirs: options.skillDirs,
      pluginDirs: options.pluginDirs,
      runtime: 'node',
      version: packageVersion(),
      ports: { ...desktopPorts, ...(keys.secrets ? { secrets: keys.secrets } : {}) },
      webSearch: options.webSearch,
      ...(options.apiKeyEnv
        ? { environmentKeys: { keys: environmentKeys(options.apiKeyEnv), for: 'default-provider' as const } }
        : {}),
      // --desktop acts on this X display: the desktop check runs there
      ...(options.desktop
        ? {
            session: {
              kind: 'x11' as const,
              compositor: null,
              desktop: process.env.XDG_CURRENT_DESKTOP ?? '',
            },
          }
        : {}),
      onInternalError: (error) =>
        io.err(`skilldeck: internal error: ${(error as Error).stack ?? String(error)}`),
      onWarning: (message) => io.err(`skilldeck: warning: ${message}`),
    });
  } catch (error) {
    if (error instanceof StoreError) {
      io.err(`skilldeck: ${error.message}`);
      return 1;
    }
    throw error;
  }
  // Read the skills and start watching now, not on the dashboard's first request.
  void core.skills
    .ready()
    .catch((error: unknown) => io.err(`skilldeck: reading skills failed: ${String(error)}`));
  let host;
  try {
    host = await startHost({
      core,
      staticDir: rendererDir,
      host: options.host,
      port: options.port,
      onError: (error) => io.err(`skilldeck: a request failed (answered 500): ${oneLineError(error)}`),
    });
  } catch (error) {
    core.close();
    io.err(`skilldeck: cannot listen on ${options.host}:${options.port}: ${(error as Error).message}`);
    return 1;
  }
  io.out(`Skilldeck dashboard: ${host.url}`);
  io.out(`Data: ${dataDir}. Provider keys: ${keys.note}. Press Ctrl+C to stop.`);
  if (options.apiKeyEnv)
    io.out(`The default provider's keys: ${options.apiKeyEnv.join(', ')} (--api-key-env), taken in turn.`);
  if (options.desktop) io.out(`Desktop: triggers act on display ${process.env.DISPLAY ?? ''}.`);
  const search = options.webSearch;
  if (search) {
    const backend = BACKEND_NAMES[search.backend ?? core.settings.get('search.backend')];
    const key = search.apiKey ? ' with the key from --search-key-env' : '';
    io.out(`Web search: ${backend}${search.url ? ` at ${search.url}` : ''}${key}, until serve stops.`);
  }

  const running = host;
  const openCore = core;
  const removeLastResort = keepServingOnErrors(io);
  return new Promise<number>((resolve) => {
    let stopping = false;
    // Stays registered once stopping: a second signal (Ctrl+C reaches `npm start` too, which passes it
    // on) must not kill the process while it closes or exits. A signal listener keeps no process alive.
    const stop = () => {
      if (stopping) return;
      stopping = true;
      removeLastResort();
      void running.close().then(async () => {
        openCore.close();
        await openCore.skills.close();
        resolve(0);
      });
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  });
}
