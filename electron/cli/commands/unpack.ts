// `skilldeck unpack FILE|URL [--passphrase-env VAR] [--replace | --rename NEW] [--dry-run]`: shows what the
// pack holds (manifest, the validator's findings, the tools it may use), then installs it into the user
// folder. A taken id is refused unless --replace or --rename says what to do.
import fs from 'node:fs/promises';
import path from 'node:path';
import { AppError } from '../../../shared/ipc/result';
import type { PackPreview } from '../../../shared/types/pack';
import type { Core } from '../../core/core';
import { byteSize, refusal } from '../../core/packs/pack-refusal';
import { fetchPackFile } from '../../core/packs/url-fetch';
import type { SkillDir } from '../../core/skills/sources';
import { openCliCore } from '../cli-core';
import type { Io } from '../io';
import { humanIo, terminalJson } from '../terminal-text';
import { findingLine } from './skill-output';

export interface UnpackOptions {
  file: string;
  passphrase: string | undefined;
  /** The flag that names the passphrase's variable, for the message when one is needed. */
  passphraseFlag: string;
  onClash: 'replace' | 'rename' | undefined;
  newId: string | undefined;
  dryRun: boolean;
  skillDirs: SkillDir[];
  dataDirFlag: string | undefined;
  json: boolean;
}

async function readSource(core: Core, file: string) {
  if (/^https?:\/\//i.test(file))
    return fetchPackFile(file, { maxBytes: core.packs.limits.packBytes, timeoutMs: 60_000 });
  const { size } = await fs.stat(file);
  const limit = core.packs.limits.packBytes;
  if (size > limit) throw refusal('tooLarge', { size: byteSize(size), limit: byteSize(limit) });
  return { bytes: await fs.readFile(file), fileName: path.basename(file) };
}

type Ready = Extract<PackPreview, { status: 'ready' }>;

function printPreview(io: Io, preview: Ready): void {
  const { manifest: m, tools } = preview;
  const by = [m.version, m.author && `by ${m.author}`].filter(Boolean).join(' ');
  io.out(`${m.id}${m.name !== m.id ? ` (${m.name})` : ''}${by ? ` ${by}` : ''}`);
  io.out(`  ${m.description || '(no description)'}`);
  const kind =
    preview.kind === 'pack'
      ? 'skill pack'
      : 'zip of a skill folder (no manifest: nothing to check the files against)';
  io.out(`  From: ${preview.fileName}, a ${preview.sealed ? 'sealed ' : ''}${kind}, made ${m.created}`);
  io.out(`  Files: ${m.files.length}, ${byteSize(preview.totalSize)}`);
  for (const f of m.files) io.out(`    ${f.path}  ${byteSize(f.size)}`);
  if (m.appearance) io.out(`  Look: ${m.appearance.emoji} ${m.appearance.color}`);
  if (!tools.agent)
    io.out(`  Tools: none (a ${tools.mode} skill: it asks the model and puts out the answer)`);
  else if (tools.allowed === null)
    io.out('  Tools: every agent tool (it lists none in allowed-tools), each behind the permission prompts');
  else io.out(`  Tools: ${tools.allowed.join(', ') || 'none'}, each behind the permission prompts`);
  if (tools.disallowed.length > 0) io.out(`  Never: ${tools.disallowed.join(', ')}`);
  io.out(preview.findings.length === 0 ? '  Findings: none' : '  Findings:');
  for (const finding of preview.findings) io.out(`    ${findingLine(finding)}`);
  if (!preview.runnable) io.out('  It will not run until its errors are fixed.');
  if (preview.clash) io.out(`  Its id is taken: the ${preview.clash.source} skill in ${preview.clash.path}`);
}

/** Exit 0 installed (or previewed with --dry-run), 1 refused or taken, 2 usage error. */
export async function unpackCommand(options: UnpackOptions, raw: Io): Promise<number> {
  const io = humanIo(raw);
  const core = openCliCore(
    { skillDirs: options.skillDirs, dataDirFlag: options.dataDirFlag, ports: {}, watchSkills: false },
    raw,
  );
  if (!core) return 1;
  try {
    const read = await readSource(core, options.file);
    const source = { ...read, passphrase: options.passphrase };
    const preview = await core.packs.preview(source, 'command-line');
    if (preview.status === 'locked') {
      io.err(
        `skilldeck: ${options.file}: this pack is sealed: give its passphrase with ${options.passphraseFlag} VAR`,
      );
      return 1;
    }
    if (!options.json) printPreview(io, preview);
    const clash = preview.clash;
    if (options.dryRun || (clash && options.onClash === undefined)) {
      if (options.json) raw.out(terminalJson({ preview, installed: null }));
      if (!options.dryRun) {
        io.err(
          `skilldeck: a skill "${preview.manifest.id}" already exists (${clash!.source}: ${clash!.path}): ` +
            `run again with --replace (${clash!.replaceable ? 'it goes to the trash' : 'it stays, hidden behind the new one'}) ` +
            `or --rename NEW-ID (e.g. --rename ${clash!.suggestedId})`,
        );
        return 1;
      }
      return 0;
    }
    const installed = await core.packs.install(source, {
      onClash: options.onClash,
      newId: options.newId,
    });
    if (options.json) raw.out(terminalJson({ preview, installed }));
    else {
      io.out(`Installed ${installed.skillId} into ${installed.path}`);
      if (installed.replaced)
        io.out(
          `The skill it replaced is in the trash (${installed.replaced.trashId}); the dashboard can restore it.`,
        );
    }
    return 0;
  } catch (error) {
    if (!(error instanceof AppError) && !(error as NodeJS.ErrnoException).code) throw error;
    io.err(`skilldeck: ${options.file}: ${(error as Error).message}`);
    return 1;
  } finally {
    core.close();
    await core.skills.close();
  }
}
