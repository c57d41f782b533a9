import Store from 'electron-store';
import { desktopServerUrlSchema } from '../../../shared/contracts/desktop';

interface DesktopSettings {
  serverUrl: string;
}

/** The server address, or an Error saying in words why it is refused (http:// off this computer, say). */
export function checkServerUrl(input: unknown): string {
  const parsed = desktopServerUrlSchema.safeParse(input);
  if (!parsed.success) throw new Error(parsed.error.issues[0]?.message ?? 'The server address is refused.');
  return parsed.data;
}

/** The console's own settings, kept in the user's application data folder. */
export function createSettings(defaultServerUrl: string) {
  const store = new Store<DesktopSettings>({ name: 'settings', defaults: { serverUrl: defaultServerUrl } });
  return {
    /** As stored; every caller that sends to it checks it first (an older version may have stored http://). */
    getServerUrl: () => store.get('serverUrl'),
    setServerUrl: (input: unknown) => {
      const url = checkServerUrl(input);
      store.set('serverUrl', url);
      return url;
    },
  };
}
