import { SETTINGS_WINDOW_CHANNELS, type SettingsWindowChannel } from '../../preload/settings-bridge-types';
import type { DesktopHandler } from './handlers';
import { type IpcMainLike, registerGuardedHandlers, type InvokeEventLike } from './register';

export interface SettingsWindowHandlerDeps {
  getServerUrl: () => string;
  /** Checks the address (services/settings.ts checkServerUrl) and stores it; throws the reason it is refused. */
  setServerUrl: (url: unknown) => string;
}

/** The settings window's channels: reading and changing the server address. */
export function createSettingsWindowHandlers({ getServerUrl, setServerUrl }: SettingsWindowHandlerDeps): Record<SettingsWindowChannel, DesktopHandler> {
  return {
    [SETTINGS_WINDOW_CHANNELS.getServerUrl]: () => getServerUrl(),
    [SETTINGS_WINDOW_CHANNELS.setServerUrl]: (url) => setServerUrl(url),
  };
}

/**
 * Registers them so that only the settings window's own page is answered (`isSettingsFrame`, from
 * windows/settings-window.ts): the console's pages, support windows and any frame inside them are
 * refused, whatever they send, and the console page's bridge has no method for these channels.
 */
export function registerSettingsWindowHandlers(ipcMain: IpcMainLike, handlers: Record<SettingsWindowChannel, DesktopHandler>, isSettingsFrame: (event: InvokeEventLike) => boolean): void {
  registerGuardedHandlers(ipcMain, handlers, isSettingsFrame, 'the console’s settings window');
}
