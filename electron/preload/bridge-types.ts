/**
 * The one object the preload exposes to the renderer as `window.desktop`. The renderer imports
 * these types only; the implementation lives in electron/preload/index.ts.
 */
import type { z } from 'zod';
import type { desktopApiRequestSchema } from '../../shared/contracts/desktop';

/** A call to the mutual's server, by a path beginning with /api/. */
export type DesktopApiRequest = z.input<typeof desktopApiRequestSchema>;

export interface DesktopApiResponse {
  status: number;
  headers: Record<string, string>;
  body: unknown;
}

export interface DesktopBridge {
  readonly platform: 'desktop';
  readonly appVersion: string;
  /** The desktop's data client: API calls made by the main process with the console's own cookie jar. */
  request(request: DesktopApiRequest): Promise<DesktopApiResponse>;
  /** Where the console's server lives; staff change it in settings. */
  getServerUrl(): Promise<string>;
  setServerUrl(url: string): Promise<string>;
}

export const DESKTOP_CHANNELS = {
  request: 'api:request',
  getServerUrl: 'settings:get-server-url',
  setServerUrl: 'settings:set-server-url',
} as const;
