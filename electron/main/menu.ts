import type { MenuItemConstructorOptions } from 'electron';

/**
 * The console's application menu: Electron's usual menus, and Console → Server address…, which
 * opens the settings window (windows/settings-window.ts). The main process owns this menu; no page
 * can open the window or change the address.
 */
export function consoleMenuTemplate({ platform, openServerSettings }: { platform: string; openServerSettings: () => void }): MenuItemConstructorOptions[] {
  const mac = platform === 'darwin';
  const serverAddress: MenuItemConstructorOptions = { label: 'Server address…', click: () => openServerSettings() };
  return [
    ...(mac ? [{ role: 'appMenu' } satisfies MenuItemConstructorOptions] : []),
    { label: 'Console', submenu: mac ? [serverAddress] : [serverAddress, { type: 'separator' }, { role: 'quit' }] },
    { role: 'editMenu' },
    { role: 'viewMenu' },
    { role: 'windowMenu' },
  ];
}
