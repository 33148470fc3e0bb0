// Whether a pack's id is taken — by a skill of any source, or by a folder of that name in the user folder
// that is not (or not yet) a skill — and a free id to offer instead.
import fs from 'node:fs/promises';
import path from 'node:path';
import type { SkillSource } from '../../../shared/types/skill';
import type { SkillRegistry } from '../skills/registry';

export interface Clash {
  source: SkillSource;
  path: string;
  /** In the user folder: replacing moves it to the trash. Elsewhere it stays, shadowed by the new one. */
  replaceable: boolean;
  suggestedId: string;
}

const exists = (p: string) =>
  fs.lstat(p).then(
    () => true,
    () => false,
  );

export interface ClashDeps {
  registry: SkillRegistry;
  userDir: string;
}

async function takenBy(deps: ClashDeps, id: string): Promise<Omit<Clash, 'suggestedId'> | null> {
  await deps.registry.ready();
  const folder = path.join(deps.userDir, id);
  if (await exists(folder)) return { source: 'user', path: folder, replaceable: true };
  const skill = deps.registry.get(id) ?? (await deps.registry.require(id).catch(() => undefined));
  if (!skill) return null;
  return { source: skill.source, path: skill.dir, replaceable: skill.source === 'user' };
}

/** `id-2`, `id-3`, … the first that nothing holds (kept within the 64 characters of an id). */
async function freeId(deps: ClashDeps, id: string): Promise<string> {
  for (let n = 2; ; n++) {
    const suffix = `-${n}`;
    const candidate = id.slice(0, 64 - suffix.length).replace(/-+$/, '') + suffix;
    if (!(await takenBy(deps, candidate))) return candidate;
  }
}

export async function clashOf(deps: ClashDeps, id: string): Promise<Clash | null> {
  const taken = await takenBy(deps, id);
  return taken && { ...taken, suggestedId: await freeId(deps, id) };
}
