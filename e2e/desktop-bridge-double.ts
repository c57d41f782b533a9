/**
 * The desktop console's bridge for Playwright: `window.desktop` is injected into every page of a
 * browser context, typed against the real DesktopBridge, and each call crosses to this Node
 * process the way the preload's ipcRenderer.invoke crosses to Electron's main process. There the
 * main process's own handlers answer it: the data client, the SQLite member cache and the support
 * windows (each window a page of the same context, which plays the console's partition).
 */
import { EventEmitter } from 'node:events';
import { Readable } from 'node:stream';
import { mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { BrowserContext, Page } from '@playwright/test';
import { createApiRequestHandler } from '../electron/main/ipc/api.ipc';
import { createConsoleEventHandler } from '../electron/main/ipc/console-events';
import { createDesktopHandlers } from '../electron/main/ipc/handlers';
import type { PartWriter } from '../electron/main/ipc/upload-in-parts';
import { type InvokeEventLike, registerDesktopHandlers } from '../electron/main/ipc/register';
import { MemberCache } from '../electron/main/services/member-cache';
import { createTestSafeStorage } from '../electron/main/services/test-safe-storage';
import { createSupportWindows, type SupportWindowLike, type SupportWindowOptions } from '../electron/main/windows/support-window';
import { DESKTOP_CHANNELS, DESKTOP_EVENTS, type DesktopApiResponse, type DesktopBridge, type DesktopProgress, type DesktopProgressListeners } from '../electron/preload/bridge-types';
import type { DesktopMemberCacheStatus, DesktopMemberRecord } from '../shared/contracts/desktop';

const INVOKE = '__desktopInvoke';
/** Where the page hears what the main process tells it (webContents.send, heard by the preload's ipcRenderer.on). */
const TOLD = '__desktopTold';

/** A support window as a page of the context: what Electron's BrowserWindow does for the module. */
class PageWindow extends EventEmitter implements SupportWindowLike {
  static opened: PageWindow[] = [];
  page: Page | undefined;
  readonly webContents = Object.assign(new EventEmitter(), { setWindowOpenHandler: () => undefined });
  private destroyed = false;
  constructor(
    readonly options: SupportWindowOptions,
    private readonly context: BrowserContext,
  ) {
    super();
    PageWindow.opened.push(this);
  }
  async loadURL(url: string) {
    this.page = await this.context.newPage();
    await this.page.goto(url);
    this.emit('ready-to-show');
  }
  show() {}
  focus() {
    void this.page?.bringToFront();
  }
  isMinimized() {
    return false;
  }
  restore() {}
  close() {
    this.destroyed = true;
    void this.page?.close();
    this.emit('closed');
  }
  isDestroyed() {
    return this.destroyed;
  }
}

/** What one bridge call asked the main process for. */
export interface BridgeCall {
  method: string;
  path: string;
  form: boolean;
  responseType: string;
}

export interface DesktopBridgeDouble {
  /** Every call to the server fails as it does when the console is offline. */
  setOffline(offline: boolean): void;
  /** false plays a computer without secure storage (safeStorage.isEncryptionAvailable() false). */
  setSecureStorage(available: boolean): void;
  /** The calls the page made through the bridge, oldest first. */
  calls: BridgeCall[];
  /** What the main process told the page of forms going and files coming, oldest first. */
  progress: DesktopProgress[];
  supportWindows: PageWindow[];
  dispose(): void;
}

export async function installDesktopBridge(context: BrowserContext, baseURL: string): Promise<DesktopBridgeDouble> {
  let offline = false;
  const folder = mkdtempSync(join('.tmp', 'desktop-e2e-'));
  // The cache encrypts as the console's does, with a test key in place of the system's safeStorage.
  const testStorage = createTestSafeStorage();
  let secureStorage = true;
  const cache = new MemberCache(join(folder, 'member-cache.db'), { ...testStorage, isEncryptionAvailable: () => secureStorage });
  PageWindow.opened = [];
  const supportWindows = createSupportWindows({
    BrowserWindow: class extends PageWindow {
      constructor(options: SupportWindowOptions) {
        super(options, context);
      }
    },
    appOrigin: baseURL,
    preloadPath: 'preload/index.cjs',
    partition: 'persist:console',
    openExternal: () => undefined,
  });

  // The console session's fetch: the context's cookie jar, as Electron's session.fetch uses the partition's.
  const sessionFetch = async (url: string, init: { method: string; headers: Record<string, string>; body?: string | FormData | Buffer }) => {
    if (offline) throw new TypeError('fetch failed');
    const body = init.body instanceof FormData ? { multipart: init.body } : { data: init.body };
    const answer = await context.request.fetch(url, { method: init.method, headers: init.headers, ...body, maxRedirects: 0 });
    const answerBody = [204, 304].includes(answer.status()) ? null : new Uint8Array(await answer.body());
    return new Response(answerBody, { status: answer.status(), headers: answer.headersArray().map(({ name, value }): [string, string] => [name, value]) });
  };

  // Electron's net.request on the partition, for a form sent in parts: each part is taken as it is
  // written, and the whole goes with the context's cookies at the end.
  const openUpload = (url: string, method: string): PartWriter => {
    const headers: Record<string, string> = {};
    const parts: Uint8Array[] = [];
    const upload = Object.assign(new EventEmitter(), {
      setHeader: (name: string, value: string) => void (headers[name] = value),
      write: (chunk: Uint8Array, callback: (error?: Error | null) => void) => {
        parts.push(chunk);
        queueMicrotask(() => callback());
        return true;
      },
      end: () =>
        void sessionFetch(url, { method, headers, body: Buffer.concat(parts) }).then(
          async (answer) => upload.emit('response', Object.assign(Readable.from([new Uint8Array(await answer.arrayBuffer())]), { statusCode: answer.status, headers: Object.fromEntries(answer.headers) })),
          (error: unknown) => upload.emit('error', error),
        ),
    });
    return upload;
  };

  // Under app://console the page itself reaches no /api/ URL (the protocol handler answers 404):
  // here too, so a file the page loaded without the bridge shows up as missing.
  await context.route(
    (url) => url.pathname === '/api' || url.pathname.startsWith('/api/'),
    (route) => route.fulfill({ status: 404, contentType: 'text/plain', body: 'Not found' }),
  );

  const calls: BridgeCall[] = [];
  const progress: DesktopProgress[] = [];
  const request = createApiRequestHandler({
    fetch: sessionFetch,
    openUpload,
    getServerUrl: () => baseURL,
    // Submission notifications are covered by the Node tests; here they have nothing to show.
    onConsoleEvent: createConsoleEventHandler({ notifications: { start: () => undefined, stop: () => undefined }, cache, supportWindows }),
  });
  const handlers = createDesktopHandlers({
    request: (input, onProgress) => {
      const { method, path, form, responseType } = input as { method: string; path: string; form?: unknown; responseType?: string };
      calls.push({ method, path, form: form !== undefined, responseType: responseType ?? 'json' });
      return request(input, onProgress);
    },
    getServerUrl: () => baseURL,
    cache,
    openSupportWindow: supportWindows.open,
  });

  // Registered as the console registers them with ipcMain, so every call passes the same check of
  // its sending frame: the frame Playwright reports plays Electron's event.senderFrame.
  const listeners = new Map<string, (event: InvokeEventLike, ...args: unknown[]) => unknown>();
  registerDesktopHandlers({ handle: (channel, listener) => void listeners.set(channel, listener) }, handlers, baseURL);
  await context.exposeBinding(INVOKE, async ({ frame }, channel: string, args: unknown[]) => {
    // Electron delivers what the main process sent before the call's answer (one pipe): here each message is awaited before the answer goes back.
    const told: Promise<unknown>[] = [];
    const sender = {
      send: (eventChannel: string, message: unknown) => {
        if (eventChannel === DESKTOP_EVENTS.progress) progress.push(message as DesktopProgress);
        told.push(
          frame.evaluate(([name, sent]) => (window as unknown as Record<string, (channel: string, message: unknown) => void>)[name]!(sent[0] as string, sent[1]), [TOLD, [eventChannel, message]] as const),
        );
      },
    };
    const answer = await listeners.get(channel)!({ senderFrame: { url: frame.url(), parent: frame.parentFrame() }, sender }, ...args);
    await Promise.all(told);
    return answer;
  });
  await context.addInitScript(
    ({ channels, events, invokeName, toldName }) => {
      const invoke = (channel: string, ...args: unknown[]) => (window as unknown as Record<string, (channel: string, args: unknown[]) => Promise<unknown>>)[invokeName]!(channel, args);
      // As the preload's ipcRenderer.on: the progress of each call that asked for it, by its id.
      const hearers = new Map<string, DesktopProgressListeners>();
      Object.defineProperty(window, toldName, {
        value: (channel: string, progress: DesktopProgress) => {
          const listeners = channel === events.progress ? hearers.get(progress.progressId) : undefined;
          if ('sentBytes' in progress) listeners?.onUploadProgress?.(progress.sentBytes, progress.totalBytes);
          else listeners?.onProgress?.(progress.receivedBytes);
        },
      });
      const bridge: DesktopBridge = {
        platform: 'desktop',
        appVersion: 'e2e',
        request: (request, listeners) => {
          if (!listeners?.onProgress && !listeners?.onUploadProgress) return invoke(channels.request, request) as Promise<DesktopApiResponse>;
          const progressId = crypto.randomUUID();
          hearers.set(progressId, listeners);
          return (invoke(channels.request, { ...request, progressId }) as Promise<DesktopApiResponse>).finally(() => hearers.delete(progressId));
        },
        getServerUrl: () => invoke(channels.getServerUrl) as Promise<string>,
        cache: {
          syncMembers: (records) => invoke(channels.syncMembers, records) as Promise<DesktopMemberCacheStatus>,
          searchMembers: (query) => invoke(channels.searchMembers, query) as Promise<DesktopMemberRecord[]>,
          status: () => invoke(channels.cacheStatus) as Promise<DesktopMemberCacheStatus>,
        },
        openSupportWindow: (customerId, customerName) => invoke(channels.openSupportWindow, { customerId, customerName }) as Promise<{ opened: boolean }>,
      };
      Object.defineProperty(window, 'desktop', { value: Object.freeze(bridge) });
    },
    { channels: DESKTOP_CHANNELS, events: DESKTOP_EVENTS, invokeName: INVOKE, toldName: TOLD },
  );

  return {
    setOffline: (value) => (offline = value),
    setSecureStorage: (value) => (secureStorage = value),
    calls,
    progress,
    supportWindows: PageWindow.opened,
    dispose: () => {
      cache.close();
      rmSync(folder, { recursive: true, force: true });
    },
  };
}
