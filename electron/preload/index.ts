import { contextBridge, ipcRenderer } from 'electron';
import { DESKTOP_CHANNELS, type DesktopBridge } from './bridge-types';

// Only these named calls cross into the page; ipcRenderer itself is never exposed.
contextBridge.exposeInMainWorld('desktop', {
  platform: 'desktop',
  appVersion: process.env.npm_package_version ?? '0.0.0',
  request: (request) => ipcRenderer.invoke(DESKTOP_CHANNELS.request, request),
  getServerUrl: () => ipcRenderer.invoke(DESKTOP_CHANNELS.getServerUrl),
  cache: {
    syncMembers: (records) => ipcRenderer.invoke(DESKTOP_CHANNELS.syncMembers, records),
    searchMembers: (query) => ipcRenderer.invoke(DESKTOP_CHANNELS.searchMembers, query),
    status: () => ipcRenderer.invoke(DESKTOP_CHANNELS.cacheStatus),
  },
  openSupportWindow: (customerId, customerName) => ipcRenderer.invoke(DESKTOP_CHANNELS.openSupportWindow, { customerId, customerName }),
} satisfies DesktopBridge);
