import { ipcRenderer } from 'electron';
import { SETTINGS_WINDOW_CHANNELS } from './settings-bridge-types';
import { type SettingsPageLike, wireServerAddressForm } from './server-address-form';

// The preload of the console's settings window only. Nothing is exposed to its page (which runs no
// script): the form is wired here, in the preload's isolated world, and the main process answers
// these channels for this window's page alone (electron/main/ipc/settings.ipc.ts).
const page = globalThis as unknown as { document: SettingsPageLike; addEventListener(type: 'DOMContentLoaded', listener: () => void): void };

page.addEventListener('DOMContentLoaded', () => {
  void wireServerAddressForm(page.document, {
    getServerUrl: () => ipcRenderer.invoke(SETTINGS_WINDOW_CHANNELS.getServerUrl) as Promise<string>,
    setServerUrl: (url) => ipcRenderer.invoke(SETTINGS_WINDOW_CHANNELS.setServerUrl, url) as Promise<string>,
  });
});
