import Store from 'electron-store';
import { desktopServerUrlSchema } from '../../../shared/contracts/desktop';

interface DesktopSettings {
  serverUrl: string;
}

/** The console's own settings, kept in the user's application data folder. */
export function createSettings(defaultServerUrl: string) {
  const store = new Store<DesktopSettings>({ name: 'settings', defaults: { serverUrl: defaultServerUrl } });
  return {
    getServerUrl: () => store.get('serverUrl'),
    setServerUrl: (input: unknown) => {
      const url = desktopServerUrlSchema.parse(input);
      store.set('serverUrl', url);
      return url;
    },
  };
}
