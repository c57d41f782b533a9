import { isSameOrigin } from '../security';
import type { DesktopHandler } from './handlers';

/** The members of Electron's WebFrameMain the check reads. */
export interface SenderFrameLike {
  readonly url: string;
  readonly parent: unknown;
}

/** The part of an IpcMainInvokeEvent the check reads; senderFrame is null once the frame is gone. */
export interface InvokeEventLike {
  readonly senderFrame: SenderFrameLike | null;
}

export interface IpcMainLike {
  handle(channel: string, listener: (event: InvokeEventLike, ...args: unknown[]) => unknown): void;
}

/** The console's own top-level document on its own origin (app://console); never an iframe or another site. */
export function isConsoleFrame(frame: SenderFrameLike | null, appOrigin: string): boolean {
  return frame !== null && frame.parent === null && isSameOrigin(frame.url, appOrigin);
}

export class ForeignFrameError extends Error {
  constructor(channel: string) {
    super(`Refused: ${channel} was called from a frame that is not the console's own window.`);
    this.name = 'ForeignFrameError';
  }
}

/**
 * Registers every bridge handler, each behind one check of the sending frame, so no handler can
 * be reached from an iframe, a page that navigated elsewhere, or a frame already gone.
 */
export function registerDesktopHandlers(ipcMain: IpcMainLike, handlers: Record<string, DesktopHandler>, appOrigin: string): void {
  for (const [channel, handle] of Object.entries(handlers)) {
    ipcMain.handle(channel, (event, ...args) => {
      if (!isConsoleFrame(event.senderFrame, appOrigin)) throw new ForeignFrameError(channel);
      return handle(...args);
    });
  }
}
