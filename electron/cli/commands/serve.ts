import fs from 'node:fs';
import path from 'node:path';
import type { Core } from '../../core/core';
import { BACKEND_NAMES } from '../../core/search/search-error';
import type { WebSearchOptions } from '../../core/search/web-search';
import type { SkillDir } from '../../core/skills/sources';
import { startHost, type Host } from '../host';
import { createKeyringSecrets, probeKeyring } from '../keyring-secrets';
import type { Io } from '../io';
import { keepServingOnErrors, oneLineError } from '../last-resort';
import { rendererDir, resolveDataDir } from '../paths';
import { createQuietCollector } from '../quiet-collector';

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

/**
 * Runs until SIGINT/SIGTERM; returns the exit code. The host listens first and serves the dashboard's
 * page at once; the core (serve-core.ts, and all it imports) loads meanwhile, API calls waiting for it.
 */
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
  const keys = chooseSecrets(dataDir, options.keyring ?? true);
  const opened = Promise.all([import('./serve-core'), keys]).then(([{ openServeCore }, { secrets }]) =>
    openServeCore(options, dataDir, secrets, io),
  );
  const core = opened.then((o) => {
    if ('problem' in o) throw new Error(o.problem);
    return o.core;
  });
  core.catch(() => undefined); // said below, once the host is up or could not start
  const closeCore = async () => {
    const o = await opened.catch(() => null);
    if (o && 'core' in o) {
      o.core.close();
      await o.core.skills.close();
    }
  };

  // memory at rest: one full collection once requests and events stop (quiet-collector.ts)
  const quiet = createQuietCollector();
  let host: Host;
  try {
    host = await startHost({
      core,
      staticDir: rendererDir,
      host: options.host,
      port: options.port,
      onError: (error) => io.err(`skilldeck: a request failed (answered 500): ${oneLineError(error)}`),
      onActivity: quiet.activity,
    });
  } catch (error) {
    quiet.stop();
    await closeCore();
    io.err(`skilldeck: cannot listen on ${options.host}:${options.port}: ${(error as Error).message}`);
    return 1;
  }
  // Ctrl+C or SIGTERM stops serve cleanly from the moment it listens, also while the core still opens (a
  // signal that came before the core was open used to kill serve with status 1). It stays registered once
  // stopping: a second signal (Ctrl+C reaches `npm start` too, which passes it on) must not kill the process
  // while it closes or exits. A signal listener keeps no process alive.
  let stopping = false;
  let removeLastResort: () => void = () => undefined;
  let finish: (code: number) => void = () => undefined;
  const finished = new Promise<number>((resolve) => (finish = resolve));
  const stop = () => {
    if (stopping) return;
    stopping = true;
    removeLastResort();
    quiet.stop();
    void host
      .close()
      .then(closeCore)
      .then(() => finish(0));
  };
  const unlisten = () => {
    process.off('SIGINT', stop);
    process.off('SIGTERM', stop);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);

  io.out(`Skilldeck dashboard: ${host.url}`);
  io.out(`Data: ${dataDir}. Provider keys: ${(await keys).note}. Press Ctrl+C to stop.`);
  if (options.apiKeyEnv)
    io.out(`The default provider's keys: ${options.apiKeyEnv.join(', ')} (--api-key-env), taken in turn.`);
  if (options.desktop) io.out(`Desktop: triggers act on display ${process.env.DISPLAY ?? ''}.`);

  let openCore: Core;
  try {
    const o = await opened;
    if (stopping) return finished;
    if ('problem' in o) {
      unlisten();
      quiet.stop();
      await host.close();
      io.err(`skilldeck: ${o.problem}`);
      return 1;
    }
    openCore = o.core;
  } catch (error) {
    if (stopping) return finished;
    unlisten();
    quiet.stop();
    await host.close();
    throw error;
  }
  openCore.events.subscribe(quiet.activity);
  // the first collection comes once the skills are listed and watched, and nothing else happens
  void openCore.skills.watching().then(quiet.activity, () => undefined);
  const search = options.webSearch;
  if (search) {
    const backend = BACKEND_NAMES[search.backend ?? openCore.settings.get('search.backend')];
    const key = search.apiKey ? ' with the key from --search-key-env' : '';
    io.out(`Web search: ${backend}${search.url ? ` at ${search.url}` : ''}${key}, until serve stops.`);
  }
  removeLastResort = keepServingOnErrors(io);
  return finished;
}
