// Installs an opened pack into the user folder: the files written into a hidden folder beside the target,
// then renamed in whole (the watcher never sees half a skill). Replace moves the skill that had the id to
// the trash first (skills:restore brings it back) and puts it back if the rename fails.
import fs from 'node:fs/promises';
import path from 'node:path';
import type { PackInstalled } from '../../../shared/types/pack';
import type { TrashedSkill } from '../../../shared/types/skill';
import { atomicTempName } from '../fs/atomic-write';
import type { SkillRegistry } from '../skills/registry';
import { editSkillText } from '../skills/serialize';
import { moveToTrash, restoreFromTrash } from '../skills/skill-files';
import type { SkillMetaRepo } from '../store/skill-meta';
import { clashOf, type Clash } from './pack-clash';
import { refusal } from './pack-refusal';
import type { OpenedPack } from './open-pack';

export interface InstallDeps {
  registry: SkillRegistry;
  metaRepo: SkillMetaRepo;
  userDir: string;
  trashDir: string;
}

export interface InstallChoice {
  onClash?: 'replace' | 'rename' | undefined;
  newId?: string | undefined;
}

async function writeFolder(dir: string, pack: OpenedPack, id: string): Promise<void> {
  await fs.mkdir(dir);
  for (const [relative, data] of pack.files) {
    const file = path.join(dir, ...relative.split('/'));
    await fs.mkdir(path.dirname(file), { recursive: true });
    let bytes = data;
    if (relative === pack.skillFile && id !== pack.manifest.id) {
      try {
        bytes = Buffer.from(editSkillText(data.toString('utf8'), { fields: { name: id } }, relative), 'utf8');
      } catch {
        // unreadable frontmatter: installed as it is, its findings say what to fix
      }
    }
    await fs.writeFile(file, bytes, { flag: 'wx' });
  }
}

export async function installPack(
  deps: InstallDeps,
  pack: OpenedPack,
  choice: InstallChoice,
): Promise<PackInstalled> {
  let id = pack.manifest.id;
  let clash: Clash | null = null;
  if (choice.onClash === 'rename') {
    // another id, asked for: it must be free
    if (choice.newId === undefined) throw refusal('renameNeedsId');
    id = choice.newId;
    const taken = await clashOf(deps, id);
    if (taken) throw refusal('renameTaken', { id, source: taken.source, path: taken.path }, 'CONFLICT');
  } else {
    clash = await clashOf(deps, id);
    if (clash && choice.onClash === undefined)
      throw refusal('idTaken', { id, source: clash.source, path: clash.path }, 'CONFLICT');
  }

  const target = path.join(deps.userDir, id);
  await fs.mkdir(deps.userDir, { recursive: true });
  const staging = atomicTempName(target);
  let replaced: TrashedSkill | null = null;
  try {
    await writeFolder(staging, pack, id);
    if (clash?.replaceable) {
      const folderName = path.basename(clash.path);
      replaced = await moveToTrash(deps.trashDir, {
        id,
        source: 'user',
        dir: clash.path,
        folderName,
      });
    }
    try {
      await fs.rename(staging, target);
    } catch (error) {
      if (replaced) await restoreFromTrash(deps.trashDir, replaced.trashId);
      throw error;
    }
  } catch (error) {
    await fs.rm(staging, { recursive: true, force: true });
    throw error;
  }

  const look = pack.manifest.appearance;
  if (look) deps.metaRepo.upsert(id, false, { emoji: look.emoji, color: look.color }, Date.now());
  await deps.registry.reload([target], `${id} installed from ${pack.manifest.id}.skillpack`);
  return { skillId: id, path: target, replaced };
}
