/**
 * The console's own settings window (electron/main/windows/settings-window.ts): the channels its
 * preload calls and the ids of its form. None of this is on the console page's bridge
 * (bridge-types.ts): the page may read the server address, only this window may change it.
 */
export const SETTINGS_WINDOW_CHANNELS = {
  getServerUrl: 'settings-window:get-server-url',
  setServerUrl: 'settings-window:set-server-url',
} as const;

export type SettingsWindowChannel = (typeof SETTINGS_WINDOW_CHANNELS)[keyof typeof SETTINGS_WINDOW_CHANNELS];

/** The elements of the settings window's page that its preload fills in and listens to. */
export const SERVER_ADDRESS_FORM_IDS = {
  form: 'server-address',
  input: 'server-url',
  save: 'server-address-save',
  message: 'server-address-message',
} as const;

/** What the settings window's preload asks of the main process. */
export interface ServerAddressApi {
  getServerUrl(): Promise<string>;
  /** Checks and stores the address; answers it as stored, or rejects with the reason it is refused. */
  setServerUrl(url: string): Promise<string>;
}
