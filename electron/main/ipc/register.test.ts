import { describe, expect, it, vi } from 'vitest';
import { DESKTOP_CHANNELS } from '../../preload/bridge-types';
import { type InvokeEventLike, type IpcMainLike, registerDesktopHandlers } from './register';

/** Stands in for ipcMain: keeps each registered listener so the test can invoke it as a frame would. */
function fakeIpcMain() {
  const listeners = new Map<string, (event: InvokeEventLike, ...args: unknown[]) => unknown>();
  const ipcMain: IpcMainLike = { handle: (channel, listener) => void listeners.set(channel, listener) };
  const invoke = (channel: string, event: InvokeEventLike, ...args: unknown[]) => Promise.resolve().then(() => listeners.get(channel)!(event, ...args));
  return { ipcMain, listeners, invoke };
}

const consoleTop = { url: 'app://console/admin/members', parent: null };

function setUp() {
  const request = vi.fn(() => ({ status: 200 }));
  const { ipcMain, listeners, invoke } = fakeIpcMain();
  registerDesktopHandlers(ipcMain, { [DESKTOP_CHANNELS.request]: request, [DESKTOP_CHANNELS.cacheStatus]: vi.fn(() => ({ count: 0 })) }, 'app://console');
  return { request, listeners, invoke };
}

describe('IPC registration checks the sending frame of every call', () => {
  it('answers the console’s own top-level window', async () => {
    const { request, invoke } = setUp();
    await expect(invoke(DESKTOP_CHANNELS.request, { senderFrame: consoleTop }, { method: 'GET', path: '/api/health' })).resolves.toEqual({ status: 200 });
    expect(request).toHaveBeenCalledWith({ method: 'GET', path: '/api/health' }, expect.objectContaining({ tell: expect.any(Function) }));
  });

  it('lets a handler tell the page that called it how its work goes, through that page’s WebContents', async () => {
    const { ipcMain, invoke } = fakeIpcMain();
    registerDesktopHandlers(ipcMain, { [DESKTOP_CHANNELS.request]: (_input, caller) => caller?.tell('api:progress', { progressId: 'p1', receivedBytes: 10 }) }, 'app://console');
    const sender = { send: vi.fn() };
    await invoke(DESKTOP_CHANNELS.request, { senderFrame: consoleTop, sender }, { method: 'GET', path: '/api/files/a' });
    expect(sender.send).toHaveBeenCalledWith('api:progress', { progressId: 'p1', receivedBytes: 10 });
  });

  it('refuses an iframe, another origin, another scheme and a frame that is gone, without running the handler', async () => {
    const { request, listeners, invoke } = setUp();
    const foreign: Array<InvokeEventLike['senderFrame']> = [
      { url: 'app://console/admin', parent: consoleTop },
      { url: 'https://attacker.example/', parent: null },
      { url: 'app://attacker/admin', parent: null },
      { url: 'file:///tmp/page.html', parent: null },
      { url: 'about:blank', parent: null },
      null,
    ];
    for (const channel of listeners.keys()) {
      for (const senderFrame of foreign) {
        await expect(invoke(channel, { senderFrame }, {}), `${channel} from ${senderFrame?.url}`).rejects.toThrow(`Refused: ${channel} was called from a frame that is not the console's own window.`);
      }
    }
    expect(request).not.toHaveBeenCalled();
  });
});
