/**
 * The dashboard's origin. Renderer files are served from `app://skilldeck/…` rather than file:// so the
 * page gets a real, narrow origin: CSP 'self' means exactly these files, and the IPC sender check and
 * navigation rules can compare against one origin.
 */
export const APP_SCHEME = 'app';
export const APP_HOST = 'skilldeck';
export const APP_ORIGIN = `${APP_SCHEME}://${APP_HOST}`;
export const DASHBOARD_URL = `${APP_ORIGIN}/index.html`;

function parse(url: string): URL | null {
  try {
    return new URL(url);
  } catch {
    return null;
  }
}

/**
 * True when `url` is on the dashboard's origin. Compares parts, not `URL.origin` (Node reports `null`
 * for non-special schemes such as app:), and the host case-blind, as Chromium canonicalizes it.
 */
export function isAppUrl(url: string): boolean {
  const parsed = parse(url);
  return (
    parsed !== null &&
    parsed.protocol === `${APP_SCHEME}:` &&
    parsed.hostname.toLowerCase() === APP_HOST &&
    parsed.port === '' &&
    parsed.username === '' &&
    parsed.password === ''
  );
}

/** Links the dashboard may hand to the OS browser. */
export function isExternalWebUrl(url: string): boolean {
  const parsed = parse(url);
  return parsed !== null && (parsed.protocol === 'https:' || parsed.protocol === 'http:');
}

/**
 * What a link in the dashboard may open outside it: web pages in the browser, `mailto:` in the mail app
 * (run output renders both as links). Nothing else — no file:, smb:, custom schemes.
 */
export function isExternalLink(url: string): boolean {
  const parsed = parse(url);
  return (
    parsed !== null && (isExternalWebUrl(url) || (parsed.protocol === 'mailto:' && parsed.pathname !== ''))
  );
}

/** The origin part of a URL for error messages, never the full URL (it may carry a query). */
export function describeOrigin(url: string): string {
  const parsed = parse(url);
  if (parsed === null) return 'an unparsable URL';
  return parsed.host ? `${parsed.protocol}//${parsed.host}` : parsed.protocol;
}
