import { shell, type Session, type WebContents } from 'electron';
import { isAppUrl, isExternalLink } from './protocol/app-origin';
import { microphoneAllowed } from './windows/microphone-permission';

const hardenedSessions = new WeakSet<Session>();

/**
 * No page of ours needs camera, notifications, clipboard-read, USB… so every request is a no — but the
 * microphone, for audio only, to the recording indicator's own page (windows/microphone-permission.ts).
 */
export function denyAllPermissions(session: Session): void {
  if (hardenedSessions.has(session)) return;
  hardenedSessions.add(session);
  session.setPermissionRequestHandler((contents, permission, callback, details) => {
    const media = details as { mediaTypes?: string[]; requestingUrl?: string } | undefined;
    callback(
      microphoneAllowed(contents, {
        permission,
        mediaTypes: media?.mediaTypes ?? [],
        url: media?.requestingUrl ?? '',
      }),
    );
  });
  session.setPermissionCheckHandler((contents, permission, origin, details) =>
    microphoneAllowed(contents, {
      permission,
      mediaTypes: (details as { mediaType?: string } | undefined)?.mediaType ? [details.mediaType!] : [],
      url: (details as { requestingUrl?: string } | undefined)?.requestingUrl ?? origin,
    }),
  );
  session.setDevicePermissionHandler(() => false);
}

function openInBrowser(url: string): void {
  shell.openExternal(url).catch((error: unknown) => {
    console.error(`[skilldeck] could not open ${url} in the browser:`, error);
  });
}

type Preventable = { url: string; preventDefault(): void };

function stayOnDashboard(event: Preventable): void {
  if (!isAppUrl(event.url)) event.preventDefault();
}

/**
 * Applied to every web contents Electron creates (app.on('web-contents-created')), so a window added
 * later cannot forget it: no leaving app://skilldeck, no new windows (web links go to the browser),
 * no <webview>, no permissions.
 */
export function hardenWebContents(contents: WebContents): void {
  contents.on('will-navigate', stayOnDashboard);
  contents.on('will-frame-navigate', stayOnDashboard);
  contents.on('will-redirect', stayOnDashboard);
  contents.on('will-attach-webview', (event) => event.preventDefault());
  contents.setWindowOpenHandler(({ url }) => {
    if (isExternalLink(url)) openInBrowser(url);
    return { action: 'deny' };
  });
  denyAllPermissions(contents.session);
}
