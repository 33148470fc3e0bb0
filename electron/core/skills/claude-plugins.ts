// Claude Code's installed plugins, offered in Settings › Skill folders like the other tools' folders.
// Claude Code records its marketplace installs in `~/.claude/plugins/installed_plugins.json`: a map from
// `<plugin>@<marketplace>` to where it is installed — version 2 a list of installs per plugin, each with its
// scope (`user`, or a project's `project` / `local`) and `installPath` (a copy under
// `plugins/cache/<marketplace>/<plugin>/<version>/`); version 1 one install per plugin. Older installs have
// no `installPath` and live in the marketplace's own clone, `plugins/marketplaces/<marketplace>/plugins/<plugin>/`.
// Nothing here is trusted: a path must lead inside `~/.claude/plugins`, names must be plain words, and a
// plugin is offered only when it holds skills.
import fs from 'node:fs';
import path from 'node:path';
import { isInside } from '../fs/inside';
import { checkPluginFolder, PLUGIN_NAME } from './plugins';

export interface InstalledPlugin {
  /** `<plugin>@<marketplace>`, as Claude Code names the install. */
  id: string;
  /** The plugin folder (holds `skills/`). */
  dir: string;
  /** Its skills' ids begin with this. */
  name: string;
}

/** Where Claude Code keeps its plugins. */
export const claudePluginsDir = (homeDir: string) => path.join(homeDir, '.claude', 'plugins');

const MAX_INDEX_BYTES = 1024 * 1024;
const MAX_OFFERED = 100;

const real = (p: string) => {
  try {
    return fs.realpathSync(p);
  } catch {
    return undefined;
  }
};

/** The installs of one plugin id in either version of the file, user-wide ones only. */
function installsOf(entry: unknown): { installPath?: unknown }[] {
  const list = Array.isArray(entry) ? entry : entry && typeof entry === 'object' ? [entry] : [];
  return list.filter(
    (i): i is { installPath?: unknown; scope?: unknown } =>
      !!i &&
      typeof i === 'object' &&
      // a project's install is that project's (Claude Code loads it only there)
      ((i as { scope?: unknown }).scope === undefined || (i as { scope?: unknown }).scope === 'user'),
  );
}

/** The plugins Claude Code installed for this user that hold skills, in the file's order; [] when none. */
export function installedClaudePlugins(homeDir: string): InstalledPlugin[] {
  const root = claudePluginsDir(homeDir);
  const realRoot = real(root);
  if (!realRoot) return [];
  let index: { plugins?: unknown };
  try {
    const file = path.join(root, 'installed_plugins.json');
    if (fs.statSync(file).size > MAX_INDEX_BYTES) return [];
    index = JSON.parse(fs.readFileSync(file, 'utf8')) as { plugins?: unknown };
  } catch {
    return [];
  }
  const plugins = index.plugins;
  if (!plugins || typeof plugins !== 'object' || Array.isArray(plugins)) return [];
  const found: InstalledPlugin[] = [];
  const seen = new Set<string>();
  for (const [id, entry] of Object.entries(plugins)) {
    const [plugin, marketplace, ...rest] = id.split('@');
    if (
      rest.length > 0 ||
      !plugin ||
      !marketplace ||
      !PLUGIN_NAME.test(plugin) ||
      !PLUGIN_NAME.test(marketplace)
    )
      continue;
    for (const install of installsOf(entry)) {
      const dir =
        typeof install.installPath === 'string' && path.isAbsolute(install.installPath)
          ? path.resolve(install.installPath)
          : path.join(root, 'marketplaces', marketplace, 'plugins', plugin);
      const realDir = real(dir);
      // a path leading out of Claude Code's plugins folder is not one of its installs
      if (!realDir || !isInside(realRoot, realDir) || seen.has(realDir)) continue;
      const checked = checkPluginFolder(dir);
      if ('problem' in checked) continue;
      seen.add(realDir);
      found.push({ id, dir, name: checked.name });
      if (found.length >= MAX_OFFERED) return found;
    }
  }
  return found;
}
