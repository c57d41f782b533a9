/**
 * The member's sessions signed in elsewhere (settings), read from the session store the accounts
 * module configured (database or Redis). Each is named by its public reference
 * (lib/sessions.ts publicSessionId), never by the cookie's session id.
 */
import type { SessionData, Store } from 'express-session';
import type { SignedInSession } from '@shared/contracts/dashboard';
import { publicSessionId, SESSION_IDLE_TIMEOUT_MS } from '../../lib/sessions';

type StoredSession = Partial<SessionData> & { cookie?: { expires?: string | Date | null }; id?: string };

/** Every stored session as [sid, data]; the store answers an object keyed by sid (database) or an array with ids (Redis). */
async function allSessions(store: Store): Promise<Array<[string, StoredSession]>> {
  if (!store.all) return [];
  const result = await new Promise<unknown>((resolve, reject) => store.all!((error, sessions) => (error ? reject(error) : resolve(sessions))));
  if (!result) return [];
  if (Array.isArray(result)) return (result as StoredSession[]).filter((s) => typeof s.id === 'string').map((s) => [s.id!, s]);
  return Object.entries(result as Record<string, StoredSession>);
}

export async function userSessions(store: Store, secret: string, userId: string, currentSid: string): Promise<Array<SignedInSession & { sid: string }>> {
  const sessions = await allSessions(store);
  return sessions
    .filter(([, data]) => data.userId === userId)
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
