import { DESKTOP_CHANNELS, DESKTOP_EVENTS, type DesktopChannel, type DesktopProgress } from '../../preload/bridge-types';
import type { MemberCache } from '../services/member-cache';
import { createCacheHandlers } from './cache.ipc';

/** The page that made a call, which a handler may tell things while it works. */
export interface DesktopCaller {
  tell(channel: string, message: unknown): void;
}

/** One bridge method's side in the main process: the call's one argument, and who made it (registered handlers always know). */
export type DesktopHandler = (input?: unknown, caller?: DesktopCaller) => unknown;

export interface DesktopHandlerDeps {
  request: (input: unknown, onProgress: (progress: DesktopProgress) => void) => Promise<unknown>;
  getServerUrl: () => string;
  cache: MemberCache;
  openSupportWindow: (input: unknown) => { opened: boolean };
}

/**
 * The main process's side of every bridge method, by channel. The console registers each with
 * ipcMain.handle; the Playwright bridge double calls the same handlers, so both run this code.
 * Changing the server address is not among them: only the settings window may (settings.ipc.ts).
 */
export function createDesktopHandlers({ request, getServerUrl, cache, openSupportWindow }: DesktopHandlerDeps): Record<DesktopChannel, DesktopHandler> {
  const cacheHandlers = createCacheHandlers(cache);
  return {
    [DESKTOP_CHANNELS.request]: (input, caller) => request(input, (progress) => caller?.tell(DESKTOP_EVENTS.progress, progress)),
    [DESKTOP_CHANNELS.getServerUrl]: () => getServerUrl(),
    [DESKTOP_CHANNELS.syncMembers]: (records) => cacheHandlers.syncMembers(records),
    [DESKTOP_CHANNELS.searchMembers]: (query) => cacheHandlers.searchMembers(query),
    [DESKTOP_CHANNELS.cacheStatus]: () => cacheHandlers.status(),
    [DESKTOP_CHANNELS.openSupportWindow]: (input) => openSupportWindow(input),
  };
}
