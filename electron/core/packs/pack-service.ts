// Skill packages for the core's callers: the `packs:*` handlers and the CLI's `pack` / `unpack`.
import type { PackInstalled, PackPreview } from '../../../shared/types/pack';
import type { SkillRegistry } from '../skills/registry';
import type { SkillMetaRepo } from '../store/skill-meta';
import { openPack, type OpenResult } from './open-pack';
import { clashOf } from './pack-clash';
import { makePack, type MadePack } from './pack-export';
import { installPack, type InstallChoice } from './pack-install';
import { PACK_LIMITS, type PackLimits } from './pack-limits';
import { previewOf } from './pack-preview';
import { refusal } from './pack-refusal';

export interface PackServiceDeps {
  registry: SkillRegistry;
  metaRepo: SkillMetaRepo;
  /** `<data dir>/skills`: where packs are installed. */
  userDir: string;
  trashDir: string;
  limits?: Partial<PackLimits>;
}

export interface PackSource {
  bytes: Uint8Array;
  /** The file's name (or the link's last segment). */
  fileName: string;
  passphrase?: string | undefined;
}

export interface PackService {
  readonly limits: PackLimits;
  /** The skill's folder as a pack (sealed with `passphrase`). */
  make(skillId: string, passphrase?: string): Promise<MadePack>;
  /** Opened and checked, in memory; `{ locked }` when sealed and no passphrase was given. */
  open(source: PackSource): Promise<OpenResult>;
  /** What to show before installing (`uploadId` names where the dashboard holds the file). */
  preview(source: PackSource, uploadId: string): Promise<PackPreview>;
  /** Opens it again (nothing trusted from the preview) and installs it. */
  install(source: PackSource, choice: InstallChoice): Promise<PackInstalled>;
}

export function createPackService(deps: PackServiceDeps): PackService {
  const limits: PackLimits = { ...PACK_LIMITS, ...deps.limits };
  const open = (source: PackSource) =>
    openPack(source.bytes, { passphrase: source.passphrase, fileName: source.fileName, limits });
  return {
    limits,
    make: (skillId, passphrase) => makePack({ ...deps, limits }, skillId, passphrase),
    open,
    async preview(source, uploadId) {
      const opened = await open(source);
      const names = { uploadId, fileName: source.fileName };
      if ('locked' in opened) return { status: 'locked', ...names };
      return previewOf(opened, await clashOf(deps, opened.manifest.id), names);
    },
    async install(source, choice) {
      const opened = await open(source);
      if ('locked' in opened) throw refusal('needsPassphrase');
      return installPack(deps, opened, choice);
    },
  };
}
