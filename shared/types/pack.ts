import { z } from 'zod';
import { ExecutionMode, Finding } from './finding';
import { Emoji, HexColor, NewSkillId, SkillSource, TrashedSkill } from './skill';

// Skill packages (`.skillpack`, docs/SKILLPACK.md): the manifest a pack carries and what the `packs:*`
// channels exchange. The core reads and writes the ZIP; these are the shapes that cross the contract.

export const PACK_FORMAT_VERSION = 1;

/** The largest pack file (sealed or not) Skilldeck makes or opens; the dashboard checks it before uploading. */
export const PACK_FILE_MAX_BYTES = 20 * 1024 * 1024;

/** The base64 characters one `packs:upload` piece may carry (the WebSocket takes 1 MiB a message). */
export const PACK_PIECE_MAX_CHARS = 700_000;

/** A file's path inside the skill folder: `/`-separated, relative, checked again by the reader. */
export const PackFilePath = z.string().min(1).max(400);

export const PackFile = z
  .object({
    path: PackFilePath,
    size: z.number().int().nonnegative(),
    sha256: z.string().regex(/^[0-9a-f]{64}$/, 'a sha256 is 64 lowercase hex digits'),
  })
  .strict();
export type PackFile = z.infer<typeof PackFile>;

/** `skillpack.json`: what the pack says about itself and every file it holds. */
export const PackManifest = z
  .object({
    formatVersion: z.number().int().positive(),
    id: NewSkillId,
    name: z.string().max(200),
    description: z.string().max(4096),
    /** From SKILL.md's `metadata.version`; null when it has none. */
    version: z.string().max(100).nullable(),
    /** From SKILL.md's `metadata.author`; null when it has none. */
    author: z.string().max(200).nullable(),
    /** When the pack was made (ISO 8601). */
    created: z.iso.datetime(),
    /** The Skilldeck look (never the hotkey: that belongs to the machine). */
    appearance: z.object({ emoji: Emoji, color: HexColor }).strict().nullable(),
    files: z.array(PackFile),
  })
  .strict();
export type PackManifest = z.infer<typeof PackManifest>;

/** What an uploaded or fetched file is held as until it is installed or discarded. */
export const UploadId = z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, 'not an upload id');

/** One piece of a file sent from the dashboard (base64; the WebSocket takes 1 MiB a message). */
export const PackUploadInput = z
  .object({
    /** Absent on the first piece; the answer names the upload for the next ones. */
    uploadId: UploadId.optional(),
    /** Where this piece starts in the file: the bytes received so far. */
    offset: z.number().int().nonnegative(),
    data: z.string().max(PACK_PIECE_MAX_CHARS).base64(),
    /** The last piece: the file is complete. */
    done: z.boolean(),
    fileName: z.string().max(255).optional(),
  })
  .strict();

export const PackUploaded = z.object({ uploadId: UploadId, received: z.number().int().nonnegative() });

export const PackFetchInput = z.object({ url: z.string().min(1).max(2048) }).strict();

export const PackOpenInput = z
  .object({ uploadId: UploadId, passphrase: z.string().min(1).max(1024).optional() })
  .strict();

/** What the skill may do: the tools its `allowed-tools` lets an agent use, by its mode. */
export const PackTools = z.object({
  mode: ExecutionMode,
  /** Agent mode: tools are offered to the model (behind the permission prompts). */
  agent: z.boolean(),
  /** As the file lists them (`Bash(git diff:*)` kept whole); null: no list, so every tool is offered. */
  allowed: z.array(z.string()).nullable(),
  disallowed: z.array(z.string()),
  /** Where the result goes (`output:`), when the skill says. */
  output: z.string().nullable(),
});
export type PackTools = z.infer<typeof PackTools>;

/** The skill already using the pack's id, if any. */
export const PackClash = z.object({
  source: SkillSource,
  path: z.string(),
  /** Replace moves it to the trash (user folder); other sources stay and are shadowed by the new one. */
  replaceable: z.boolean(),
  /** A free id to offer for "rename". */
  suggestedId: NewSkillId,
});

export const PackPreview = z.discriminatedUnion('status', [
  /** Sealed, and no passphrase (or none yet) was given. */
  z.object({ status: z.literal('locked'), uploadId: UploadId, fileName: z.string() }),
  z.object({
    status: z.literal('ready'),
    uploadId: UploadId,
    fileName: z.string(),
    /** A `.skillpack`, or a plain zip of a skill folder (its manifest made from the files, no hashes to check). */
    kind: z.enum(['pack', 'folder-zip']),
    sealed: z.boolean(),
    manifest: PackManifest,
    totalSize: z.number().int().nonnegative(),
    /** The validator's findings on the SKILL.md, as `skilldeck validate` gives them. */
    findings: z.array(Finding),
    runnable: z.boolean(),
    tools: PackTools,
    clash: PackClash.nullable(),
  }),
]);
export type PackPreview = z.infer<typeof PackPreview>;

export const PackInstallInput = z
  .object({
    uploadId: UploadId,
    passphrase: z.string().min(1).max(1024).optional(),
    /** What to do when the id is taken; without it a clash is CONFLICT. */
    onClash: z.enum(['replace', 'rename']).optional(),
    /** The id to install under with `onClash: 'rename'`. */
    newId: NewSkillId.optional(),
  })
  .strict();

export const PackInstalled = z.object({
  skillId: NewSkillId,
  path: z.string(),
  /** The skill the install replaced, now in the trash (skills:restore brings it back). */
  replaced: TrashedSkill.nullable(),
});
export type PackInstalled = z.infer<typeof PackInstalled>;

export const PackExportInput = z
  .object({ skillId: z.string().min(1).max(200), passphrase: z.string().min(1).max(1024).optional() })
  .strict();

/** Where the pack went: written through the desktop app's save dialog, or handed over to download. */
const exportedCommon = {
  fileName: z.string(),
  /** Files of the folder left out of the pack (links, hidden files, node_modules), as paths. */
  leftOut: z.array(z.string()),
};
export const PackExported = z.discriminatedUnion('delivery', [
  z.object({ delivery: z.literal('saved'), ...exportedCommon, path: z.string(), size: z.number() }),
  z.object({ delivery: z.literal('cancelled'), ...exportedCommon }),
  /** The pack, base64, for the browser to save as a download. */
  z.object({ delivery: z.literal('download'), ...exportedCommon, size: z.number(), data: z.string() }),
]);
export type PackExported = z.infer<typeof PackExported>;
