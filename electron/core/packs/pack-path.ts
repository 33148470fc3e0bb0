// The one check every path in a pack passes (ZIP entry names and the manifest's paths): relative, `/`
// only, no `..`, no drive or stream, no control characters — a path that cannot land outside the folder
// it is unpacked into on any system.
import { refusal } from './pack-refusal';

const MAX_SEGMENT_BYTES = 255;
const MAX_PATH_CHARS = 400;
/** Names Windows keeps for devices, whatever the extension: such a file cannot be made there. */
const WINDOWS_DEVICE = /^(con|prn|aux|nul|com[0-9]|lpt[0-9])(\..*)?$/i;

/** Throws the refusal for an unsafe path; returns it unchanged otherwise. */
export function checkPackPath(path: string): string {
  if (path.includes('\\')) throw refusal('backslashPath', { path });
  if (path.startsWith('/')) throw refusal('absolutePath', { path });
  if (/^[A-Za-z]:/.test(path) || path.includes(':')) throw refusal('drivePath', { path });
  if (path.length > MAX_PATH_CHARS) throw refusal('badPathName', { path: `${path.slice(0, 60)}…` });
  const segments = path.split('/');
  if (segments.includes('..')) throw refusal('pathTraversal', { path });
  for (const segment of segments) {
    if (
      segment === '' ||
      segment === '.' ||
      Buffer.byteLength(segment) > MAX_SEGMENT_BYTES ||
      // eslint-disable-next-line no-control-regex
      /[\u0000-\u001f\u007f]/.test(segment) ||
      /[. ]$/.test(segment) || // Windows drops a trailing dot or space: two names would become one
      WINDOWS_DEVICE.test(segment)
    )
      throw refusal('badPathName', { path });
  }
  return path;
}

/** The key two paths share when a case-insensitive file system would make them one file. */
export const foldedPath = (path: string) => path.normalize('NFC').toLowerCase();
