import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DESKTOP_CHANNELS, DESKTOP_EVENTS } from '../../preload/bridge-types';
import { MemberCache } from '../services/member-cache';
import { createTestSafeStorage } from '../services/test-safe-storage';
import { createDesktopHandlers } from './handlers';

let folder: string;
let cache: MemberCache;
beforeEach(() => {
  folder = mkdtempSync(join(tmpdir(), 'desktop-handlers-'));
  cache = new MemberCache(join(folder, 'members.db'), createTestSafeStorage(), () => new Date('2026-03-10T01:00:00.000Z'));
});
afterEach(() => {
  cache.close();
  rmSync(folder, { recursive: true, force: true });
});

const jo = { id: 'm1', name: 'Jo Smith', email: 'jo@example.com', phone: null, businessName: 'Smith Farms', createdAt: '2026-01-01T00:00:00.000Z' };

function handlers(openSupportWindow = vi.fn(() => ({ opened: true }))) {
  return createDesktopHandlers({ request: vi.fn(), getServerUrl: () => 'http://127.0.0.1:3000', cache, openSupportWindow });
}

describe('the main process’s bridge handlers', () => {
  it('answers every channel of the bridge', () => {
    expect(Object.keys(handlers()).sort()).toEqual(Object.values(DESKTOP_CHANNELS).sort());
  });

  it('syncs, searches and reports the member cache', async () => {
    const handle = handlers();
    expect(await handle[DESKTOP_CHANNELS.syncMembers]([jo])).toEqual({ count: 1, lastSyncedAt: '2026-03-10T01:00:00.000Z', storage: 'encrypted' });
    expect(await handle[DESKTOP_CHANNELS.searchMembers]('SMITH farms')).toEqual([jo]);
    expect(await handle[DESKTOP_CHANNELS.cacheStatus]()).toEqual({ count: 1, lastSyncedAt: '2026-03-10T01:00:00.000Z', storage: 'encrypted' });
  });

  it('refuses cache input of the wrong shape before it reaches the database', () => {
    const handle = handlers();
    expect(() => handle[DESKTOP_CHANNELS.syncMembers]([{ ...jo, email: 42 }])).toThrow();
    expect(() => handle[DESKTOP_CHANNELS.syncMembers]({ records: [jo] })).toThrow();
    expect(() => handle[DESKTOP_CHANNELS.searchMembers]({ query: 'jo' })).toThrow();
    expect(cache.status().count).toBe(0);
  });

  it('tells the page that asked for a file how much of it has come, on the progress channel', async () => {
    const request = vi.fn(async (_input: unknown, onProgress: (progress: { progressId: string; receivedBytes: number }) => void) => {
      onProgress({ progressId: 'p1', receivedBytes: 512 });
      return { status: 200 };
    });
    const tell = vi.fn();
    const handle = createDesktopHandlers({ request, getServerUrl: () => 'http://127.0.0.1:3000', cache, openSupportWindow: vi.fn() });
    await handle[DESKTOP_CHANNELS.request]({ method: 'GET', path: '/api/files/a', responseType: 'bytes', progressId: 'p1' }, { tell });
    expect(tell).toHaveBeenCalledWith(DESKTOP_EVENTS.progress, { progressId: 'p1', receivedBytes: 512 });
  });

  it('hands the support window request to the window module as it came', () => {
    const open = vi.fn(() => ({ opened: true }));
    expect(handlers(open)[DESKTOP_CHANNELS.openSupportWindow]({ customerId: 'm1', customerName: 'Jo Smith' })).toEqual({ opened: true });
    expect(open).toHaveBeenCalledWith({ customerId: 'm1', customerName: 'Jo Smith' });
  });
});
