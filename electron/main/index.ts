import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { app, BrowserWindow, dialog, ipcMain, Menu, net, Notification, protocol, safeStorage, session, shell } from 'electron';
import { APP_ORIGIN, APP_SCHEME, createAppProtocolHandler } from './app-protocol';
import { createApiRequestHandler } from './ipc/api.ipc';
import type { PartWriter } from './ipc/upload-in-parts';
import { createConsoleEventHandler } from './ipc/console-events';
import { createDesktopHandlers } from './ipc/handlers';
import { registerDesktopHandlers } from './ipc/register';
import { createSettingsWindowHandlers, registerSettingsWindowHandlers } from './ipc/settings.ipc';
import { consoleMenuTemplate } from './menu';
import { denyPagePermissions, guardNavigation, secureWebPreferences } from './security';
import { consoleSecureStorage, MemberCache } from './services/member-cache';
import { checkServerUrl, createSettings } from './services/settings';
import { createAlertNotifiers } from './services/alert-notifier';
import { createSubmissionNotifier } from './services/submission-notifier';
import { createSettingsWindow } from './windows/settings-window';
import { createSupportWindows } from './windows/support-window';

// A sandboxed preload must be CommonJS (electron.vite.config.ts builds it so).
// The console's cookies (its sign-in) live in their own persistent partition.
const CONSOLE_PARTITION = 'persist:console';
// The settings window's own, in memory: it needs none of the console's cookies.
const SETTINGS_PARTITION = 'console-settings';

protocol.registerSchemesAsPrivileged([{ scheme: APP_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true } }]);

const here = dirname(fileURLToPath(import.meta.url));
const preloadPath = join(here, '../preload/index.cjs');
const settingsPreloadPath = join(here, '../preload/settings.cjs');
const DEFAULT_SERVER_URL = 'http://localhost:3000';

/** An http:// address off this computer (or no address at all) stops the console before it sends anything. */
function configuredServerUrl(): string {
  try {
    return checkServerUrl(process.env.CONSOLE_SERVER_URL ?? DEFAULT_SERVER_URL);
  } catch (error) {
    dialog.showErrorBox('The console cannot start', `CONSOLE_SERVER_URL: ${(error as Error).message}`);
    app.exit(1);
    throw error;
  }
}

const settings = createSettings(configuredServerUrl());
/** The stored address, checked again before each use: an earlier version may have stored http://. */
const serverUrl = () => checkServerUrl(settings.getServerUrl());
const devServerUrl = process.env.ELECTRON_RENDERER_URL;
const rendererOrigin = devServerUrl ?? APP_ORIGIN;
const openExternal = (url: string) => void shell.openExternal(url);

let mainWindow: BrowserWindow | undefined;
const supportWindows = createSupportWindows({ BrowserWindow, appOrigin: rendererOrigin, preloadPath, partition: CONSOLE_PARTITION, openExternal });
// The one place the server address changes (menu Console → Server address…); no page can open it.
const settingsWindow = createSettingsWindow({ BrowserWindow, preloadPath: settingsPreloadPath, partition: SETTINGS_PARTITION, openExternal });

function createMainWindow(path = '/admin'): BrowserWindow {
  const window = new BrowserWindow({
    width: 1360,
    height: 860,
    minWidth: 960,
    minHeight: 600,
    title: 'Grain Growers Mutual Console',
    show: false,
    webPreferences: { ...secureWebPreferences(preloadPath), partition: CONSOLE_PARTITION },
  });
  guardNavigation(window.webContents, rendererOrigin, openExternal);
  supportWindows.closeWith(window);
  window.on('closed', () => {
    if (mainWindow === window) mainWindow = undefined;
  });
  window.once('ready-to-show', () => window.show());
  void window.loadURL(`${rendererOrigin}${path}`);
  return window;
}

/** A click on a notification: the console comes forward on the page it names (an admin page). */
function showAdminPage(path: string) {
  if (!mainWindow) {
    mainWindow = createMainWindow(path);
    return;
  }
  if (mainWindow.isMinimized()) mainWindow.restore();
  mainWindow.focus();
  void mainWindow.loadURL(`${rendererOrigin}${path}`);
}

app.whenReady().then(() => {
  const consoleSession = session.fromPartition(CONSOLE_PARTITION);
  consoleSession.protocol.handle(APP_SCHEME, createAppProtocolHandler(join(here, '../renderer')));
  denyPagePermissions(consoleSession);
  denyPagePermissions(session.fromPartition(SETTINGS_PARTITION));
  const cache = new MemberCache(join(app.getPath('userData'), 'member-cache.db'), consoleSecureStorage(safeStorage, process.platform));
  app.on('will-quit', () => cache.close());
  const polling = { Notification, fetch: (url: string, init: RequestInit) => consoleSession.fetch(url, init), getServerUrl: serverUrl };
  // New form submissions, storm and fire events over members' paddocks, and the system's own alerts.
  const notifiers = [createSubmissionNotifier({ ...polling, onClick: () => showAdminPage('/admin/form-submissions') }), ...createAlertNotifiers({ ...polling, onClick: showAdminPage })];

  const onConsoleEvent = createConsoleEventHandler({
    notifications: {
      start: () => {
        if (Notification.isSupported()) for (const notifier of notifiers) void notifier.start();
      },
      stop: () => notifiers.forEach((notifier) => notifier.stop()),
    },
    cache,
    supportWindows,
  });

  const handlers = createDesktopHandlers({
    request: createApiRequestHandler({
      fetch: (url, init) => consoleSession.fetch(url, init),
      openUpload: (url, method) => {
        // Chunked, each part goes as it is written; without it Electron keeps the whole body and sends it at the end.
        const upload = net.request({ url, method, session: consoleSession, useSessionCookies: true });
        upload.chunkedEncoding = true;
        return upload as unknown as PartWriter;
      },
      getServerUrl: settings.getServerUrl,
      onConsoleEvent,
    }),
    getServerUrl: settings.getServerUrl,
    cache,
    openSupportWindow: supportWindows.open,
  });
  registerDesktopHandlers(ipcMain, handlers, rendererOrigin);
  registerSettingsWindowHandlers(ipcMain, createSettingsWindowHandlers(settings), settingsWindow.isSettingsFrame);
  Menu.setApplicationMenu(Menu.buildFromTemplate(consoleMenuTemplate({ platform: process.platform, openServerSettings: () => settingsWindow.open(mainWindow) })));

  mainWindow = createMainWindow();
  app.on('activate', () => {
    if (BrowserWindow.getAllWindows().length === 0) mainWindow = createMainWindow();
  });
});

app.on('window-all-closed', () => {
  if (process.platform !== 'darwin') app.quit();
});
