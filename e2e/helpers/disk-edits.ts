import fs from 'node:fs/promises';
import path from 'node:path';

/** Saves a file the way most editors do: a temp file beside it, then a rename over it. */
export async function saveLikeAnEditor(file: string, text: string): Promise<void> {
  const temp = path.join(path.dirname(file), `.${path.basename(file)}.${process.pid}.swp`);
  await fs.writeFile(temp, text);
  await fs.rename(temp, file);
}

export const skillMd = (name: string, description: string) =>
  `---\nname: ${name}\ndescription: ${description}\n---\nWrite a ${name}.\n`;
