import { describe, expect, it } from 'vitest';
import { desktopServerUrlSchema } from '../../../shared/contracts/desktop';
import { DESKTOP_CHANNELS } from '../../preload/bridge-types';
import { SETTINGS_WINDOW_CHANNELS } from '../../preload/settings-bridge-types';
import { createSettingsWindow, type SettingsWindowOptions } from '../windows/settings-window';
import { createDesktopHandlers } from './handlers';
import { type InvokeEventLike, type IpcMainLike, registerDesktopHandlers } from './register';
import { createSettingsWindowHandlers, registerSettingsWindowHandlers } from './settings.ipc';
import { FakeContents, fakeBrowserWindows } from '../windows/testing/fake-browser-windows';

const fakes = fakeBrowserWindows<SettingsWindowOptions>();

/** Stands in for ipcMain: keeps each registered listener so the test can invoke it as a frame would. */
function fakeIpcMain() {
  const listeners = new Map<string, (event: InvokeEventLike, ...args: unknown[]) => unknown>();
  const ipcMain: IpcMainLike = { handle: (channel, listener) => void listeners.set(channel, listener) };
  const invoke = (channel: string, event: InvokeEventLike, ...args: unknown[]) => Promise.resolve().then(() => listeners.get(channel)!(event, ...args));
  return { ipcMain, listeners, invoke };
}

const ORIGINAL = 'https://console.grainmutual.example';

/** The console as index.ts wires it: the page's bridge handlers, and the settings window with its own channels. */
function setUp() {
  let address = ORIGINAL;
  const settings = {
    getServerUrl: () => address,
    // As services/settings.ts checks it (that module needs electron-store, so Electron).
    setServerUrl: (input: unknown) => {
      const parsed = desktopServerUrlSchema.safeParse(input);
      if (!parsed.success) throw new Error(parsed.error.issues[0]?.message);
      return (address = parsed.data);
    },
  };
  const { ipcMain, listeners, invoke } = fakeIpcMain();
  registerDesktopHandlers(ipcMain, createDesktopHandlers({ request: async () => ({}), getServerUrl: settings.getServerUrl, cache: {} as never, openSupportWindow: () => ({ opened: false }) }), 'app://console');
  const settingsWindow = createSettingsWindow({ BrowserWindow: fakes.FakeWindow, preloadPath: '/app/preload/settings.cjs', partition: 'console-settings', openExternal: () => undefined });
  registerSettingsWindowHandlers(ipcMain, createSettingsWindowHandlers(settings), settingsWindow.isSettingsFrame);
  const consoleContents = new FakeContents();
  const fromConsole: InvokeEventLike = { sender: consoleContents, senderFrame: { url: 'app://console/admin/members', parent: null } };
  return { address: () => address, listeners, invoke, settingsWindow, fromConsole };
}

describe('the server address', () => {
  it('cannot be changed by the console page: its bridge has no method or channel for it', async () => {
    const { address, listeners, invoke, fromConsole } = setUp();
    expect(Object.values(DESKTOP_CHANNELS)).not.toContain('settings:set-server-url');
    expect(Object.values(DESKTOP_CHANNELS)).not.toContain(SETTINGS_WINDOW_CHANNELS.setServerUrl);
    expect(listeners.has('settings:set-server-url')).toBe(false);
    // The page may still read it.
    await expect(invoke(DESKTOP_CHANNELS.getServerUrl, fromConsole)).resolves.toBe(ORIGINAL);
    expect(address()).toBe(ORIGINAL);
  });

  it('refuses a call to the settings window’s channel from the console page, or any frame but the settings window’s own page', async () => {
    const { address, invoke, settingsWindow, fromConsole } = setUp();
    const refusal = `Refused: ${SETTINGS_WINDOW_CHANNELS.setServerUrl} was called from a frame that is not the console’s settings window.`;
    // Sent straight to the channel (as a compromised renderer could), with the settings window closed and open.
    await expect(invoke(SETTINGS_WINDOW_CHANNELS.setServerUrl, fromConsole, 'https://attacker.example')).rejects.toThrow(refusal);
    settingsWindow.open();
    const settingsContents = fakes.created.at(-1)!.webContents;
    await expect(invoke(SETTINGS_WINDOW_CHANNELS.setServerUrl, fromConsole, 'https://attacker.example')).rejects.toThrow(refusal);
    await expect(invoke(SETTINGS_WINDOW_CHANNELS.getServerUrl, fromConsole)).rejects.toThrow('Refused');
    // A frame inside the settings window, and the window's contents once it has closed.
    await expect(invoke(SETTINGS_WINDOW_CHANNELS.setServerUrl, { sender: settingsContents, senderFrame: { url: 'https://attacker.example/', parent: {} } }, 'https://attacker.example')).rejects.toThrow(refusal);
    settingsWindow.close();
    await expect(invoke(SETTINGS_WINDOW_CHANNELS.setServerUrl, { sender: settingsContents, senderFrame: { url: 'data:text/html,', parent: null } }, 'https://attacker.example')).rejects.toThrow(refusal);
    expect(address()).toBe(ORIGINAL);
  });

  it('is read and changed by the settings window’s own page, which is told why an address is refused', async () => {
    const { address, invoke, settingsWindow } = setUp();
    settingsWindow.open();
    const fromSettings: InvokeEventLike = { sender: fakes.created.at(-1)!.webContents, senderFrame: { url: 'data:text/html;charset=utf-8,…', parent: null } };
    await expect(invoke(SETTINGS_WINDOW_CHANNELS.getServerUrl, fromSettings)).resolves.toBe(ORIGINAL);
    await expect(invoke(SETTINGS_WINDOW_CHANNELS.setServerUrl, fromSettings, 'https://members.grainmutual.example/')).resolves.toBe('https://members.grainmutual.example');
    expect(address()).toBe('https://members.grainmutual.example');
    await expect(invoke(SETTINGS_WINDOW_CHANNELS.setServerUrl, fromSettings, 'http://members.grainmutual.example')).rejects.toThrow(/http/);
    expect(address()).toBe('https://members.grainmutual.example');
  });
});
