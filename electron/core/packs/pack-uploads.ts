// Files the dashboard hands over for import (sent in pieces: a WebSocket message is at most 1 MiB) or the
// host fetched from a link, held in memory — never on disk — until installed, discarded or expired.
import crypto from 'node:crypto';
import { byteSize, refusal } from './pack-refusal';

export interface HeldFile {
  bytes: Buffer;
  fileName: string;
}

interface Upload {
  chunks: Buffer[];
  size: number;
  fileName: string;
  done: boolean;
  expires: number;
}

export interface UploadOptions {
  maxBytes: number;
  /** How many files may be held at once; one more lets go of the oldest. */
  maxHeld?: number;
  ttlMs?: number;
  now?: () => number;
}

export interface PieceInput {
  uploadId?: string | undefined;
  offset: number;
  data: string;
  done: boolean;
  fileName?: string | undefined;
}

export function createUploads(options: UploadOptions) {
  const maxHeld = options.maxHeld ?? 4;
  const ttlMs = options.ttlMs ?? 15 * 60_000;
  const now = options.now ?? Date.now;
  const held = new Map<string, Upload>();

  const sweep = () => {
    for (const [id, upload] of held) if (upload.expires <= now()) held.delete(id);
  };
  const start = (fileName: string): [string, Upload] => {
    sweep();
    // the oldest held file makes room (an import dialog left open elsewhere, long forgotten)
    while (held.size >= maxHeld) held.delete(held.keys().next().value!);
    const id = crypto.randomBytes(12).toString('base64url');
    const upload: Upload = { chunks: [], size: 0, fileName, done: false, expires: now() + ttlMs };
    held.set(id, upload);
    return [id, upload];
  };
  const find = (id: string) => {
    sweep();
    const upload = held.get(id);
    if (!upload) throw refusal('uploadUnknown');
    return upload;
  };
  const tooLarge = (size: number) =>
    refusal('tooLarge', { size: `${byteSize(size)}+`, limit: byteSize(options.maxBytes) });

  return {
    /** One piece of a file; the first starts an upload. */
    receive(piece: PieceInput): { uploadId: string; received: number } {
      const [id, upload] =
        piece.uploadId === undefined
          ? start(piece.fileName ?? 'upload.skillpack')
          : [piece.uploadId, find(piece.uploadId)];
      if (upload.done || piece.offset !== upload.size) {
        held.delete(id);
        throw refusal('uploadOutOfOrder');
      }
      const data = Buffer.from(piece.data, 'base64');
      if (upload.size + data.length > options.maxBytes) {
        held.delete(id);
        throw tooLarge(upload.size + data.length);
      }
      upload.chunks.push(data);
      upload.size += data.length;
      upload.done = piece.done;
      upload.expires = now() + ttlMs;
      return { uploadId: id, received: upload.size };
    },
    /** A whole file at once (a download). */
    hold(bytes: Buffer, fileName: string): string {
      const [id, upload] = start(fileName);
      Object.assign(upload, { chunks: [bytes], size: bytes.length, done: true });
      return id;
    },
    get(id: string): HeldFile {
      const upload = find(id);
      if (!upload.done) throw refusal('uploadIncomplete');
      if (upload.chunks.length > 1) upload.chunks = [Buffer.concat(upload.chunks)];
      return { bytes: upload.chunks[0] ?? Buffer.alloc(0), fileName: upload.fileName };
    },
    drop: (id: string) => held.delete(id),
  };
}

export type Uploads = ReturnType<typeof createUploads>;
