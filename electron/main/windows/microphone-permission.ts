// The one permission any Skilldeck page gets: the microphone, for audio only, to the recording indicator's
// own page on app://skilldeck, while that window lives. Everything else (camera, screen capture, any other
// page, any other origin) stays denied, as security.ts denies every permission.
import { isAppUrl } from '../protocol/app-origin';

/** The web contents of the recording indicator windows (recorder-window.ts adds and drops them). */
const recorderPages = new WeakSet<object>();

export function allowMicrophoneFor(contents: object): void {
  recorderPages.add(contents);
}

export function dropMicrophoneFor(contents: object): void {
  recorderPages.delete(contents);
}

export interface MediaRequest {
  permission: string;
  /** Electron's `details.mediaTypes` for a request (`['audio']`), or `details.mediaType` of a check. */
  mediaTypes: readonly string[];
  /** The page asking (`details.requestingUrl`, or the check's origin). */
  url: string;
}

/** Whether this request is the recorder page asking for the microphone. */
export function microphoneAllowed(contents: object | null, request: MediaRequest): boolean {
  if (!contents || !recorderPages.has(contents)) return false;
  if (request.permission !== 'media') return false;
  if (request.mediaTypes.length === 0 || request.mediaTypes.some((type) => type !== 'audio')) return false;
  return isAppUrl(request.url);
}
