import { createCore, type Core } from '../../core/core';
import { createX11Ports } from '../../core/desktop/linux/x11';
import type { PlatformPorts, SecretStorePort } from '../../core/platform';
import { eventCardPort, noCommandBar } from '../../core/trigger/host-ports';
import { StoreError } from '../../core/store/db';
import type { Io } from '../io';
import { environmentKeys } from '../node-secrets';
import { packageVersion } from '../paths';
import type { ServeOptions } from './serve';

// The core of `skilldeck serve`, loaded (with every module it needs) while the host already serves the
// dashboard's page: serve.ts imports this file only once it listens.

/** The core with its skills being read, or why the data folder cannot be opened (a StoreError). */
export function openServeCore(
  options: ServeOptions,
  dataDir: string,
  secrets: SecretStorePort | null,
  io: Io,
): { core: Core } | { problem: string } {
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
      ports: { ...desktopPorts, ...(secrets ? { secrets } : {}) },
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
    if (error instanceof StoreError) return { problem: error.message };
    throw error;
  }
  // Read the skills now, not on the dashboard's first request (watching starts once they are listed).
  void core.skills
    .ready()
    .catch((error: unknown) => io.err(`skilldeck: reading skills failed: ${String(error)}`));
  return { core };
}
