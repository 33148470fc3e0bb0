// "Import from URL": the host downloads the link (http or https only), at most `maxBytes` and within
// `timeoutMs` for the whole download; the body is read piece by piece and dropped the moment it is too big.
import { byteSize, refusal } from './pack-refusal';

export interface FetchLimits {
  maxBytes: number;
  timeoutMs: number;
}

export interface Fetched {
  bytes: Buffer;
  /** The last path segment of the (final) URL, e.g. `translate.skillpack`. */
  fileName: string;
}

function parseLink(text: string): URL {
  let url: URL;
  try {
    url = new URL(text.trim());
  } catch {
    throw refusal('urlInvalid', { url: text });
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw refusal('urlScheme', { scheme: url.protocol.replace(/:$/, '') });
  return url;
}

function fileNameOf(url: string): string {
  const last = new URL(url).pathname.split('/').filter(Boolean).pop() ?? '';
  try {
    return decodeURIComponent(last) || 'download.zip';
  } catch {
    return last || 'download.zip';
  }
}

export async function fetchPackFile(link: string, limits: FetchLimits): Promise<Fetched> {
  const url = parseLink(link);
  const tooLarge = (size: string) => refusal('tooLarge', { size, limit: byteSize(limits.maxBytes) });
  const timeout = AbortSignal.timeout(limits.timeoutMs);
  const failed = (error: unknown) =>
    timeout.aborted
      ? refusal('urlTimeout', { seconds: Math.round(limits.timeoutMs / 100) / 10 })
      : refusal('urlFailed', {
          detail: (error as Error & { cause?: Error }).cause?.message ?? String(error),
        });
  let response: Response;
  try {
    response = await fetch(url, { signal: timeout, redirect: 'follow' });
  } catch (error) {
    throw failed(error);
  }
  if (!response.ok) {
    await response.body?.cancel().catch(() => undefined);
    throw refusal('urlStatus', { status: response.status, url: url.toString() });
  }
  const declared = Number(response.headers.get('content-length') ?? NaN);
  if (declared > limits.maxBytes) {
    await response.body?.cancel().catch(() => undefined);
    throw tooLarge(byteSize(declared));
  }
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for await (const chunk of response.body ?? []) {
      size += chunk.length;
      // leaving the loop cancels the download
      if (size > limits.maxBytes) throw tooLarge(`${byteSize(size)}+`);
      chunks.push(chunk);
    }
  } catch (error) {
    if ((error as { words?: unknown }).words) throw error;
    throw failed(error);
  }
  return { bytes: Buffer.concat(chunks), fileName: fileNameOf(response.url || url.toString()) };
}
