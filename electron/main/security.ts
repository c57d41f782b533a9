/**
 * Navigation lock-down for every window: the console shows only its own renderer. Links to the
 * web open in the system browser; everything else is refused. Written against the few members
 * of Electron's WebContents it uses, so Node tests can drive it.
 */
export interface GuardedContents {
  on(event: 'will-navigate' | 'will-redirect', listener: (event: { preventDefault(): void }, url: string) => void): unknown;
  on(event: 'will-attach-webview', listener: (event: { preventDefault(): void }) => void): unknown;
  setWindowOpenHandler(handler: (details: { url: string }) => { action: 'deny' }): void;
}

/** Compares scheme, host and port: for custom schemes such as app:// URL.origin is always 'null'. */
export function isSameOrigin(url: string, appOrigin: string): boolean {
  try {
    const target = new URL(url);
    const app = new URL(appOrigin);
    return target.protocol === app.protocol && target.host === app.host && target.host !== '';
  } catch {
    return false;
  }
}

export function isExternalWebLink(url: string): boolean {
  try {
    const { protocol } = new URL(url);
    return protocol === 'https:' || protocol === 'mailto:';
  } catch {
    return false;
  }
}

export function guardNavigation(contents: GuardedContents, appOrigin: string, openExternal: (url: string) => void): void {
  const refuseUnlessInApp = (event: { preventDefault(): void }, url: string) => {
    if (isSameOrigin(url, appOrigin)) return;
    event.preventDefault();
    if (isExternalWebLink(url)) openExternal(url);
  };
  contents.on('will-navigate', refuseUnlessInApp);
  contents.on('will-redirect', refuseUnlessInApp);
  contents.on('will-attach-webview', (event) => event.preventDefault());
  contents.setWindowOpenHandler(({ url }) => {
    if (isExternalWebLink(url)) openExternal(url);
    return { action: 'deny' };
  });
}

/** The web preferences of every console window. */
export function secureWebPreferences(preloadPath: string) {
  return {
    preload: preloadPath,
    contextIsolation: true,
    sandbox: true,
    nodeIntegration: false,
    nodeIntegrationInWorker: false,
    webviewTag: false,
    webSecurity: true,
    allowRunningInsecureContent: false,
    spellcheck: true,
  } as const;
}

/** The members of Electron's Session that decide what a page may ask for. */
export interface PermissionSessionLike {
  setPermissionRequestHandler(handler: (webContents: unknown, permission: string, callback: (granted: boolean) => void, details: unknown) => void): void;
  setPermissionCheckHandler(handler: (webContents: unknown, permission: string, requestingOrigin: string, details: unknown) => boolean): void;
  setDevicePermissionHandler(handler: (details: unknown) => boolean): void;
}

/**
 * The console's pages use no browser permission: no camera, microphone, location, clipboard,
 * MIDI, USB, HID, serial or web notifications (staff notifications are shown by the main process,
 * which asks no page). So every request and every check is refused, whichever page asks.
 */
export function denyPagePermissions(session: PermissionSessionLike): void {
  session.setPermissionRequestHandler((_webContents, _permission, callback) => callback(false));
  session.setPermissionCheckHandler(() => false);
  session.setDevicePermissionHandler(() => false);
}
