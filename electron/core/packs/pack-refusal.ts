// Every reason a pack is refused, in English with its words for the dashboard (`errors:packs.<key>` in the
// renderer's locales says the same; pack-refusal.test.ts checks each against them).
import { AppError, type ErrorCode } from '../../../shared/ipc/result';

export const REFUSALS = {
  notAPack: 'this file is not a skill pack: it is neither a ZIP file nor a sealed pack',
  tooLarge: 'the file is {{size}}, over the {{limit}} a pack may be',
  unreadableZip: 'the ZIP file cannot be read ({{detail}})',
  needsPassphrase: 'this pack is sealed: give its passphrase to open it',
  wrongPassphrase: 'the passphrase is wrong, or the pack was changed after it was sealed',
  badSeal: 'the sealed pack cannot be opened: {{detail}}',
  pathTraversal: '{{path}} climbs out of the skill folder (..)',
  absolutePath: '{{path}} is an absolute path',
  drivePath: '{{path}} names a drive or a stream (:)',
  backslashPath: '{{path}} uses backslashes; paths in a pack use /',
  badPathName: '{{path}} is not a usable file name',
  symlink: '{{path}} is a symbolic link; a pack holds only plain files',
  specialFile: '{{path}} is not a plain file',
  encryptedEntry: '{{path}} is encrypted inside the ZIP; only the whole pack can be sealed',
  unknownCompression: '{{path}} is compressed in a way Skilldeck does not read (method {{method}})',
  duplicatePath: '{{path}} is in the pack twice (names that differ only in case count as the same)',
  tooManyFiles: 'the pack holds {{count}} files, over the {{limit}} allowed',
  fileTooLarge: '{{path}} unpacks to {{size}}, over the {{limit}} one file may have',
  totalTooLarge: 'the pack unpacks to {{size}}, over the {{limit}} allowed',
  ratioTooHigh:
    '{{path}} expands {{ratio}} times when unpacked, over the {{limit}} times allowed (a zip bomb?)',
  packRatioTooHigh:
    'the pack expands {{ratio}} times when unpacked, over the {{limit}} times allowed (a zip bomb?)',
  sizeLie: '{{path}} does not unpack to the size the ZIP says it has',
  strayEntry: '{{path}} is outside skill/ and is not skillpack.json',
  manifestUnreadable: 'skillpack.json does not parse: {{detail}}',
  formatTooNew:
    'the pack is format version {{version}}, made by a newer Skilldeck; this one reads version {{supported}}',
  notInManifest: '{{path}} is in the ZIP but not in skillpack.json',
  missingFile: '{{path}} is listed in skillpack.json but is not in the ZIP',
  sizeMismatch: '{{path}} is {{actual}} bytes, but skillpack.json says {{expected}}',
  hashMismatch: '{{path}} does not match its sha256 in skillpack.json: the file was changed',
  noSkillFile: 'there is no SKILL.md in it (at its top, or in one folder)',
  severalSkills: 'it holds several skills ({{where}}); pack one skill folder at a time',
  idTaken: 'a skill "{{id}}" already exists ({{source}}: {{path}}): replace it or install under another id',
  renameNeedsId: 'to install under another id, give the new id',
  renameTaken: '"{{id}}" is taken too ({{source}}: {{path}}); pick another id',
  uploadUnknown: 'that file is no longer held (it expired or was installed); choose it again',
  uploadOutOfOrder: 'a piece of the file arrived out of order; choose the file again',
  uploadIncomplete: 'the file has not finished uploading',
  urlInvalid: '{{url}} is not a link',
  urlScheme: 'only http and https links can be imported, not {{scheme}}',
  urlStatus: 'the server answered {{status}} for {{url}}',
  urlTimeout: 'the download did not finish within {{seconds}} s',
  urlFailed: 'the download failed: {{detail}}',
  exportEmpty: '{{id}} has no files to pack',
} as const;

export type RefusalReason = keyof typeof REFUSALS;
type Values = Record<string, string | number>;

const render = (template: string, values: Values) =>
  template.replace(/\{\{(\w+)\}\}/g, (_, key: string) => String(values[key] ?? `{{${key}}}`));

/** The AppError for one reason: English message, words `packs.<reason>`, INVALID_INPUT unless told. */
export function refusal(reason: RefusalReason, values: Values = {}, code: ErrorCode = 'INVALID_INPUT') {
  return new AppError(code, render(REFUSALS[reason], values), {
    words: { key: `packs.${reason}`, values },
  });
}

/** Whether an error is a pack refusal for `reason` (tests, and callers that react to one). */
export function isRefusal(error: unknown, reason: RefusalReason): boolean {
  return error instanceof AppError && error.words?.key === `packs.${reason}`;
}

/** `1.5 MiB`, `300 KiB`, `12 B`: sizes in messages. */
export function byteSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KiB`;
  const mib = bytes / (1024 * 1024);
  return `${mib < 10 ? mib.toFixed(1).replace(/\.0$/, '') : Math.round(mib)} MiB`;
}
