import { isSameOrigin } from '../security';
import type { DesktopCaller, DesktopHandler } from './handlers';

/** The members of Electron's WebFrameMain the check reads. */
export interface SenderFrameLike {
  readonly url: string;
  readonly parent: unknown;
}

/** The part of an IpcMainInvokeEvent the checks read; senderFrame is null once the frame is gone. */
export interface InvokeEventLike {
  readonly senderFrame: SenderFrameLike | null;
  /** The WebContents that sent the call (the settings window's check compares it with its own). */
  readonly sender?: unknown;
}

export interface IpcMainLike {
  handle(channel: string, listener: (event: InvokeEventLike, ...args: unknown[]) => unknown): void;
}

/** The console's own top-level document on its own origin (app://console); never an iframe or another site. */
export function isConsoleFrame(frame: SenderFrameLike | null, appOrigin: string): boolean {
  return frame !== null && frame.parent === null && isSameOrigin(frame.url, appOrigin);
}

/** Electron's WebContents.send, through which a handler tells the page that called it how its work goes. */
function tellerOf(sender: unknown): DesktopCaller['tell'] {
  const send = (sender as { send?: unknown } | undefined)?.send;
  return typeof send === 'function' ? (channel, message) => void send.call(sender, channel, message) : () => undefined;
}

export class ForeignFrameError extends Error {
  constructor(channel: string, window = "the console's own window") {
    super(`Refused: ${channel} was called from a frame that is not ${window}.`);
    this.name = 'ForeignFrameError';
  }
}

/** Registers each handler behind one check of who sent the call; a call that fails it never reaches the handler. */
export function registerGuardedHandlers(ipcMain: IpcMainLike, handlers: Record<string, DesktopHandler>, allowed: (event: InvokeEventLike) => boolean, window?: string): void {
  for (const [channel, handle] of Object.entries(handlers)) {
    ipcMain.handle(channel, (event, input) => {
      if (!allowed(event)) throw new ForeignFrameError(channel, window);
      return handle(input, { tell: tellerOf(event.sender) });
    });
  }
}

/**
 * Registers every bridge handler, each behind one check of the sending frame, so no handler can
 * be reached from an iframe, a page that navigated elsewhere, or a frame already gone.
 */
export function registerDesktopHandlers(ipcMain: IpcMainLike, handlers: Record<string, DesktopHandler>, appOrigin: string): void {
  registerGuardedHandlers(ipcMain, handlers, (event) => isConsoleFrame(event.senderFrame, appOrigin));
}
