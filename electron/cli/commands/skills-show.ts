import { AppError } from '../../../shared/ipc/result';
import type { SkillDir } from '../../core/skills/sources';
import type { Io } from '../io';
import { block, humanIo, terminalJson } from '../terminal-text';
import { entryJson, findingLine, readOnlyRegistry } from './skill-output';

export interface ShowOptions {
  skillDirs: SkillDir[];
  pluginDirs?: string[];
  dataDirFlag: string | undefined;
  json: boolean;
  id: string;
}

const size = (bytes: number) => (bytes < 1024 ? `${bytes} B` : `${(bytes / 1024).toFixed(1)} KB`);

/** `skilldeck skills show ID`: definition, body and resource files of one skill. Reads only. */
export async function showSkillCommand(options: ShowOptions, raw: Io): Promise<number> {
  const io = humanIo(raw);
  const registry = readOnlyRegistry(
    options.skillDirs,
    options.dataDirFlag,
    (message) => raw.err(`skilldeck: ${message}`),
    options.pluginDirs,
  );
  let skill;
  let resources;
  try {
    skill = await registry.activate(options.id);
    resources = await registry.listResources(options.id);
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    io.err(`skilldeck: ${error.message}`);
    return 1;
  }
  const { entry, loaded } = skill;
  if (options.json) {
    raw.out(
      terminalJson({
        ...entryJson(entry),
        hash: skill.hash,
        definition: loaded.definition,
        body: loaded.body,
        resources,
      }),
    );
    return 0;
  }
  io.out(`${entry.id} — ${entry.name}`);
  io.out(`  ${entry.description || '(no description)'}`);
  if (entry.whenToUse) io.out(`  When to use: ${entry.whenToUse}`);
  io.out(`  Source: ${entry.source} (precedence ${entry.precedence}), ${entry.file}`);
  io.out(`  Mode: ${entry.mode}${entry.runnable ? '' : ' — not runnable, see the errors below'}`);
  if (!entry.userInvocable)
    io.out('  For models only (user-invocable: false): agents activate it; `skilldeck run` does not');
  if (entry.shadowedBy)
    io.out(`  Shadowed by the ${entry.shadowedBy.source} skill in ${entry.shadowedBy.path}`);
  if (entry.layout?.kind === 'phases') io.out(`  Phases: ${entry.layout.phases.join(', ')}`);
  if (entry.layout?.kind === 'autonomous') {
    io.out(
      `  Orchestrator: ${entry.layout.orchestrator}; actions: ${entry.layout.actions.join(', ') || 'none'}`,
    );
  }
  for (const finding of entry.findings) io.out(`  ${findingLine(finding)}`);
  io.out(resources.length > 0 ? '  Resources:' : '  Resources: none');
  for (const r of resources) io.out(`    ${r.path}  ${size(r.size)}`);
  io.out('');
  raw.out(block(loaded.body.trimEnd()));
  return 0;
}
