import fs from 'node:fs/promises';
import path from 'node:path';
import { checkPluginFolder } from '../../core/skills/plugins';
import { findSkillFolders, validateSkillFolder, type SkillVerdict } from '../../core/skills/validate';
import type { Io } from '../io';
import { humanIo, terminalJson } from '../terminal-text';

export interface ValidateOptions {
  paths: string[];
  /** `--plugin-dir`: the plugin is checked (its name, its skills/) and its skills validated as `<plugin>:<skill>`. */
  pluginDirs?: string[];
  strict: boolean;
  json: boolean;
}

/** PATH → skill folders: a SKILL.md names its folder; a folder is searched recursively. */
async function foldersOf(target: string): Promise<string[] | string> {
  let stat;
  try {
    stat = await fs.stat(target);
  } catch {
    return `no such file or folder: ${target}`;
  }
  if (stat.isFile()) return [path.dirname(target)];
  const folders = await findSkillFolders(target);
  return folders.length > 0 ? folders : `no SKILL.md found in ${target} or below it`;
}

/** `skilldeck validate PATH... [--strict] [--json]`: exit 0 all valid, 1 any invalid, 2 usage error. */
export async function validateCommand(options: ValidateOptions, raw: Io): Promise<number> {
  const io = humanIo(raw);
  const folders: string[] = [];
  for (const p of options.paths) {
    const found = await foldersOf(path.resolve(p));
    if (typeof found === 'string') {
      io.err(`skilldeck: ${found}`);
      return 2;
    }
    for (const f of found) if (!folders.includes(f)) folders.push(f);
  }
  const plugins: { name: string; folders: string[] }[] = [];
  for (const p of options.pluginDirs ?? []) {
    const checked = checkPluginFolder(path.resolve(p));
    if ('problem' in checked) {
      io.err(`skilldeck: --plugin-dir ${p}: ${checked.problem.message}`);
      return 2;
    }
    plugins.push({ name: checked.name, folders: await findSkillFolders(checked.skillsDir) });
  }
  const verdicts: SkillVerdict[] = [];
  for (const folder of folders) verdicts.push(await validateSkillFolder(folder, options.strict));
  for (const plugin of plugins)
    for (const folder of plugin.folders)
      verdicts.push(await validateSkillFolder(folder, options.strict, plugin.name));

  if (options.json) raw.out(terminalJson(verdicts));
  else {
    for (const v of verdicts) {
      const shown = path.relative(process.cwd(), v.path) || '.';
      const named = v.id.includes(':') ? ` (${v.id})` : v.name && v.name !== v.id ? ` (${v.name})` : '';
      io.out(`${v.valid ? '✓' : '✗'} ${shown}${named}`);
      for (const f of v.errors)
        io.out(`    error${f.line ? ` line ${f.line}` : ''} [${f.code}]: ${f.message}`);
      for (const f of v.warnings)
        io.out(`    warning${f.line ? ` line ${f.line}` : ''} [${f.code}]: ${f.message}`);
      for (const note of v.notes ?? []) io.out(`    note: ${note}`);
    }
    const invalid = verdicts.filter((v) => !v.valid).length;
    io.out(
      `${verdicts.length} skill${verdicts.length === 1 ? '' : 's'} checked${options.strict ? ' (strict)' : ''}: ${verdicts.length - invalid} valid, ${invalid} invalid`,
    );
  }
  return verdicts.every((v) => v.valid) ? 0 : 1;
}
