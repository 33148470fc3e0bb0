// What the user sees before installing: the manifest, the validator's findings on the SKILL.md (read as
// loading the installed folder would, phases layout included), the tools it may use, and the id clash.
import type { PackPreview, PackTools } from '../../../shared/types/pack';
import { layoutFromNames } from '../skills/layout';
import { loadSkillFile } from '../skills/load';
import type { Clash } from './pack-clash';
import type { OpenedPack } from './open-pack';

type ReadyPreview = Extract<PackPreview, { status: 'ready' }>;

/** The file names directly in `folder/` among the pack's paths. */
const namesIn = (paths: Iterable<string>, folder: string) =>
  [...paths]
    .filter((p) => p.startsWith(folder) && !p.slice(folder.length).includes('/'))
    .map((p) => p.slice(folder.length));

export function previewOf(
  pack: OpenedPack,
  clash: Clash | null,
  names: { uploadId: string; fileName: string },
): ReadyPreview {
  const layout = layoutFromNames(
    namesIn(pack.files.keys(), 'phases/'),
    namesIn(pack.files.keys(), 'phases/actions/'),
  );
  const loaded = loadSkillFile(pack.files.get(pack.skillFile)!, {
    file: pack.skillFile,
    folderName: pack.manifest.id,
    ...(layout.layout ? { layout: layout.layout } : {}),
  });
  const definition = loaded.definition;
  const mode = definition?.executionMode ?? 'prompt';
  const tools: PackTools = {
    mode,
    agent: mode === 'agent',
    allowed: definition?.allowedTools ?? null,
    disallowed: definition?.disallowedTools ?? [],
    output: definition?.output ?? null,
  };
  let totalSize = 0;
  for (const data of pack.files.values()) totalSize += data.length;
  return {
    status: 'ready',
    ...names,
    kind: pack.kind,
    sealed: pack.sealed,
    manifest: pack.manifest,
    totalSize,
    findings: loaded.findings,
    runnable: loaded.runnable,
    tools,
    clash,
  };
}
