import { describe, expect, it, vi } from 'vitest';
import { secureWebPreferences } from '../security';
import { createSettingsWindow, SETTINGS_PAGE_HTML, SETTINGS_PAGE_URL, type SettingsWindowOptions } from './settings-window';
import { FakeContents, fakeBrowserWindows } from './testing/fake-browser-windows';

let fakes = fakeBrowserWindows<SettingsWindowOptions>();

function setUp() {
  fakes = fakeBrowserWindows<SettingsWindowOptions>();
  const openExternal = vi.fn();
  const settings = createSettingsWindow({ BrowserWindow: fakes.FakeWindow, preloadPath: '/app/preload/settings.cjs', partition: 'console-settings', openExternal });
  return { settings, openExternal };
}

describe('the console’s settings window', () => {
  it('opens one window on its own page, with its own preload and partition and the console’s secure preferences', () => {
    const { settings } = setUp();
    const parent = { id: 'main window' };
    settings.open(parent);
    const [window] = fakes.created;
    expect(window!.options).toMatchObject({ title: 'Server address', show: false, parent, webPreferences: { ...secureWebPreferences('/app/preload/settings.cjs'), partition: 'console-settings' } });
    expect(window!.loaded).toEqual([SETTINGS_PAGE_URL]);
    expect(window!.visible).toBe(true);
    // Opening it again brings the same window forward.
    settings.open(parent);
    expect(fakes.created).toHaveLength(1);
    expect(window!.focused).toBe(1);
    // Once closed, the next open makes a new one.
    window!.close();
    settings.open();
    expect(fakes.created).toHaveLength(2);
  });

  it('never leaves its page: navigation is refused, a web link opens in the browser, and no window opens', () => {
    const { settings, openExternal } = setUp();
    settings.open();
    const { webContents } = fakes.created[0]!;
    for (const url of ['app://console/admin', 'https://attacker.example/', 'data:text/html,<p>other</p>', 'file:///etc/passwd']) {
      const event = { preventDefault: vi.fn() };
      webContents.emit('will-navigate', event, url);
      expect(event.preventDefault, url).toHaveBeenCalled();
    }
    expect(openExternal).toHaveBeenCalledWith('https://attacker.example/');
    expect(webContents.windowOpenHandler!({ url: 'app://console/admin' })).toEqual({ action: 'deny' });
  });

  it('shows a page that runs no script of its own', () => {
    expect(SETTINGS_PAGE_URL.startsWith('data:text/html;charset=utf-8,')).toBe(true);
    expect(decodeURIComponent(SETTINGS_PAGE_URL.slice(SETTINGS_PAGE_URL.indexOf(',') + 1))).toBe(SETTINGS_PAGE_HTML);
    expect(SETTINGS_PAGE_HTML).not.toMatch(/<script|\son\w+=/i);
    expect(SETTINGS_PAGE_HTML).toContain(`content="default-src 'none'; style-src 'unsafe-inline'; form-action 'none'; base-uri 'none'"`);
  });

  it('knows its own page’s calls: the top frame of its own window, while it is open', () => {
    const { settings } = setUp();
    const elsewhere = new FakeContents();
    expect(settings.isSettingsFrame({ sender: elsewhere, senderFrame: { url: 'app://console/admin', parent: null } })).toBe(false);
    settings.open();
    const own = fakes.created[0]!.webContents;
    expect(settings.isSettingsFrame({ sender: own, senderFrame: { url: SETTINGS_PAGE_URL, parent: null } })).toBe(true);
    expect(settings.isSettingsFrame({ sender: own, senderFrame: { url: SETTINGS_PAGE_URL, parent: {} } })).toBe(false);
    expect(settings.isSettingsFrame({ sender: own, senderFrame: null })).toBe(false);
    expect(settings.isSettingsFrame({ sender: elsewhere, senderFrame: { url: SETTINGS_PAGE_URL, parent: null } })).toBe(false);
    settings.close();
    expect(settings.isSettingsFrame({ sender: own, senderFrame: { url: SETTINGS_PAGE_URL, parent: null } })).toBe(false);
  });
});
