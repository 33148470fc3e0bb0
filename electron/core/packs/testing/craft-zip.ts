// Test helper: ZIP files written byte by byte, so a test can build what no well-behaved zipper makes —
// `../` names, absolute and drive paths, backslashes, symlink entries, sizes that lie — and feed them
// to the reader. Also: a well-formed pack (skillpack.json + skill/) with a manifest that may be doctored.
import crypto from 'node:crypto';
import zlib from 'node:zlib';

export interface CraftEntry {
  name: string;
  data?: Buffer | string;
  /** Deflate (default) or store. */
  deflate?: boolean;
  /** Unix mode in the high 16 bits of the external attributes (e.g. 0o120777 for a symlink). */
  unixMode?: number;
  /** Overrides the declared uncompressed size (a lie). */
  declaredSize?: number;
  /** General purpose flags (bit 0: encrypted). */
  flags?: number;
  method?: number;
}

export function craftZip(entries: readonly CraftEntry[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const data = Buffer.from(entry.data ?? '');
    const deflate = entry.deflate ?? true;
    const body = deflate ? zlib.deflateRawSync(data) : data;
    const method = entry.method ?? (deflate ? 8 : 0);
    const name = Buffer.from(entry.name, 'utf8');
    const flags = (entry.flags ?? 0) | 0x800; // UTF-8 names
    const crc = zlib.crc32(data);
    const size = entry.declaredSize ?? data.length;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(flags, 6);
    local.writeUInt16LE(method, 8);
    local.writeUInt32LE(0, 10); // time, date
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(body.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    local.writeUInt16LE(0, 28);
    locals.push(local, name, body);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(entry.unixMode === undefined ? 20 : (3 << 8) | 20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(flags, 8);
    central.writeUInt16LE(method, 10);
    central.writeUInt32LE(0, 12);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(body.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt16LE(0, 30); // extra
    central.writeUInt16LE(0, 32); // comment
    central.writeUInt16LE(0, 34); // disk
    central.writeUInt16LE(0, 36); // internal attributes
    central.writeUInt32LE(entry.unixMode === undefined ? 0 : (entry.unixMode << 16) >>> 0, 38);
    central.writeUInt32LE(offset, 42);
    centrals.push(central, name);
    offset += local.length + name.length + body.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

const sha = (data: Buffer) => crypto.hash('sha256', data, 'hex');

export const SKILL_TEXT =
  '---\nname: shared-skill\ndescription: A skill that came in a pack.\n---\nSay hello.\n';

/**
 * A pack's entries: skillpack.json listing `files` (path → text under skill/), then the files.
 * `doctor` changes the manifest before it is written; `extra` entries go in as they are.
 */
export function craftPack(
  files: Record<string, string | Buffer> = { 'SKILL.md': SKILL_TEXT },
  options: { doctor?: (manifest: Record<string, unknown>) => void; extra?: CraftEntry[] } = {},
): Buffer {
  const manifest: Record<string, unknown> = {
    formatVersion: 1,
    id: 'shared-skill',
    name: 'shared-skill',
    description: 'A skill that came in a pack.',
    version: '1.0.0',
    author: 'Ann',
    created: '2026-11-25T10:00:00.000Z',
    appearance: { emoji: '🦊', color: '#7c3aed' },
    files: Object.entries(files).map(([path, data]) => ({
      path,
      size: Buffer.from(data).length,
      sha256: sha(Buffer.from(data)),
    })),
  };
  options.doctor?.(manifest);
  return craftZip([
    { name: 'skillpack.json', data: JSON.stringify(manifest) },
    ...Object.entries(files).map(([path, data]) => ({ name: `skill/${path}`, data })),
    ...(options.extra ?? []),
  ]);
}
