import { EventEmitter } from 'node:events';
import { describe, expect, it, vi } from 'vitest';
import { createSupportWindows, type SupportWindowOptions } from './support-window';
import { fakeBrowserWindows } from './testing/fake-browser-windows';

let fakes = fakeBrowserWindows<SupportWindowOptions>();

function setUp() {
  fakes = fakeBrowserWindows<SupportWindowOptions>();
  const openExternal = vi.fn();
  const windows = createSupportWindows({ BrowserWindow: fakes.FakeWindow, appOrigin: 'app://console', preloadPath: '/app/preload/index.cjs', partition: 'persist:console', openExternal });
  return { windows, openExternal };
}

describe('support-mode session windows', () => {
  it('opens the customer’s dashboard in support mode, titled for them, with the console’s secure preferences and session', () => {
    const { windows } = setUp();
    expect(windows.open({ customerId: 'cust-1', customerName: 'Jo Smith' })).toEqual({ opened: true });
    const [window] = fakes.created;
    expect(window?.options).toMatchObject({
      title: 'Support: Jo Smith',
      show: false,
      webPreferences: { preload: '/app/preload/index.cjs', partition: 'persist:console', contextIsolation: true, sandbox: true, nodeIntegration: false, webviewTag: false },
    });
    expect(window?.loaded).toEqual(['app://console/dashboard']);
    expect(window?.visible).toBe(true);
  });

  it('keeps its title when the page sets its own', () => {
    setUp().windows.open({ customerId: 'cust-1', customerName: 'Jo Smith' });
    const event = { preventDefault: vi.fn() };
    fakes.created[0]?.emit('page-title-updated', event);
    expect(event.preventDefault).toHaveBeenCalled();
  });

  it('guards navigation like the main window', () => {
    const { windows, openExternal } = setUp();
    windows.open({ customerId: 'cust-1', customerName: 'Jo Smith' });
    const contents = fakes.created[0]!.webContents;
    const away = { preventDefault: vi.fn() };
    contents.emit('will-navigate', away, 'https://example.com/');
    expect(away.preventDefault).toHaveBeenCalled();
    expect(openExternal).toHaveBeenCalledWith('https://example.com/');
    expect(contents.windowOpenHandler?.({ url: 'app://console/admin' })).toEqual({ action: 'deny' });
  });

  it('focuses (and restores) the customer’s open window; a session for another customer replaces it', () => {
    const { windows } = setUp();
    windows.open({ customerId: 'cust-1', customerName: 'Jo Smith' });
    fakes.created[0]!.minimized = true;
    expect(windows.open({ customerId: 'cust-1', customerName: 'Jo Smith' })).toEqual({ opened: false });
    expect(fakes.created).toHaveLength(1);
    expect(fakes.created[0]).toMatchObject({ focused: 1, minimized: false });
    windows.open({ customerId: 'cust-2', customerName: 'Sam Brown' });
    expect(fakes.created.map((window) => window.options.title)).toEqual(['Support: Jo Smith', 'Support: Sam Brown']);
    expect(fakes.created.map((window) => window.destroyed)).toEqual([true, false]);
  });

  it('opens a new window after the customer’s was closed by hand', () => {
    const { windows } = setUp();
    windows.open({ customerId: 'cust-1', customerName: 'Jo Smith' });
    fakes.created[0]!.close();
    expect(windows.open({ customerId: 'cust-1', customerName: 'Jo Smith' })).toEqual({ opened: true });
    expect(fakes.created).toHaveLength(2);
  });

  it('closes the customer’s window when support mode for them ends, and not for another customer', () => {
    const { windows } = setUp();
    windows.open({ customerId: 'cust-1', customerName: 'Jo Smith' });
    windows.close('cust-2');
    expect(fakes.created[0]!.destroyed).toBe(false);
    windows.close('cust-1');
    expect(fakes.created[0]!.destroyed).toBe(true);
  });

  it('closes every support window with the main window', () => {
    const { windows } = setUp();
    const main = new EventEmitter();
    windows.closeWith(main);
    windows.open({ customerId: 'cust-1', customerName: 'Jo Smith' });
    windows.open({ customerId: 'cust-2', customerName: 'Sam Brown' });
    main.emit('closed');
    expect(fakes.created.every((window) => window.destroyed)).toBe(true);
  });

  it('refuses input that is not a customer id and name, opening nothing', () => {
    const { windows } = setUp();
    expect(() => windows.open({ customerId: '', customerName: 'Jo' })).toThrow();
    expect(() => windows.open({ customerId: 'cust-1', customerName: '   ' })).toThrow();
    expect(() => windows.open('cust-1')).toThrow();
    expect(fakes.created).toEqual([]);
  });
});
