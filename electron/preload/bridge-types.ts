/**
 * The one object the preload exposes to the renderer as `window.desktop`. The renderer imports
 * these types only; the implementation lives in electron/preload/index.ts.
 */
import type { z } from 'zod';
import type { DesktopMemberCacheStatus, DesktopMemberRecord, desktopApiRequestSchema } from '../../shared/contracts/desktop';

export type { DesktopProgress } from '../../shared/contracts/desktop';

/** A call to the mutual's server, by a path beginning with /api/ (the bridge gives a call that wants progress its progressId). */
export type DesktopApiRequest = Omit<z.input<typeof desktopApiRequestSchema>, 'progressId'>;

export interface DesktopApiResponse {
  status: number;
  headers: Record<string, string>;
  body: unknown;
}

/** The console's local copy of member records (SQLite in the app's data folder). */
export interface DesktopMemberCache {
  /** Stores records the renderer fetched from the server; returns the cache's new status. */
  syncMembers(records: DesktopMemberRecord[]): Promise<DesktopMemberCacheStatus>;
  /** Name, e-mail or business containing the text, any case, newest first (at most 50). */
  searchMembers(query: string): Promise<DesktopMemberRecord[]>;
  status(): Promise<DesktopMemberCacheStatus>;
}

/** What a call wants to hear while the main process works on it. */
export interface DesktopProgressListeners {
  /** How much of its form has gone. */
  onUploadProgress?: ((sentBytes: number, totalBytes: number) => void) | undefined;
  /** How much of its file ('bytes') has come. */
  onProgress?: ((receivedBytes: number) => void) | undefined;
}

export interface DesktopBridge {
  readonly platform: 'desktop';
  readonly appVersion: string;
  /**
   * The desktop's data client: API calls made by the main process with the console's own cookie
   * jar, only to paths under /api/ of the configured server, with only the allow-listed headers.
   * A JSON body or a multipart form (uploads); with responseType 'bytes' a successful answer's body
   * is a Uint8Array (images, PDFs, CSV). `listeners` hear how much of a form has gone and of a file
   * has come while the main process works. Response headers are allow-listed too (no Set-Cookie).
   */
  request(request: DesktopApiRequest, listeners?: DesktopProgressListeners): Promise<DesktopApiResponse>;
  /**
   * Where the console's server lives. The page may read it, never change it: staff change it in the
   * main process's own settings window (menu Console → Server address…, electron/main/windows/settings-window.ts).
   */
  getServerUrl(): Promise<string>;
  readonly cache: DesktopMemberCache;
  /** A support-mode session window on the customer's quote; focuses theirs if it is open. */
  openSupportWindow(customerId: string, customerName: string): Promise<{ opened: boolean }>;
}

export const DESKTOP_CHANNELS = {
  request: 'api:request',
  getServerUrl: 'settings:get-server-url',
  syncMembers: 'cache:sync-members',
  searchMembers: 'cache:search-members',
  cacheStatus: 'cache:status',
  openSupportWindow: 'windows:open-support',
} as const;

export type DesktopChannel = (typeof DESKTOP_CHANNELS)[keyof typeof DESKTOP_CHANNELS];

/** What the main process tells the page without being asked (webContents.send), by channel. */
export const DESKTOP_EVENTS = {
  /** A DesktopProgress of a call that asked for it. */
  progress: 'api:progress',
} as const;
