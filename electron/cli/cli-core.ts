// The core as the CLI's commands open it: the data dir from --data-dir, the skill folders, the ports the
// command gives, and --provider/--base-url/--model/--api-key-env as an ad-hoc provider over the stored ones.
import { createCore, type Core, type CoreOptions } from '../core/core';
import { adhocProvider } from '../core/providers/adhoc';
import type { ProviderKind } from '../core/providers/gateway';
import type { PlatformPorts } from '../core/platform';
import type { WebSearchOptions } from '../core/search/web-search';
import type { SkillDir } from '../core/skills/sources';
import { onPath } from '../core/fs/on-path';
import { createKeyringSecrets } from './keyring-secrets';
import { createEnvSecrets, environmentKeys } from './node-secrets';
import type { Io } from './io';
import { packageVersion, resolveDataDir } from './paths';

export interface ProviderFlags {
  provider?: ProviderKind;
  baseUrl?: string;
  model?: string;
  /** `--api-key-env A,B,C`: the variables holding the keys, checked to be set. */
  apiKeyEnv?: string[];
}

export interface CliCoreOptions extends ProviderFlags {
  skillDirs: SkillDir[];
  /** `--plugin-dir` folders. */
  pluginDirs?: string[];
  dataDirFlag: string | undefined;
  ports: Omit<Partial<PlatformPorts>, 'secrets'>;
  watchSkills?: boolean;
  /** Read only the skill asked for, not every skill (a run of one skill). */
  skillsOnDemand?: boolean;
  /** `--search-backend`, `--search-url`, `--search-key-env`. */
  webSearch?: WebSearchOptions;
}

/** Opens the core, or says why it cannot (e.g. a database from a newer Skilldeck) and returns null. */
export function openCliCore(options: CliCoreOptions, io: Io, extra: Partial<CoreOptions> = {}): Core | null {
  const dataDir = resolveDataDir(options.dataDirFlag);
  // serve keeps the keys typed in its dashboard in the keyring (Linux); a run reads them from there
  const keyring =
    process.platform === 'linux' && onPath('secret-tool', process.env)
      ? createKeyringSecrets({ dataDir, timeoutMs: 10_000 })
      : null;
  const secrets = createEnvSecrets(keyring);
  // the keys of --api-key-env are the pool of whichever provider the command uses
  const apiKeys = options.apiKeyEnv ? environmentKeys(options.apiKeyEnv) : undefined;
  try {
    return createCore({
      dataDir,
      skillDirs: options.skillDirs,
      pluginDirs: options.pluginDirs,
      watchSkills: options.watchSkills,
      skillsOnDemand: options.skillsOnDemand,
      // a command runs once: an agent run loads the Bash parser itself when it starts
      warmShellParser: false,
      runtime: 'node',
      version: packageVersion(),
      ports: { ...options.ports, secrets },
      webSearch: options.webSearch,
      ...(apiKeys ? { environmentKeys: { keys: apiKeys, for: 'every-provider' as const } } : {}),
      gateway: options.provider
        ? adhocProvider(
            {
              kind: options.provider,
              baseUrl: options.baseUrl,
              model: options.model,
              apiKeys,
            },
            secrets,
          )
        : undefined,
      onInternalError: (error) =>
        io.err(`skilldeck: internal error: ${(error as Error).stack ?? String(error)}`),
      onWarning: (message) => io.err(`skilldeck: warning: ${message}`),
      ...extra,
    });
  } catch (error) {
    io.err(`skilldeck: ${(error as Error).message}`);
    return null;
  }
}
