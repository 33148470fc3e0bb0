// A skill's folder as a `.skillpack`: skillpack.json, then the files under skill/, sealed when a
// passphrase is given.
import { PackManifest } from '../../../shared/types/pack';
import type { SkillRegistry } from '../skills/registry';
import { resolveMeta } from '../skills/appearance';
import type { SkillMetaRepo } from '../store/skill-meta';
import { readFolderFiles } from './folder-files';
import { buildManifest, skillIdFrom } from './manifest';
import { MANIFEST_NAME, PACK_EXTENSION, SKILL_PREFIX, type PackLimits } from './pack-limits';
import { byteSize, refusal } from './pack-refusal';
import { seal } from './seal';

export interface MadePack {
  fileName: string;
  bytes: Buffer;
  manifest: PackManifest;
  leftOut: string[];
}

export interface ExportDeps {
  registry: SkillRegistry;
  metaRepo: SkillMetaRepo;
  limits: PackLimits;
  now?: () => Date;
}

export async function makePack(
  deps: ExportDeps,
  skillId: string,
  passphrase: string | undefined,
): Promise<MadePack> {
  const { entry, loaded } = await deps.registry.activate(skillId);
  const { files, leftOut } = await readFolderFiles(entry.realDir, deps.limits);
  if (files.size === 0) throw refusal('exportEmpty', { id: entry.id });
  const meta = resolveMeta(entry.id, entry.source === 'builtin', deps.metaRepo.get(entry.id));
  const appearance = PackManifest.shape.appearance.safeParse({ emoji: meta.emoji, color: meta.color });
  const id = skillIdFrom(entry.folderName) || skillIdFrom(entry.name) || 'skill';
  const created = deps.now?.() ?? new Date();
  const manifest = buildManifest(
    {
      id,
      name: loaded.definition?.name ?? entry.name,
      description: loaded.definition?.description ?? entry.description,
      metadata: loaded.definition?.metadata ?? {},
      appearance: appearance.success ? appearance.data : null,
    },
    files,
    created,
  );
  const entries = new Map<string, Buffer>([
    [MANIFEST_NAME, Buffer.from(JSON.stringify(manifest, null, 2) + '\n', 'utf8')],
  ]);
  for (const [path, data] of files) entries.set(SKILL_PREFIX + path, data);
  const { writeZip } = await import('./zip-write'); // yazl loads with the first export
  const zip = await writeZip(entries, created);
  const bytes = passphrase === undefined ? zip : await seal(zip, passphrase);
  if (bytes.length > deps.limits.packBytes)
    throw refusal('tooLarge', { size: byteSize(bytes.length), limit: byteSize(deps.limits.packBytes) });
  return { fileName: id + PACK_EXTENSION, bytes, manifest, leftOut };
}
