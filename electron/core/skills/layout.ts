import fs from 'node:fs/promises';
import path from 'node:path';

export interface PhaseFile {
  /** The leading number, e.g. 2.5 for `02.5-review.md`. */
  order: number;
  file: string;
  name: string;
}

export interface SkillLayout {
  layout?: 'phases' | 'autonomous';
  /** `phases/NN-name.md` in run order. */
  phases: PhaseFile[];
  /** `phases/actions/*.md` of an autonomous skill, by name. */
  actions: string[];
  /** An autonomous skill's orchestrator in `phases/`: `orchestrator.md`, or `NN-orchestrator.md` among phases. */
  orchestrator?: string;
}

const PHASE_FILE = /^(\d+(?:\.\d+)?)-(.+)\.md$/i;

/** Orders `NN-name.md` files numerically, so `02.5-x` runs between `02-` and `03-`. */
export function sortPhases(fileNames: readonly string[]): PhaseFile[] {
  const phases: PhaseFile[] = [];
  for (const file of fileNames) {
    const match = PHASE_FILE.exec(file);
    if (match) phases.push({ order: Number(match[1]), file, name: match[2]! });
  }
  return phases.sort((a, b) => a.order - b.order || a.file.localeCompare(b.file));
}

async function listNames(dir: string, kind: 'file' | 'dir'): Promise<string[]> {
  try {
    const entries = await fs.readdir(dir, { withFileTypes: true });
    return entries.filter((e) => (kind === 'file' ? e.isFile() : e.isDirectory())).map((e) => e.name);
  } catch {
    return [];
  }
}

/**
 * The phases layout of a skill folder: numbered phases, or an orchestrator with actions. A numbered
 * `NN-orchestrator.md` makes the skill autonomous only when `phases/actions/` has actions (otherwise it is an
 * ordinary phase); the numbered phases of an autonomous skill exclude its orchestrator.
 */
export async function detectLayout(skillDir: string): Promise<SkillLayout> {
  const phasesDir = path.join(skillDir, 'phases');
  const files = await listNames(phasesDir, 'file');
  if (files.length === 0) return { phases: [], actions: [] };
  return layoutFromNames(files, await listNames(path.join(phasesDir, 'actions'), 'file'));
}

/** detectLayout's answer from the names of the files in `phases/` and `phases/actions/` (a pack's, in memory). */
export function layoutFromNames(files: readonly string[], actionFiles: readonly string[]): SkillLayout {
  if (files.length === 0) return { phases: [], actions: [] };
  const phases = sortPhases(files);
  const actions = actionFiles.filter((f) => f.endsWith('.md')).sort();
  const orchestrator = files.includes('orchestrator.md')
    ? 'orchestrator.md'
    : actions.length > 0
      ? phases.find((p) => p.name.toLowerCase() === 'orchestrator')?.file
      : undefined;
  if (orchestrator) {
    return {
      layout: 'autonomous',
      phases: phases.filter((p) => p.file !== orchestrator),
      actions,
      orchestrator,
    };
  }
  return phases.length > 0 ? { layout: 'phases', phases, actions: [] } : { phases: [], actions: [] };
}
