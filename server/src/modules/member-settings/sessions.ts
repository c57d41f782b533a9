/**
 * The member's sessions signed in elsewhere (settings), read from the session store the accounts
 * module configured (database or Redis), by the store's index of sessions by user.
 * Each is named by its public reference (lib/sessions.ts publicSessionId), never by the cookie's
 * session id.
 */
import type { Store } from 'express-session';
import type { SignedInSession } from '@shared/contracts/dashboard';
import { isUserSessionStore, publicSessionId, SESSION_IDLE_TIMEOUT_MS } from '../../lib/sessions';
import { sessionStands } from '../../middleware/auth';

/**
 * The user's own stored sessions as [sid, data], read through the store's index by user (the
 * Session table's userId column, or the user's set in Redis), never by reading every session.
 */
function sessionsOf(store: Store, userId: string) {
  if (!isUserSessionStore(store)) throw new Error('This session store cannot find one person’s sessions (the database and Redis stores can).');
  return store.sessionsOf(userId);
}

/**
 * The sessions of the account that still stand (`sessionStands`: a password change ends every other
 * one, though the store keeps it until its next call or its expiry), the current one first.
 */
export async function userSessions(
  store: Store,
  secret: string,
  { userId, sessionsValidFrom }: { userId: string; sessionsValidFrom: Date | null },
  currentSid: string,
): Promise<Array<SignedInSession & { sid: string }>> {
  const sessions = await sessionsOf(store, userId);
  return sessions
    .filter(([, data]) => sessionStands(data.signedInAt, sessionsValidFrom))
    .map(([sid, data]) => {
      const expires = data.cookie?.expires ? new Date(data.cookie.expires) : null;
      const valid = expires && !Number.isNaN(expires.getTime());
      return {
        sid,
        id: publicSessionId(secret, sid),
        current: sid === currentSid,
        signedInAt: data.signedInAt ? new Date(data.signedInAt).toISOString() : null,
        // Sessions roll: every response sets the expiry a full idle timeout ahead of the last activity.
        lastActiveAt: valid ? new Date(expires.getTime() - SESSION_IDLE_TIMEOUT_MS).toISOString() : null,
        expiresAt: valid ? expires.toISOString() : null,
      };
    })
    .filter((s) => !s.expiresAt || Date.parse(s.expiresAt) > Date.now())
    .sort((a, b) => Number(b.current) - Number(a.current) || (b.lastActiveAt ?? '').localeCompare(a.lastActiveAt ?? ''));
}

export function destroySession(store: Store, sid: string): Promise<void> {
  return new Promise((resolve, reject) => store.destroy(sid, (error?: unknown) => (error ? reject(error) : resolve())));
}
