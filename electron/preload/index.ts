import { contextBridge, ipcRenderer } from 'electron';
import { DESKTOP_CHANNELS, DESKTOP_EVENTS, type DesktopBridge, type DesktopProgress } from './bridge-types';

// Only these named calls cross into the page; ipcRenderer itself is never exposed.
contextBridge.exposeInMainWorld('desktop', {
  platform: 'desktop',
  appVersion: process.env.npm_package_version ?? '0.0.0',
  request: (request, listeners) => {
    if (!listeners?.onProgress && !listeners?.onUploadProgress) return ipcRenderer.invoke(DESKTOP_CHANNELS.request, request);
    // The main process's progress messages come on the same pipe as the answer, so all of them come before it.
    const progressId = crypto.randomUUID();
    const hear = (_event: unknown, progress: DesktopProgress) => {
      if (progress.progressId !== progressId) return;
      if ('sentBytes' in progress) listeners.onUploadProgress?.(progress.sentBytes, progress.totalBytes);
      else listeners.onProgress?.(progress.receivedBytes);
    };
    ipcRenderer.on(DESKTOP_EVENTS.progress, hear);
    return ipcRenderer.invoke(DESKTOP_CHANNELS.request, { ...request, progressId }).finally(() => ipcRenderer.off(DESKTOP_EVENTS.progress, hear));
  },
  getServerUrl: () => ipcRenderer.invoke(DESKTOP_CHANNELS.getServerUrl),
  cache: {
    syncMembers: (records) => ipcRenderer.invoke(DESKTOP_CHANNELS.syncMembers, records),
    searchMembers: (query) => ipcRenderer.invoke(DESKTOP_CHANNELS.searchMembers, query),
    status: () => ipcRenderer.invoke(DESKTOP_CHANNELS.cacheStatus),
  },
  openSupportWindow: (customerId, customerName) => ipcRenderer.invoke(DESKTOP_CHANNELS.openSupportWindow, { customerId, customerName }),
} satisfies DesktopBridge);
