import { describe, expect, it, vi } from 'vitest';
import { consoleMenuTemplate } from './menu';

describe('the console’s menu', () => {
  it('opens the settings window from Console → Server address…, on every platform', () => {
    for (const platform of ['darwin', 'win32', 'linux']) {
      const openServerSettings = vi.fn();
      const console = consoleMenuTemplate({ platform, openServerSettings }).find((menu) => menu.label === 'Console');
      const item = (console?.submenu as Array<{ label?: string; click?: () => void }>).find((entry) => entry.label === 'Server address…');
      item!.click!();
      expect(openServerSettings, platform).toHaveBeenCalledTimes(1);
    }
  });

  it('keeps Electron’s usual menus', () => {
    const roles = (platform: string) => consoleMenuTemplate({ platform, openServerSettings: () => undefined }).map((menu) => menu.role ?? menu.label);
    expect(roles('darwin')).toEqual(['appMenu', 'Console', 'editMenu', 'viewMenu', 'windowMenu']);
    expect(roles('win32')).toEqual(['Console', 'editMenu', 'viewMenu', 'windowMenu']);
  });
});
