import { EventEmitter } from 'node:events';
import type { Session, WebContents } from 'electron';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { denyAllPermissions, hardenWebContents } from './security';

const openExternal = vi.hoisted(() => vi.fn(async (_url: string) => undefined));
vi.mock('electron', () => ({ shell: { openExternal } }));

type OpenHandler = (details: { url: string }) => { action: string };
type PermissionRequest = (
  contents: unknown,
  permission: string,
  callback: (granted: boolean) => void,
) => void;

function fakeSession() {
  const handlers: { request?: PermissionRequest; check?: () => boolean; device?: () => boolean } = {};
  const session = {
    setPermissionRequestHandler: vi.fn((h: PermissionRequest) => void (handlers.request = h)),
    setPermissionCheckHandler: vi.fn((h: () => boolean) => void (handlers.check = h)),
    setDevicePermissionHandler: vi.fn((h: () => boolean) => void (handlers.device = h)),
  };
  return { session, handlers, asSession: session as unknown as Session };
}

function fakeContents() {
  const emitter = new EventEmitter();
  const { session, handlers } = fakeSession();
  let openHandler: OpenHandler | undefined;
  const contents = Object.assign(emitter, {
    session,
    setWindowOpenHandler: (handler: OpenHandler) => void (openHandler = handler),
  });
  hardenWebContents(contents as unknown as WebContents);
  const navigate = (event: string, url: string) => {
    const preventDefault = vi.fn();
    emitter.emit(event, { url, preventDefault });
    return preventDefault.mock.calls.length > 0;
  };
  return { navigate, open: (url: string) => openHandler!({ url }), emitter, session, handlers };
}

beforeEach(() => openExternal.mockClear());

describe('hardenWebContents', () => {
  it.each(['will-navigate', 'will-frame-navigate', 'will-redirect'])(
    '%s may stay on app://skilldeck only',
    (event) => {
      const { navigate } = fakeContents();
      expect(navigate(event, 'app://skilldeck/index.html#/runs')).toBe(false);
      for (const url of [
        'https://evil.example/',
        'file:///etc/passwd',
        'app://other/',
        'javascript:alert(1)',
        'data:text/html,x',
      ]) {
        expect(navigate(event, url), url).toBe(true);
      }
    },
  );

  it('refuses every <webview>', () => {
    const { emitter } = fakeContents();
    const preventDefault = vi.fn();
    emitter.emit('will-attach-webview', { preventDefault }, {}, {});
    expect(preventDefault).toHaveBeenCalled();
  });

  it('denies every new window, handing only http(s) and mailto links to the OS', () => {
    const { open } = fakeContents();
    expect(open('https://agentskills.io/')).toEqual({ action: 'deny' });
    expect(openExternal).toHaveBeenCalledWith('https://agentskills.io/');
    expect(open('mailto:ada@example.com')).toEqual({ action: 'deny' });
    expect(openExternal).toHaveBeenLastCalledWith('mailto:ada@example.com');
    openExternal.mockClear();
    for (const url of [
      'file:///etc/passwd',
      'app://skilldeck/index.html',
      'smb://host/x',
      'javascript:alert(1)',
    ]) {
      expect(open(url)).toEqual({ action: 'deny' });
    }
    expect(openExternal).not.toHaveBeenCalled();
  });

  it("denies permissions on the contents' session", () => {
    const { handlers } = fakeContents();
    const callback = vi.fn();
    handlers.request!({}, 'media', callback);
    expect(callback).toHaveBeenCalledWith(false);
    expect(handlers.check!()).toBe(false);
    expect(handlers.device!()).toBe(false);
  });
});

describe('denyAllPermissions', () => {
  it('installs the handlers once per session', () => {
    const { session, asSession } = fakeSession();
    denyAllPermissions(asSession);
    denyAllPermissions(asSession);
    expect(session.setPermissionRequestHandler).toHaveBeenCalledTimes(1);
    expect(session.setPermissionCheckHandler).toHaveBeenCalledTimes(1);
  });
});

describe('the microphone', () => {
  it('is granted for audio only, to the recording indicator’s page on app://skilldeck, while it lives', async () => {
    const { allowMicrophoneFor, dropMicrophoneFor } = await import('./windows/microphone-permission');
    const { handlers } = fakeContents();
    const request = handlers.request as unknown as (
      contents: unknown,
      permission: string,
      callback: (granted: boolean) => void,
      details: { mediaTypes?: string[]; requestingUrl?: string },
    ) => void;
    const ask = (contents: object, permission: string, mediaTypes: string[], requestingUrl: string) => {
      let granted: boolean | undefined;
      request(contents, permission, (g) => (granted = g), { mediaTypes, requestingUrl });
      return granted;
    };
    const recorder = {};
    const dashboard = {};
    const page = 'app://skilldeck/index.html#/record?skill=dictate';
    expect(ask(recorder, 'media', ['audio'], page)).toBe(false); // not yet a recorder page
    allowMicrophoneFor(recorder);
    expect(ask(recorder, 'media', ['audio'], page)).toBe(true);
    expect(ask(recorder, 'media', ['audio', 'video'], page)).toBe(false);
    expect(ask(recorder, 'media', ['video'], page)).toBe(false);
    expect(ask(recorder, 'media', ['audio'], 'https://evil.example/')).toBe(false);
    expect(ask(recorder, 'notifications', [], page)).toBe(false);
    expect(ask(dashboard, 'media', ['audio'], page)).toBe(false);
    const check = handlers.check as unknown as (
      contents: unknown,
      permission: string,
      origin: string,
      details: { mediaType?: string },
    ) => boolean;
    expect(check(recorder, 'media', 'app://skilldeck', { mediaType: 'audio' })).toBe(true);
    expect(check(recorder, 'media', 'app://skilldeck', { mediaType: 'video' })).toBe(false);
    dropMicrophoneFor(recorder);
    expect(ask(recorder, 'media', ['audio'], page)).toBe(false);
  });
});
