import type { SkillDir } from '../../core/skills/sources';
import type { Io } from '../io';
import { humanIo, terminalJson } from '../terminal-text';
import { entryJson, findingLine, readOnlyRegistry } from './skill-output';

export interface ListOptions {
  skillDirs: SkillDir[];
  /** `--plugin-dir`: plugin folders searched too (ids `<plugin>:<skill>`). */
  pluginDirs?: string[];
  dataDirFlag: string | undefined;
  json: boolean;
  /** `--all`: the skills for models only (`user-invocable: false`) too, marked. */
  all?: boolean;
}

/**
 * Reads skill folders only: listing never creates the data directory or its database. Lists what a person
 * may run; the skills for models only (`user-invocable: false`) with `--all`.
 */
export async function listSkillsCommand(options: ListOptions, raw: Io): Promise<number> {
  const io = humanIo(raw);
  const registry = readOnlyRegistry(
    options.skillDirs,
    options.dataDirFlag,
    (message) => raw.err(`skilldeck: ${message}`),
    options.pluginDirs,
  );
  await registry.ready();
  const every = registry.list();
  const skills = options.all ? every : every.filter((s) => s.userInvocable);
  const hidden = every.length - skills.length;
  if (options.json) {
    raw.out(terminalJson(skills.map(entryJson)));
    return 0;
  }
  io.out('Skill folders, searched in this order (the first one with an id wins):');
  for (const root of registry.roots) {
    const count = skills.filter((s) => s.root === root.dir).length;
    const namespace = root.namespace ? ` (ids ${root.namespace}:…)` : '';
    io.out(
      `  ${root.precedence}. ${root.kind.padEnd(7)}  ${root.dir}${namespace}  — ${count} ${count === 1 ? 'skill' : 'skills'}`,
    );
    for (const finding of registry.rootFindings(root.dir)) io.out(`       ${findingLine(finding)}`);
  }
  io.out('');
  const hiddenLine = `${hidden} ${hidden === 1 ? 'skill is' : 'skills are'} for models only (user-invocable: false): --all lists ${hidden === 1 ? 'it' : 'them'}.`;
  if (skills.length === 0) {
    io.out('No skills found.');
    if (hidden > 0) io.out(hiddenLine);
    return 0;
  }
  const width = Math.max(...skills.map((s) => s.id.length), 2);
  const indent = ' '.repeat(width);
  for (const s of skills) {
    const description = s.description.length > 70 ? `${s.description.slice(0, 69)}…` : s.description;
    io.out(`${s.id.padEnd(width)}  ${s.source.padEnd(7)}  ${description}`.trimEnd());
    if (!s.userInvocable) io.out(`${indent}  for models only (user-invocable: false): agents activate it`);
    if (s.shadowedBy)
      io.out(`${indent}  shadowed by the ${s.shadowedBy.source} skill in ${s.shadowedBy.path}`);
    for (const finding of s.findings) io.out(`${indent}  ${findingLine(finding)}`);
  }
  if (hidden > 0) {
    io.out('');
    io.out(hiddenLine);
  }
  return 0;
}
