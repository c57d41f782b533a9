import { SESSION_FRESHNESS_MS } from '../../constants';

export interface SessionActivity {
  user: unknown;
  isAuthenticated: boolean;
  /** Milliseconds since the epoch of the last recorded activity, or null when none. */
  lastActivity: number | null;
}

/** docs/behaviour.md §4: a session is active only with a user, authenticated, and active under 24 hours ago. */
export function isSessionActive(session: SessionActivity, now: number = Date.now()): boolean {
  if (!session.user || !session.isAuthenticated || session.lastActivity === null) return false;
  return now - session.lastActivity < SESSION_FRESHNESS_MS;
}
