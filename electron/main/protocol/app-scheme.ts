import { protocol } from 'electron';
import { APP_SCHEME } from './app-origin';
import { respondWithRendererFile } from './renderer-files';

/**
 * Must run before `ready`. `standard` gives app:// real origins (needed for 'self' and relative URLs),
 * `secure` makes it a secure context; no bypassCSP, no CORS, no service workers.
 */
export function registerAppScheme(): void {
  protocol.registerSchemesAsPrivileged([
    { scheme: APP_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true } },
  ]);
}

/**
 * Serves the built dashboard from `rendererDir` on app://skilldeck/ (default session), and the floating
 * card's and command bar's pages from `pagesDir` (see SHELL_PAGE_FILES).
 */
export function serveRenderer(rendererDir: string, pagesDir?: string): void {
  protocol.handle(APP_SCHEME, (request) => respondWithRendererFile(request, rendererDir, pagesDir));
}
