// Bytes in and out of the dashboard: a picked or dropped file into base64 pieces for `packs:upload`, and
// an exported pack out as a download (an <a download> on a blob: URL, as the memos export does).
import { saveDownload } from '../../app/download';

/** base64 of `bytes`, built in slices (String.fromCharCode takes only so many arguments). */
export function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000)
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

export function fromBase64(text: string): Uint8Array {
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** The file cut into pieces of at most `maxChars` base64 characters (a multiple of 3 bytes each). */
export function base64Pieces(bytes: Uint8Array, maxChars: number): string[] {
  const step = Math.floor(maxChars / 4) * 3;
  const pieces: string[] = [];
  for (let i = 0; i < bytes.length; i += step) pieces.push(toBase64(bytes.subarray(i, i + step)));
  return pieces.length > 0 ? pieces : [''];
}

/** Hands `bytes` to the browser as a download named `fileName`. */
export function saveBytes(fileName: string, bytes: Uint8Array): void {
  const copy = new Uint8Array(bytes); // a Blob wants its own ArrayBuffer
  saveDownload(fileName, new Blob([copy.buffer], { type: 'application/octet-stream' }));
}
