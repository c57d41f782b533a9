import { SERVER_ADDRESS_FORM_IDS } from '../../preload/settings-bridge-types';
import type { InvokeEventLike } from '../ipc/register';
import { type GuardedContents, guardNavigation, secureWebPreferences } from '../security';

const ids = SERVER_ADDRESS_FORM_IDS;

/**
 * The settings window's page: a form and nothing else. It runs no script (its CSP allows none, and
 * inline styles only); its preload fills the form in and sends it (preload/server-address-form.ts).
 */
export const SETTINGS_PAGE_HTML = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; form-action 'none'; base-uri 'none'">
<title>Server address</title>
<style>
  body { font: 14px/1.5 system-ui, sans-serif; margin: 24px; color: #1f2a1f; }
  h1 { font-size: 18px; margin: 0 0 8px; }
  label { display: block; font-weight: 600; margin: 16px 0 4px; }
  input { box-sizing: border-box; width: 100%; font: inherit; padding: 6px 8px; }
  button { margin-top: 12px; font: inherit; padding: 6px 16px; }
  .error { color: #a12622; }
  .notice { color: #1d5e2a; }
</style>
</head>
<body>
<main>
<h1>Server address</h1>
<p>The mutual’s server this console sends every call to. It must start with https://, or http:// for this computer only (localhost, 127.0.0.1).</p>
<form id="${ids.form}" novalidate>
<label for="${ids.input}">Server address</label>
<input id="${ids.input}" name="serverUrl" type="url" autocomplete="off" spellcheck="false" required aria-describedby="${ids.message}">
<button id="${ids.save}" type="submit">Save</button>
</form>
<p id="${ids.message}" role="status"></p>
</main>
</body>
</html>`;

/** Loaded as a data: URL: nothing on disk or on the console's app:// origin serves it, so no console page can load it. */
export const SETTINGS_PAGE_URL = `data:text/html;charset=utf-8,${encodeURIComponent(SETTINGS_PAGE_HTML)}`;

/** The members of Electron's BrowserWindow the settings window uses. */
export interface SettingsWindowLike {
  readonly webContents: GuardedContents;
  loadURL(url: string): Promise<void>;
  on(event: 'closed', listener: () => void): unknown;
  once(event: 'ready-to-show', listener: () => void): unknown;
  show(): void;
  focus(): void;
  isMinimized(): boolean;
  restore(): void;
  close(): void;
  isDestroyed(): boolean;
}

export interface SettingsWindowOptions<Parent = unknown> {
  width: number;
  height: number;
  title: string;
  show: false;
  resizable: false;
  minimizable: false;
  maximizable: false;
  parent?: Parent;
  webPreferences: ReturnType<typeof secureWebPreferences> & { partition: string };
}

export type SettingsWindowConstructor<Parent = unknown> = new (options: SettingsWindowOptions<Parent>) => SettingsWindowLike;

export interface SettingsWindowDeps<Parent> {
  /** Electron's BrowserWindow in the console; a fake in tests. */
  BrowserWindow: SettingsWindowConstructor<Parent>;
  /** The settings window's own preload (preload/settings.ts built to settings.cjs), not the console's. */
  preloadPath: string;
  /** A partition of its own: the window needs none of the console's cookies. */
  partition: string;
  openExternal: (url: string) => void;
}

/**
 * The console's settings window, the one place the server address is changed: opened by the main
 * process from its menu (menu.ts), never by a page. One at a time; opening it again focuses it.
 * `isSettingsFrame` tells the IPC registration whether a call comes from its page: the top-level
 * frame of this window's own WebContents, while it is open.
 */
export function createSettingsWindow<Parent = unknown>({ BrowserWindow, preloadPath, partition, openExternal }: SettingsWindowDeps<Parent>) {
  let current: SettingsWindowLike | undefined;

  return {
    /** Opens the window (in front of `parent`, the console's main window, when there is one) or focuses it. */
    open(parent?: Parent): void {
      if (current && !current.isDestroyed()) {
        if (current.isMinimized()) current.restore();
        current.focus();
        return;
      }
      const window = new BrowserWindow({
        width: 520,
        height: 340,
        title: 'Server address',
        show: false,
        resizable: false,
        minimizable: false,
        maximizable: false,
        ...(parent ? { parent } : {}),
        webPreferences: { ...secureWebPreferences(preloadPath), partition },
      });
      current = window;
      // A data: URL has no host, so every navigation away from the page is refused (links open in the browser).
      guardNavigation(window.webContents, SETTINGS_PAGE_URL, openExternal);
      window.on('closed', () => {
        if (current === window) current = undefined;
      });
      window.once('ready-to-show', () => window.show());
      void window.loadURL(SETTINGS_PAGE_URL);
    },
    isSettingsFrame(event: InvokeEventLike): boolean {
      return current !== undefined && !current.isDestroyed() && event.sender === current.webContents && event.senderFrame !== null && event.senderFrame.parent === null;
    },
    close(): void {
      if (current && !current.isDestroyed()) current.close();
      current = undefined;
    },
  };
}
