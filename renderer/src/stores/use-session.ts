import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { ensureSessionLoaded, loadSession, type SessionState, useSessionStore } from './session-store';

let watching = false;

/** Loads the session once (unless a route's guard already did), and again whenever the window regains focus (SPEC §7, as next-auth does). */
function watchSession() {
  if (watching) return;
  watching = true;
  void ensureSessionLoaded();
  window.addEventListener('focus', () => void loadSession());
}

/** The session for a component: status, user and the effective permissions. */
export function useSession(): Pick<SessionState, 'status' | 'user' | 'permissions' | 'supportMode'> {
  useEffect(watchSession, []);
  const status = useSessionStore((state) => state.status);
  const user = useSessionStore((state) => state.user);
  const permissions = useSessionStore((state) => state.permissions);
  const supportMode = useSessionStore((state) => state.supportMode);
  return { status, user, permissions, supportMode };
}

/** The sign-in address that brings the visitor back here afterwards. */
export function signInUrlFor(returnTo: string, signInPath = '/auth/signin'): string {
  return `${signInPath}?${new URLSearchParams({ error: 'SessionRequired', callbackUrl: returnTo })}`;
}

/** A page that needs a session sends a visitor to sign-in with error=SessionRequired, and back afterwards. */
export function useRequireSession(signInPath = '/auth/signin') {
  const session = useSession();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  useEffect(() => {
    if (session.status === 'unauthenticated') navigate(signInUrlFor(`${pathname}${search}`, signInPath), { replace: true });
  }, [session.status, navigate, pathname, search, signInPath]);
  return session;
}
