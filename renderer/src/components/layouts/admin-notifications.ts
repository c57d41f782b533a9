import { NOTIFICATION_POLL_MS } from '@shared/constants';
import type { NotificationCountResponse } from '@shared/contracts/public-site';
import { useEffect, useSyncExternalStore } from 'react';
import { apiRequest } from '../../lib/api-client';

/**
 * The administrators' form-submission notifications (SPEC §2, §7): GET /api/admin/notifications/count
 * every 30 s while an admin page is open, shared by the bell and the menu badge, and refreshed at
 * once when the submissions page marks something read.
 */
type Snapshot = { status: 'idle' | 'ready' | 'error'; data: NotificationCountResponse };

let snapshot: Snapshot = { status: 'idle', data: { unreadCount: 0, recentSubmissions: [] } };
const listeners = new Set<() => void>();
let subscribers = 0;
let timer: ReturnType<typeof setInterval> | undefined;

const emit = () => listeners.forEach((listener) => listener());

export async function refreshAdminNotifications(): Promise<void> {
  try {
    const data = (await apiRequest('GET', '/api/admin/notifications/count')) as NotificationCountResponse;
    snapshot = { status: 'ready', data };
  } catch {
    snapshot = { ...snapshot, status: 'error' };
  }
  emit();
}

/** Starts polling while at least one component uses it. */
export function useAdminNotifications(): Snapshot {
  useEffect(() => {
    subscribers += 1;
    if (subscribers === 1) {
      void refreshAdminNotifications();
      timer = setInterval(() => void refreshAdminNotifications(), NOTIFICATION_POLL_MS);
    }
    return () => {
      subscribers -= 1;
      if (subscribers === 0 && timer !== undefined) clearInterval(timer);
    };
  }, []);
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => snapshot,
  );
}
