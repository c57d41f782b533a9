import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import { denyPagePermissions, guardNavigation, type PermissionSessionLike, secureWebPreferences } from './security';

/** Stands in for Electron's WebContents: the same events and window-open handler. */
class FakeContents extends EventEmitter {
  openHandler?: (details: { url: string }) => { action: 'deny' };
  setWindowOpenHandler(handler: (details: { url: string }) => { action: 'deny' }) {
    this.openHandler = handler;
  }
  navigate(event: string, url: string) {
    let prevented = false;
    this.emit(event, { preventDefault: () => (prevented = true) }, url);
    return prevented;
  }
}

function guarded() {
  const contents = new FakeContents();
  const opened: string[] = [];
  guardNavigation(contents, 'app://console', (url) => opened.push(url));
  return { contents, opened };
}

describe('guardNavigation', () => {
  it('allows navigation inside the app', () => {
    const { contents } = guarded();
    expect(contents.navigate('will-navigate', 'app://console/admin/members')).toBe(false);
  });

  it('blocks in-window navigation elsewhere and opens web links in the system browser', () => {
    const { contents, opened } = guarded();
    expect(contents.navigate('will-navigate', 'https://example.com/phish')).toBe(true);
    expect(contents.navigate('will-redirect', 'file:///etc/passwd')).toBe(true);
    expect(opened).toEqual(['https://example.com/phish']);
  });

  it('never opens a new window', () => {
    const { contents, opened } = guarded();
    expect(contents.openHandler?.({ url: 'https://grainmutual.example/faq' })).toEqual({ action: 'deny' });
    expect(contents.openHandler?.({ url: 'javascript:alert(1)' })).toEqual({ action: 'deny' });
    expect(opened).toEqual(['https://grainmutual.example/faq']);
  });

  it('refuses webviews', () => {
    const { contents } = guarded();
    expect(contents.navigate('will-attach-webview', '')).toBe(true);
  });
});

describe('secureWebPreferences', () => {
  it('keeps context isolation and the sandbox on and node integration off', () => {
    expect(secureWebPreferences('/p.js')).toMatchObject({ contextIsolation: true, sandbox: true, nodeIntegration: false, webviewTag: false, preload: '/p.js' });
  });
});

describe('denyPagePermissions', () => {
  /** Stands in for Electron's Session: keeps the handlers so the test can ask as a page would. */
  function fakeSession() {
    const handlers: Partial<{
      request: Parameters<PermissionSessionLike['setPermissionRequestHandler']>[0];
      check: Parameters<PermissionSessionLike['setPermissionCheckHandler']>[0];
      device: Parameters<PermissionSessionLike['setDevicePermissionHandler']>[0];
    }> = {};
    const session: PermissionSessionLike = {
      setPermissionRequestHandler: (handler) => void (handlers.request = handler),
      setPermissionCheckHandler: (handler) => void (handlers.check = handler),
      setDevicePermissionHandler: (handler) => void (handlers.device = handler),
    };
    return { session, handlers };
  }
  const permissions = [
    'media',
    'geolocation',
    'notifications',
    'clipboard-read',
    'clipboard-sanitized-write',
    'midiSysex',
    'pointerLock',
    'fullscreen',
    'openExternal',
    'display-capture',
    'hid',
    'serial',
    'usb',
    'unknown',
  ];

  it('refuses every permission a page of the console requests, whichever page asks', async () => {
    const { session, handlers } = fakeSession();
    denyPagePermissions(session);
    for (const permission of permissions) {
      for (const requestingUrl of ['app://console/admin', 'https://attacker.example/']) {
        const granted = await new Promise<boolean>((resolve) => handlers.request!({}, permission, resolve, { requestingUrl }));
        expect(granted, `${permission} for ${requestingUrl}`).toBe(false);
      }
    }
  });

  it('answers every permission check and device request with no', () => {
    const { session, handlers } = fakeSession();
    denyPagePermissions(session);
    for (const permission of permissions) expect(handlers.check!({}, permission, 'app://console', {}), permission).toBe(false);
    expect(handlers.device!({ deviceType: 'usb', origin: 'app://console' })).toBe(false);
  });
});
