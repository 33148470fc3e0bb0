// A phase file's quality check: `phases/NN-name.md` may start with a frontmatter declaring `quality:`
// (as a workflow step does). That frontmatter is read, not sent to the model; a phase file without one —
// or whose frontmatter says nothing of `quality` — is sent as it always was, whole.
import fs from 'node:fs/promises';
import path from 'node:path';
import type { QualitySpec } from '../../../shared/types/skill-definition';
import { isPlainObject } from './coerce';
import { splitSkillFile } from './parse';
import { readQuality } from './quality-spec';
import type { LoadedSkillFile } from './load';
import type { Finding } from './types';

export interface PhaseText {
  /** What the phase's model call is given as its instructions. */
  instructions: string;
  quality?: QualitySpec;
  findings: Finding[];
}

/** Reads one phase file's text; `id` is its step id (the file name without `.md`). */
export function readPhaseText(raw: string, file: string, id: string): PhaseText {
  if (!/^\uFEFF?---[ \t]*\r?\n/.test(raw)) return { instructions: raw, findings: [] };
  const split = splitSkillFile(raw, file);
  if (!split.ok || !isPlainObject(split.file.data) || !('quality' in split.file.data)) {
    return { instructions: raw, findings: [] };
  }
  const { data, lineOf, body } = split.file;
  const read = readQuality(data.quality, id, (key) => ({
    file,
    line: lineOf(['quality', ...(key ? [key] : [])]) ?? lineOf(['quality']),
  }));
  return { instructions: body, ...(read.spec ? { quality: read.spec } : {}), findings: read.findings };
}

/** The findings of every phase file's `quality` (files that cannot be read are the run's problem). */
export async function phaseFindings(skillDir: string, phaseFiles: readonly string[]): Promise<Finding[]> {
  const findings: Finding[] = [];
  for (const rel of phaseFiles) {
    const file = path.join(skillDir, rel);
    const raw = await fs.readFile(file, 'utf8').catch(() => null);
    if (raw === null) continue;
    findings.push(...readPhaseText(raw, file, path.basename(rel).replace(/\.md$/i, '')).findings);
  }
  return findings;
}

/** The skill as read, with findings from beside SKILL.md (its phase files'): an error makes it unrunnable. */
export function withFindings(loaded: LoadedSkillFile, more: readonly Finding[]): LoadedSkillFile {
  if (more.length === 0) return loaded;
  return {
    ...loaded,
    findings: [...loaded.findings, ...more],
    runnable: loaded.runnable && !more.some((f) => f.severity === 'error'),
  };
}
