// `skilldeck pack SKILL [-o FILE] [--passphrase-env VAR]`: a skill's folder as a `.skillpack`.
import path from 'node:path';
import { AppError } from '../../../shared/ipc/result';
import { writeFileAtomic } from '../../core/fs/atomic-write';
import { byteSize } from '../../core/packs/pack-refusal';
import type { SkillDir } from '../../core/skills/sources';
import { openCliCore } from '../cli-core';
import type { Io } from '../io';
import { humanIo, terminalJson } from '../terminal-text';

export interface PackOptions {
  skillId: string;
  output: string | undefined;
  passphrase: string | undefined;
  skillDirs: SkillDir[];
  dataDirFlag: string | undefined;
  json: boolean;
}

/** Exit 0 written, 1 refused (no such skill, over a limit, cannot write). */
export async function packCommand(options: PackOptions, raw: Io): Promise<number> {
  const io = humanIo(raw);
  const core = openCliCore(
    { skillDirs: options.skillDirs, dataDirFlag: options.dataDirFlag, ports: {}, watchSkills: false },
    raw,
  );
  if (!core) return 1;
  try {
    const made = await core.packs.make(options.skillId, options.passphrase);
    const file = path.resolve(options.output ?? made.fileName);
    await writeFileAtomic(file, made.bytes);
    if (options.json) {
      raw.out(
        terminalJson({ file, size: made.bytes.length, leftOut: made.leftOut, manifest: made.manifest }),
      );
      return 0;
    }
    const count = made.manifest.files.length;
    io.out(
      `Packed ${made.manifest.id} (${count} file${count === 1 ? '' : 's'}) into ${file}: ` +
        `${byteSize(made.bytes.length)}${options.passphrase === undefined ? '' : ', sealed with the passphrase'}`,
    );
    if (made.leftOut.length > 0)
      io.out(`Left out (links, hidden files, node_modules): ${made.leftOut.join(', ')}`);
    return 0;
  } catch (error) {
    if (!(error instanceof AppError) && !(error as NodeJS.ErrnoException).code) throw error;
    io.err(`skilldeck: ${(error as Error).message}`);
    return 1;
  } finally {
    core.close();
    await core.skills.close();
  }
}
