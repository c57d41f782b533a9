import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { app, BrowserWindow, ipcMain, protocol, session, shell } from 'electron';
import { DESKTOP_CHANNELS } from '../preload/bridge-types';
import { APP_ORIGIN, APP_SCHEME, createAppProtocolHandler } from './app-protocol';
import { createApiRequestHandler } from './ipc/api.ipc';
import { guardNavigation, secureWebPreferences } from './security';
import { createSettings } from './services/settings';

// A sandboxed preload must be CommonJS (electron.vite.config.ts builds it so).
// The console's cookies (its sign-in) live in their own persistent partition.
const CONSOLE_PARTITION = 'persist:console';

protocol.registerSchemesAsPrivileged([{ scheme: APP_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true } }]);

const here = dirname(fileURLToPath(import.meta.url));
const settings = createSettings(process.env.CONSOLE_SERVER_URL ?? 'http://localhost:3000');

function createMainWindow(): BrowserWindow {
  const window = new BrowserWindow({
    width: 1360,
    height: 860,
    minWidth: 960,
    minHeight: 600,
    title: 'Grain Growers Mutual Console',
    show: false,
    webPreferences: { ...secureWebPreferences(join(here, '../preload/index.cjs')), partition: CONSOLE_PARTITION },
  });
  const devServerUrl = process.env.ELECTRON_RENDERER_URL;
  guardNavigation(window.webContents, devServerUrl ?? APP_ORIGIN, (url) => void shell.openExternal(url));
  window.once('ready-to-show', () => window.show());
  void window.loadURL(devServerUrl ? `${devServerUrl}/admin` : `${APP_ORIGIN}/admin`);
  return window;
}

app.whenReady().then(() => {
  const consoleSession = session.fromPartition(CONSOLE_PARTITION);
  consoleSession.protocol.handle(APP_SCHEME, createAppProtocolHandler(join(here, '../renderer')));
  const request = createApiRequestHandler({ fetch: (url, init) => consoleSession.fetch(url, init), getServerUrl: settings.getServerUrl });
  ipcMain.handle(DESKTOP_CHANNELS.request, (_event, input: unknown) => request(input));
  ipcMain.handle(DESKTOP_CHANNELS.getServerUrl, () => settings.getServerUrl());
  ipcMain.handle(DESKTOP_CHANNELS.setServerUrl, (_event, url: unknown) => settings.setServerUrl(url));
  createMainWindow();
  app.on('activate', () => {
    if (BrowserWindow.getAllWindows().length === 0) createMainWindow();
  });
});

app.on('window-all-closed', () => {
  if (process.platform !== 'darwin') app.quit();
});
