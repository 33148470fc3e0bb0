// Test helper: a file handed to a core's `packs:*` channels as the dashboard does (base64 pieces).
import type { Client } from '../../../../shared/ipc/client';

const PIECE = 256 * 1024;

/** Uploads `bytes` in pieces; the upload's id. */
export async function uploadPack(
  client: Client,
  bytes: Buffer,
  fileName = 'test.skillpack',
): Promise<string> {
  let uploadId: string | undefined;
  for (let offset = 0; ; offset += PIECE) {
    const piece = bytes.subarray(offset, offset + PIECE);
    const done = offset + PIECE >= bytes.length;
    const result = await client.request('packs:upload', {
      ...(uploadId ? { uploadId } : { fileName }),
      offset,
      data: piece.toString('base64'),
      done,
    });
    if (!result.ok) throw new Error(result.error.message);
    uploadId = result.value.uploadId;
    if (done) return uploadId;
  }
}
