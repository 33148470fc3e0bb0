// An unsaved text of a listed skill (the editor's lint as you type, "Try it"), read exactly as loading its
// file would: the skill's folder name for the name check, its `phases/` layout for the mode.
import { loadSkillFile, type LoadedSkillFile } from './load';
import { readSkillLayout, type SkillEntry } from './skill-entry';

export async function loadDraft(
  entry: Pick<SkillEntry, 'file' | 'folderName' | 'realDir'>,
  text: string,
): Promise<LoadedSkillFile> {
  const layout = await readSkillLayout(entry.realDir);
  // As bytes, so the size, NUL and encoding checks of reading a file apply too
  return loadSkillFile(Buffer.from(text, 'utf8'), {
    file: entry.file,
    folderName: entry.folderName,
    ...(layout ? { layout: layout.kind } : {}),
  });
}
