import fs from 'node:fs/promises';
import path from 'node:path';
import { findSkillFolders, validateSkillFolder, type SkillVerdict } from '../../core/skills/validate';
import type { Io } from '../io';
import { humanIo, terminalJson } from '../terminal-text';

export interface ValidateOptions {
  paths: string[];
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
  const verdicts: SkillVerdict[] = [];
  for (const folder of folders) verdicts.push(await validateSkillFolder(folder, options.strict));

  if (options.json) raw.out(terminalJson(verdicts));
  else {
    for (const v of verdicts) {
      const shown = path.relative(process.cwd(), v.path) || '.';
      io.out(`${v.valid ? '✓' : '✗'} ${shown}${v.name && v.name !== v.id ? ` (${v.name})` : ''}`);
      for (const f of v.errors)
        io.out(`    error${f.line ? ` line ${f.line}` : ''} [${f.code}]: ${f.message}`);
      for (const f of v.warnings)
        io.out(`    warning${f.line ? ` line ${f.line}` : ''} [${f.code}]: ${f.message}`);
    }
    const invalid = verdicts.filter((v) => !v.valid).length;
    io.out(
      `${verdicts.length} skill${verdicts.length === 1 ? '' : 's'} checked${options.strict ? ' (strict)' : ''}: ${verdicts.length - invalid} valid, ${invalid} invalid`,
    );
  }
  return verdicts.every((v) => v.valid) ? 0 : 1;
}
