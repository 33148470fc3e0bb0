// Plugins as Claude Code lays them out: a folder with `skills/<name>/SKILL.md` (and optionally
// `.claude-plugin/plugin.json` naming it, `agents/`…). Its skills' ids are `<plugin>:<skill>`, so the
// plugin's name becomes part of ids, hotkeys and `skilldeck run` arguments: it must be a plain word.
import fs from 'node:fs';
import path from 'node:path';
import type { ErrorWords } from '../../../shared/ipc/result';

/** A plugin's name: letters, digits, `.`, `_`, `-`, not starting with a dot (never `.`, `..`, `a/b`, `a:b`). */
export const PLUGIN_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;

export interface PluginProblem {
  message: string;
  words: ErrorWords;
}

const problem = (message: string, key: string, values: Record<string, string>): PluginProblem => ({
  message,
  words: { key: `plugins.${key}`, values },
});

const MANIFEST = path.join('.claude-plugin', 'plugin.json');

/**
 * The folder a plugin is called by when its manifest names none: its own, except for Claude Code's
 * marketplace installs, kept as `…/plugins/cache/<marketplace>/<plugin>/<version>/`, named by `<plugin>`.
 */
function folderName(dir: string): string {
  const parts = path.resolve(dir).split(path.sep);
  const at = parts.length - 4;
  const cached = at >= 1 && parts[at] === 'cache' && parts[at - 1] === 'plugins';
  return cached ? parts[parts.length - 2]! : parts[parts.length - 1]!;
}

/**
 * A plugin's name: `name` in `.claude-plugin/plugin.json`, else its folder's. A name that could not be part
 * of an id (a path, a colon, a space…) is a problem: such a plugin is not searched.
 */
export function readPluginName(dir: string): { name: string } | { problem: PluginProblem } {
  let manifest: unknown;
  try {
    const file = path.join(dir, MANIFEST);
    if (fs.statSync(file).size <= 1024 * 1024) manifest = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    // no manifest, or unreadable: the folder names the plugin
  }
  const declared = (manifest as { name?: unknown } | undefined)?.name;
  if (declared !== undefined) {
    const name = typeof declared === 'string' ? declared : JSON.stringify(declared);
    if (typeof declared === 'string' && PLUGIN_NAME.test(declared)) return { name };
    return {
      problem: problem(
        `the plugin in ${dir} is named "${name}" in ${MANIFEST}: a plugin's name is letters, digits, ".", "_" and "-" (it begins its skills' ids)`,
        'badManifestName',
        { dir, name, manifest: MANIFEST },
      ),
    };
  }
  const name = folderName(dir);
  if (PLUGIN_NAME.test(name)) return { name };
  return {
    problem: problem(
      `the plugin folder ${dir} is called "${name}": name the plugin in ${MANIFEST} ({"name": "my-plugin"}) or rename the folder to letters, digits, ".", "_" and "-"`,
      'badFolderName',
      { dir, name, manifest: MANIFEST },
    ),
  };
}

/** A plugin folder that can be searched: it exists, holds `skills/`, and has a name. */
export function checkPluginFolder(
  dir: string,
): { name: string; skillsDir: string } | { problem: PluginProblem } {
  let stat: fs.Stats;
  try {
    stat = fs.statSync(dir);
  } catch {
    return { problem: problem(`there is no plugin folder ${dir}: check the path`, 'missing', { dir }) };
  }
  if (!stat.isDirectory())
    return { problem: problem(`${dir} is a file, not a plugin folder`, 'isFile', { dir }) };
  const skillsDir = path.join(dir, 'skills');
  if (!fs.statSync(skillsDir, { throwIfNoEntry: false })?.isDirectory())
    return {
      problem: problem(
        `${dir} has no skills/ folder: a plugin keeps its skills in skills/<name>/SKILL.md`,
        'noSkills',
        { dir },
      ),
    };
  const named = readPluginName(dir);
  return 'problem' in named ? named : { name: named.name, skillsDir };
}
