// Reads a ZIP we did not make, refusing before anything is unpacked whatever could hurt: paths that
// leave the folder, links and devices, encrypted or unknown entries, duplicates, too many files, sizes and
// compression ratios past the limits. Then each file is inflated with yauzl holding it to the size its
// entry declares (`validateEntrySizes`), so the declared sizes the limits were checked on are the truth.
import yauzl, { type Entry, type ZipFile } from 'yauzl';
import type { PackLimits } from './pack-limits';
import { checkPackPath, foldedPath } from './pack-path';
import { byteSize, refusal } from './pack-refusal';

/** The ZIP's files by path (folders are implied by the paths and not listed). */
export type ZipFiles = Map<string, Buffer>;

const UNIX_HOST = 3;
const S_IFMT = 0o170000;
const S_IFREG = 0o100000;
const S_IFDIR = 0o040000;
const S_IFLNK = 0o120000;
const DOS_DIRECTORY = 0x10;

/** What the entry is, by the Unix mode a Unix zipper stores (others store DOS attributes). */
function entryKind(entry: Entry, name: string): 'file' | 'dir' | 'link' | 'special' {
  if (entry.versionMadeBy >> 8 === UNIX_HOST) {
    const type = (entry.externalFileAttributes >>> 16) & S_IFMT;
    if (type === S_IFLNK) return 'link';
    if (type === S_IFDIR) return 'dir';
    if (type !== 0 && type !== S_IFREG) return 'special';
  }
  if (name.endsWith('/') || (entry.externalFileAttributes & DOS_DIRECTORY) !== 0) return 'dir';
  return 'file';
}

function openZip(bytes: Buffer): Promise<ZipFile> {
  return new Promise((resolve, reject) =>
    yauzl.fromBuffer(
      bytes,
      { lazyEntries: true, decodeStrings: false, validateEntrySizes: true, strictFileNames: true },
      (error, zip) => (error ? reject(refusal('unreadableZip', { detail: error.message })) : resolve(zip)),
    ),
  );
}

function allEntries(zip: ZipFile): Promise<Entry[]> {
  return new Promise((resolve, reject) => {
    const entries: Entry[] = [];
    zip.on('entry', (entry: Entry) => {
      entries.push(entry);
      zip.readEntry();
    });
    zip.on('end', () => resolve(entries));
    zip.on('error', (error: Error) => reject(refusal('unreadableZip', { detail: error.message })));
    zip.readEntry();
  });
}

function inflate(zip: ZipFile, entry: Entry, path: string): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    zip.openReadStream(entry, (error, stream) => {
      if (error) return reject(refusal('unreadableZip', { detail: error.message }));
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('error', (failure: Error) =>
        reject(
          /too (many|few) bytes|size mismatch/.test(failure.message)
            ? refusal('sizeLie', { path })
            : refusal('unreadableZip', { detail: failure.message }),
        ),
      );
      stream.on('end', () => resolve(Buffer.concat(chunks)));
    });
  });
}

const ratioOf = (unpacked: number, packed: number) => Math.round(unpacked / Math.max(packed, 1));

/** The files of a ZIP, or the refusal that says why not. */
export async function readZip(bytes: Buffer, limits: PackLimits): Promise<ZipFiles> {
  const zip = await openZip(bytes);
  // A directory listing far past any pack is refused before it is walked.
  if (zip.entryCount > limits.files * 2 + 64)
    throw refusal('tooManyFiles', { count: zip.entryCount, limit: limits.files });
  const entries = await allEntries(zip);

  const files: { entry: Entry; path: string }[] = [];
  const seen = new Set<string>();
  let total = 0;
  for (const entry of entries) {
    const raw = yauzl.getFileNameLowLevel(
      entry.generalPurposeBitFlag,
      entry.fileNameRaw,
      entry.extraFields,
      true,
    );
    const kind = entryKind(entry, raw);
    const path = checkPackPath(kind === 'dir' ? raw.replace(/\/$/, '') : raw);
    if (kind === 'link') throw refusal('symlink', { path });
    if (kind === 'special') throw refusal('specialFile', { path });
    const key = foldedPath(path);
    if (seen.has(key)) throw refusal('duplicatePath', { path });
    seen.add(key);
    if (kind === 'dir') continue;
    if (entry.isEncrypted()) throw refusal('encryptedEntry', { path });
    if (entry.compressionMethod !== 0 && entry.compressionMethod !== 8)
      throw refusal('unknownCompression', { path, method: entry.compressionMethod });
    const size = entry.uncompressedSize;
    if (size > limits.fileBytes)
      throw refusal('fileTooLarge', {
        path,
        size: byteSize(size),
        limit: byteSize(limits.fileBytes),
      });
    if (size > limits.ratioFloorBytes && ratioOf(size, entry.compressedSize) > limits.ratio)
      throw refusal('ratioTooHigh', {
        path,
        ratio: ratioOf(size, entry.compressedSize),
        limit: limits.ratio,
      });
    total += size;
    files.push({ entry, path });
  }
  // the manifest is not one of the skill's files
  const counted = files.filter((f) => f.path !== 'skillpack.json').length;
  if (counted > limits.files) throw refusal('tooManyFiles', { count: counted, limit: limits.files });
  if (total > limits.totalBytes)
    throw refusal('totalTooLarge', { size: byteSize(total), limit: byteSize(limits.totalBytes) });
  if (total > limits.ratioFloorBytes && ratioOf(total, bytes.length) > limits.ratio)
    throw refusal('packRatioTooHigh', { ratio: ratioOf(total, bytes.length), limit: limits.ratio });

  const out: ZipFiles = new Map();
  for (const { entry, path } of files) out.set(path, await inflate(zip, entry, path));
  return out;
}
