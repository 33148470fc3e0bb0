import type { Dirent } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { SkillSource } from '../../../shared/types/skill';
import { readFrontmatter } from './frontmatter';

export interface SkillDir {
  dir: string;
  source: SkillSource;
}

export interface ScannedSkill {
  id: string;
  name: string;
  description: string;
  source: SkillSource;
  file: string;
  problems: string[];
}

/**
 * Lists `<dir>/<id>/SKILL.md` in each folder, earlier folders first; an id already found in an earlier
 * folder is skipped (precedence and shadow marking come with the full registry).
 */
export async function scanSkills(dirs: readonly SkillDir[]): Promise<ScannedSkill[]> {
  const seen = new Set<string>();
  const skills: ScannedSkill[] = [];
  for (const { dir, source } of dirs) {
    let entries: Dirent[];
    try {
      entries = await fs.readdir(dir, { withFileTypes: true });
    } catch {
      continue; // a folder that does not exist (yet) has no skills
    }
    entries.sort((a, b) => a.name.localeCompare(b.name));
    for (const entry of entries) {
      if (!entry.isDirectory() || entry.name.startsWith('.') || seen.has(entry.name)) continue;
      const file = path.join(dir, entry.name, 'SKILL.md');
      let raw: Buffer;
      try {
        raw = await fs.readFile(file);
      } catch {
        continue; // a folder without SKILL.md is not a skill
      }
      seen.add(entry.name);
      const fm = readFrontmatter(raw);
      const problems = [...fm.problems];
      const str = (key: string) => (typeof fm.data?.[key] === 'string' ? (fm.data[key] as string) : '');
      const description = str('description').trim();
      if (fm.data && !description) problems.push('`description` is missing or empty');
      skills.push({
        id: entry.name,
        name: str('name') || entry.name,
        description,
        source,
        file,
        problems,
      });
    }
  }
  return skills;
}

/** The folder that provides skill `id` (the first that has `<id>/SKILL.md`), without reading any file. */
export async function locateSkill(dirs: readonly SkillDir[], id: string): Promise<SkillDir | undefined> {
  for (const dir of dirs) {
    try {
      if ((await fs.stat(path.join(dir.dir, id, 'SKILL.md'))).isFile()) return dir;
    } catch {
      // not in this folder
    }
  }
  return undefined;
}
