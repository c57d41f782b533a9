/**
 * The renderer's side of the desktop console's own features (window.desktop, present only there):
 * the member cache and support-mode session windows. On the web every helper here does nothing.
 */
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { DesktopMemberCacheStatus, DesktopMemberRecord } from '@shared/contracts/desktop';
import { fetchMembers } from '../api/get-members';

type DesktopBridge = NonNullable<Window['desktop']>;

/** The largest page GET /api/admin/members serves (membersQuerySchema). */
const SYNC_PAGE_SIZE = 100;
/** A sync stops here (10,000 members); the mutual has far fewer. */
const MAX_SYNC_PAGES = 100;

export function desktopBridge(): DesktopBridge | undefined {
  return typeof window === 'undefined' ? undefined : window.desktop;
}

/** Copies the members list from the server into the console's cache, page by page. */
export async function syncMemberCache(bridge: DesktopBridge): Promise<DesktopMemberCacheStatus> {
  let status = await bridge.cache.status();
  for (let page = 1; page <= MAX_SYNC_PAGES; page += 1) {
    const list = await fetchMembers({ page, pageSize: SYNC_PAGE_SIZE });
    status = await bridge.cache.syncMembers(list.members);
    if (page * SYNC_PAGE_SIZE >= list.total || list.members.length === 0) break;
  }
  return status;
}

export type MemberSyncState = 'syncing' | 'synced' | 'failed';

export interface DesktopMemberCacheView {
  status: DesktopMemberCacheStatus | undefined;
  sync: MemberSyncState;
  /** Cached members matching the query; only while `showCached` is asked for. */
  results: DesktopMemberRecord[] | undefined;
}

/**
 * In the desktop console: syncs the member cache when the page opens, and while `showCached` is
 * true (the server is still answering, or cannot be reached) searches the cache for the query.
 * On the web: undefined. Both run through the query cache like every other call.
 */
export function useDesktopMemberCache(query: string, showCached: boolean): DesktopMemberCacheView | undefined {
  const [bridge] = useState(desktopBridge);
  // The copy from the last sync, shown while a new sync runs or when it fails (offline or refused).
  const stored = useQuery({ queryKey: ['desktop', 'member-cache', 'status'], queryFn: () => bridge!.cache.status(), enabled: Boolean(bridge), staleTime: 0 });
  const synced = useQuery({ queryKey: ['desktop', 'member-cache', 'sync'], queryFn: () => syncMemberCache(bridge!), enabled: Boolean(bridge), staleTime: 0, gcTime: 0, retry: false });
  const status = synced.data ?? stored.data;
  const found = useQuery({
    queryKey: ['desktop', 'member-cache', 'search', query, status?.lastSyncedAt ?? null],
    queryFn: () => bridge!.cache.searchMembers(query),
    enabled: Boolean(bridge) && showCached,
    staleTime: 0,
  });

  if (!bridge) return undefined;
  const sync: MemberSyncState = synced.isPending ? 'syncing' : synced.isError ? 'failed' : 'synced';
  return { status, sync, results: showCached ? found.data : undefined };
}

/**
 * In the desktop console, opens the customer's dashboard in a support-mode session window and
 * answers true; on the web answers false, and the caller navigates in place.
 */
export async function openSupportWindow(customerId: string, customerName: string): Promise<boolean> {
  const bridge = desktopBridge();
  if (!bridge) return false;
  await bridge.openSupportWindow(customerId, customerName);
  return true;
}
