// Reading what a request names, for a host that anything on this machine (any web page included) can send
// bytes to: nothing here throws, whatever the bytes; what cannot be read is null and becomes a 400.

export interface RequestTarget {
  /** The path as sent (still percent-encoded), e.g. `/api/invoke/skills:list`. */
  pathname: string;
  query: URLSearchParams;
}

// RFC 3986 origin-form: path segments of pchar (unreserved, sub-delims, ':', '@', %XX), then an
// optional query that may also hold '/' and '?'. Everything else (`[`, a lone `%`, spaces, bytes
// over 0x7E) is refused rather than guessed at.
const PCHAR = String.raw`[A-Za-z0-9\-._~!$&'()*+,;=:@]|%[0-9A-Fa-f]{2}`;
const ORIGIN_FORM = new RegExp(String.raw`^(?:/(?:${PCHAR})*)+(?:\?(?:${PCHAR}|[/?])*)?$`);

/**
 * The origin-form target of a request line (`/path?query`). Absolute-form (`http://h/p`), asterisk-form
 * and targets outside RFC 3986's grammar are null. The path is read against a fixed origin, so a target
 * such as `//evil.example/x` stays a path instead of naming a host.
 */
export function readRequestTarget(raw: string | undefined): RequestTarget | null {
  if (raw === undefined || raw.length > 8192 || !ORIGIN_FORM.test(raw)) return null;
  try {
    const url = new URL(`http://localhost${raw}`);
    return { pathname: url.pathname, query: url.searchParams };
  } catch {
    return null;
  }
}

/** decodeURIComponent, or null for a broken percent-encoding (`%E0%A4%A`, `%`). */
export function decodePathSegment(segment: string): string | null {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}
