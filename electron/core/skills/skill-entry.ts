import crypto from 'node:crypto';
import path from 'node:path';
import zlib from 'node:zlib';
import type { ExecutionMode } from '../../../shared/types/finding';
import type { ShadowedBy, SkillLayout, SkillSource } from '../../../shared/types/skill';
import { readFileBytes, type FoundSkill } from './discover';
import { detectLayout } from './layout';
import { loadFailure, loadSkillFile, type LoadedSkillFile } from './load';
import { phaseFindings, withFindings } from './phase-quality';
import { bodyForInputs, skillFileHead } from './skill-head';
import { skillInputs } from './skill-inputs';
import { skillIdIn, type SourceRoot } from './sources';
import type { Finding } from './types';

/**
 * What the registry keeps in memory for one skill: enough to list it and to decide what to read when
 * it is activated. The body and the parsed YAML are not kept.
 */
export interface SkillEntry {
  id: string;
  /** The folder's name: the id without a plugin's namespace. */
  folderName: string;
  name: string;
  description: string;
  whenToUse: string | null;
  source: SkillSource;
  precedence: number;
  /** The source folder it was found in. */
  root: string;
  /** The skill folder, as reached from the source folder. */
  dir: string;
  realDir: string;
  /** Its SKILL.md (or skill.md). */
  file: string;
  mode: ExecutionMode;
  layout: SkillLayout | null;
  findings: Finding[];
  runnable: boolean;
  /** Offered to agents (the Skill tool, the available-skills list) unless `disable-model-invocation`. */
  modelInvocable: boolean;
  /** Offered to the user (palette, run sheet, launcher) unless `user-invocable: false`. */
  userInvocable: boolean;
  /** What it reads of the user's data (skill-inputs.ts). */
  usesSelection: boolean;
  takesArguments: boolean;
  /** What changes when the file's bytes change (`changeToken`): how the listing notices an edit. */
  token: string;
  /** Set by the registry when a skill of higher precedence has the same id. */
  shadowedBy: ShadowedBy | null;
}

/** sha256 of a file's bytes, hex: what editors send back to detect edits made meanwhile. */
export const contentHash = (bytes: Uint8Array | string) => crypto.hash('sha256', bytes, 'hex');

/**
 * What the listing keeps of a file's bytes to notice that they changed: their length and CRC-32, which
 * zlib computes ~3× faster than sha256 on a real SKILL.md (sha256 was a quarter of a scan's CPU). CRC-32
 * catches every change of up to 32 bits in a row; any other edit that keeps the length slips by one time
 * in 4 billion. Nothing is trusted on it: a run parses the bytes it reads (cached by their sha256), and an
 * editor's save is checked against the file's sha256.
 */
export const changeToken = (bytes: Uint8Array) => `${bytes.byteLength}:${zlib.crc32(bytes)}`;

/** The folder's phases layout (layout.ts), in the contract's shape (paths relative to the skill folder). */
export async function readSkillLayout(dir: string): Promise<SkillLayout | null> {
  const found = await detectLayout(dir);
  if (found.layout === 'autonomous') {
    return {
      kind: 'autonomous',
      orchestrator: 'phases/orchestrator.md',
      actions: found.actions.map((a) => `phases/actions/${a}`),
    };
  }
  if (found.layout === 'phases')
    return { kind: 'phases', phases: found.phases.map((p) => `phases/${p.file}`) };
  return null;
}

/**
 * Reads one found skill folder for the listing. Null when its SKILL.md vanished meanwhile. Never throws
 * otherwise. Only the frontmatter is decoded when the file allows it (skill-head.ts): the body is not kept.
 */
export async function loadSkill(root: SourceRoot, found: FoundSkill): Promise<SkillEntry | null> {
  const file = path.join(found.dir, found.fileName);
  let bytes: Buffer;
  try {
    bytes = await readFileBytes(file);
  } catch {
    return null;
  }
  const head = skillFileHead(bytes);
  const read = (layout: SkillLayout | null) => {
    const loaded = loadSkillFile(head ? head.text : bytes, loadContext(found, file, layout));
    const body = head ? bodyForInputs(head.body) : loaded.body;
    return { loaded, entry: entryOf(root, found, file, layout, loaded, body, changeToken(bytes)) };
  };
  let layout: SkillLayout | null;
  try {
    layout = found.hasPhases ? await readSkillLayout(found.dir) : null;
  } catch (error) {
    // the folder's layout could not be read: the skill is listed with that error, its neighbours as usual
    const { entry } = read(null);
    return { ...entry, findings: [loadFailure(error, file), ...entry.findings], runnable: false };
  }
  const { entry, loaded } = read(layout);
  if (layout?.kind !== 'phases') return entry;
  const withPhases = withFindings(loaded, await phaseFindings(found.dir, layout.phases));
  return { ...entry, findings: withPhases.findings, runnable: withPhases.runnable };
}

const loadContext = (found: Pick<FoundSkill, 'dir'>, file: string, layout: SkillLayout | null) => ({
  file,
  folderName: path.basename(found.dir),
  ...(layout ? { layout: layout.kind } : {}),
});

/** The whole file read from bytes already read (body, definition): what a run activates. */
export const readWholeSkill = (
  found: Pick<FoundSkill, 'dir'>,
  file: string,
  bytes: Buffer,
  layout: SkillLayout | null,
): LoadedSkillFile => loadSkillFile(bytes, loadContext(found, file, layout));

/** The entry of the whole file read from bytes already read (what the listing's shortcut must equal). */
export function parseSkill(
  root: SourceRoot,
  found: Pick<FoundSkill, 'dir' | 'realDir'>,
  file: string,
  bytes: Buffer,
  layout: SkillLayout | null,
): { entry: SkillEntry; loaded: LoadedSkillFile } {
  const loaded = readWholeSkill(found, file, bytes, layout);
  return { loaded, entry: entryOf(root, found, file, layout, loaded, loaded.body, changeToken(bytes)) };
}

function entryOf(
  root: SourceRoot,
  found: Pick<FoundSkill, 'dir' | 'realDir'>,
  file: string,
  layout: SkillLayout | null,
  loaded: LoadedSkillFile,
  body: string,
  token: string,
): SkillEntry {
  const folderName = path.basename(found.dir);
  const definition = loaded.definition;
  return {
    id: skillIdIn(root, folderName),
    folderName,
    name: definition?.name || folderName,
    description: definition?.description ?? '',
    whenToUse: definition?.whenToUse ?? null,
    source: root.kind,
    precedence: root.precedence,
    root: root.dir,
    dir: found.dir,
    realDir: found.realDir,
    file,
    mode: definition?.executionMode ?? layout?.kind ?? 'prompt',
    layout,
    findings: loaded.findings,
    runnable: loaded.runnable,
    modelInvocable: definition ? !definition.disableModelInvocation : false,
    userInvocable: definition?.userInvocable ?? true,
    ...skillInputs(definition, body),
    token,
    shadowedBy: null,
  };
}
