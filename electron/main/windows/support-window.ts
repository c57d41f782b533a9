import { desktopSupportWindowSchema } from '../../../shared/contracts/desktop';
import { type GuardedContents, guardNavigation, secureWebPreferences } from '../security';

/** The members of Electron's BrowserWindow a support window uses. */
export interface SupportWindowLike {
  readonly webContents: GuardedContents;
  loadURL(url: string): Promise<void>;
  on(event: 'closed', listener: () => void): unknown;
  on(event: 'page-title-updated', listener: (event: { preventDefault(): void }) => void): unknown;
  once(event: 'ready-to-show', listener: () => void): unknown;
  show(): void;
  focus(): void;
  isMinimized(): boolean;
  restore(): void;
  close(): void;
  isDestroyed(): boolean;
}

export interface SupportWindowOptions {
  width: number;
  height: number;
  title: string;
  show: false;
  webPreferences: ReturnType<typeof secureWebPreferences> & { partition: string };
}

export type SupportWindowConstructor = new (options: SupportWindowOptions) => SupportWindowLike;

export interface SupportWindowsDeps {
  /** Electron's BrowserWindow in the console; a fake in tests. */
  BrowserWindow: SupportWindowConstructor;
  /** Where the renderer is served: app://console, or the dev server. */
  appOrigin: string;
  preloadPath: string;
  /** The console's partition, so the window shares its sign-in. */
  partition: string;
  openExternal: (url: string) => void;
}

/** The member's dashboard: in support mode its pages show the supported member's records, with their quote one link away. */
export const supportWindowUrl = (appOrigin: string) => `${appOrigin}/dashboard`;

/**
 * The support-mode session window: one, for the customer of the running support session, showing
 * their dashboard with the same secure preferences and sign-in as the console. Opening it again
 * focuses it; it closes with the console's main window and when support mode for them ends.
 */
export function createSupportWindows({ BrowserWindow, appOrigin, preloadPath, partition, openExternal }: SupportWindowsDeps) {
  const open = new Map<string, SupportWindowLike>();

  const close = (customerId: string) => {
    const window = open.get(customerId);
    open.delete(customerId);
    if (window && !window.isDestroyed()) window.close();
  };

  const closeAll = () => [...open.keys()].forEach(close);

  return {
    /** Validated input from the renderer; returns whether a new window was opened. */
    open(input: unknown): { opened: boolean } {
      const { customerId, customerName } = desktopSupportWindowSchema.parse(input);
      const existing = open.get(customerId);
      if (existing && !existing.isDestroyed()) {
        if (existing.isMinimized()) existing.restore();
        existing.focus();
        return { opened: false };
      }
      // One support session at a time: entering it for this customer ended the last one on the
      // server, and a window left open would show this customer's records under the other's name.
      for (const other of [...open.keys()]) if (other !== customerId) close(other);
      const window = new BrowserWindow({
        width: 1280,
        height: 860,
        title: `Support: ${customerName}`,
        show: false,
        webPreferences: { ...secureWebPreferences(preloadPath), partition },
      });
      open.set(customerId, window);
      guardNavigation(window.webContents, appOrigin, openExternal);
      // The title says whose session this is; the page's own title must not replace it.
      window.on('page-title-updated', (event) => event.preventDefault());
      window.on('closed', () => {
        if (open.get(customerId) === window) open.delete(customerId);
      });
      window.once('ready-to-show', () => window.show());
      void window.loadURL(supportWindowUrl(appOrigin));
      return { opened: true };
    },
    /** Support mode for this customer ended (from any window). */
    close,
    closeAll,
    /** Closes every support window when the given (main) window closes. */
    closeWith(mainWindow: { on(event: 'closed', listener: () => void): unknown }) {
      mainWindow.on('closed', closeAll);
    },
  };
}
