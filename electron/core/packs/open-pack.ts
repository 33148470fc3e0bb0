// A file handed to import, opened all the way or refused: sealed or not, a `.skillpack` (manifest checked
// against every file) or a plain ZIP of one skill folder (its manifest made from the files). Nothing is
// written anywhere: the files stay in memory until install.
import type { PackManifest } from '../../../shared/types/pack';
import { SKILL_FILE_NAMES } from '../skills/discover';
import { loadSkillFile } from '../skills/load';
import { MANIFEST_NAME, SKILL_PREFIX, type PackLimits } from './pack-limits';
import { buildManifest, checkAgainstManifest, parseManifest, skillIdFrom } from './manifest';
import { byteSize, refusal } from './pack-refusal';
import { isSealed, unseal } from './seal';
import type { ZipFiles } from './zip-read';

export interface OpenedPack {
  kind: 'pack' | 'folder-zip';
  sealed: boolean;
  manifest: PackManifest;
  /** The skill folder's files by relative path. */
  files: Map<string, Buffer>;
  /** `SKILL.md` (or `skill.md`). */
  skillFile: string;
}

export type OpenResult = OpenedPack | { locked: true };

const ZIP_MAGIC = [Buffer.from('PK\x03\x04', 'latin1'), Buffer.from('PK\x05\x06', 'latin1')];
const isZip = (bytes: Buffer) => ZIP_MAGIC.some((magic) => bytes.subarray(0, 4).equals(magic));

const skillFileAt = (files: ReadonlyMap<string, unknown>, base: string) =>
  SKILL_FILE_NAMES.find((name) => files.has(base + name));

export interface OpenOptions {
  passphrase?: string | undefined;
  limits: PackLimits;
  /** The file's name (or the link's last segment): a plain ZIP's id when its SKILL.md names none. */
  fileName: string;
  now?: Date;
}

export async function openPack(input: Uint8Array, options: OpenOptions): Promise<OpenResult> {
  const { limits } = options;
  let bytes = Buffer.from(input.buffer, input.byteOffset, input.byteLength);
  if (bytes.length > limits.packBytes)
    throw refusal('tooLarge', { size: byteSize(bytes.length), limit: byteSize(limits.packBytes) });
  const sealed = isSealed(bytes);
  if (sealed) {
    if (options.passphrase === undefined) return { locked: true };
    bytes = await unseal(bytes, options.passphrase);
  }
  if (!isZip(bytes)) throw refusal('notAPack');
  const { readZip } = await import('./zip-read'); // yauzl loads with the first pack opened
  const entries = await readZip(bytes, limits);
  const opened = entries.has(MANIFEST_NAME) ? asPack(entries) : asFolderZip(entries, options);
  return { ...opened, sealed };
}

function asPack(entries: ZipFiles): Omit<OpenedPack, 'sealed'> {
  const files = new Map<string, Buffer>();
  for (const [path, data] of entries) {
    if (path === MANIFEST_NAME) continue;
    if (!path.startsWith(SKILL_PREFIX)) throw refusal('strayEntry', { path });
    files.set(path.slice(SKILL_PREFIX.length), data);
  }
  const manifest = parseManifest(entries.get(MANIFEST_NAME)!);
  checkAgainstManifest(manifest, files);
  const skillFile = skillFileAt(files, '');
  if (!skillFile) throw refusal('noSkillFile');
  return { kind: 'pack', manifest, files, skillFile };
}

/** The skill folder a plain ZIP holds: its top, else the one folder with a SKILL.md (a GitHub archive). */
function asFolderZip(entries: ZipFiles, options: OpenOptions): Omit<OpenedPack, 'sealed'> {
  let base = '';
  if (!skillFileAt(entries, '')) {
    const folders = new Set<string>();
    for (const path of entries.keys()) {
      const parts = path.split('/');
      if (parts.length === 2 && (SKILL_FILE_NAMES as readonly string[]).includes(parts[1]!))
        folders.add(`${parts[0]}/`);
    }
    if (folders.size === 0) throw refusal('noSkillFile');
    if (folders.size > 1) throw refusal('severalSkills', { where: [...folders].sort().join(', ') });
    base = [...folders][0]!;
  }
  // files outside the skill's folder (a Mac's __MACOSX/ beside it) are not part of it
  const files = new Map<string, Buffer>();
  for (const [path, data] of entries) if (path.startsWith(base)) files.set(path.slice(base.length), data);
  const skillFile = skillFileAt(files, '')!;
  const folderName = base.replace(/\/$/, '') || options.fileName.replace(/\.(zip|skillpack)$/i, '');
  const loaded = loadSkillFile(files.get(skillFile)!, { file: skillFile, folderName });
  const named = loaded.frontmatter?.name;
  const id =
    (typeof named === 'string' ? skillIdFrom(named) : '') || skillIdFrom(folderName) || 'imported-skill';
  const manifest = buildManifest(
    {
      id,
      name: loaded.definition?.name ?? id,
      description: loaded.definition?.description ?? '',
      metadata: loaded.definition?.metadata ?? {},
      appearance: null,
    },
    files,
    options.now ?? new Date(),
  );
  return { kind: 'folder-zip', manifest, files, skillFile };
}
