import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useSessionQuery } from './get-session';
import { type SessionState, useSessionStore } from './session-store';

/** The session for a component: status, user and the effective permissions (loaded, and refetched on focus, by the session query). */
export function useSession(): Pick<SessionState, 'status' | 'user' | 'permissions' | 'supportMode'> {
  useSessionQuery();
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

/**
 * A page that needs a session sends a visitor to sign-in with error=SessionRequired, and back
 * afterwards; while the server could not say who is signed in, it stays, with the sentence to show
 * (`unavailable`) and `askAgain`.
 */
export function useRequireSession(signInPath = '/auth/signin') {
  const session = useSession();
  const read = useSessionQuery();
  const unavailable = read.data?.unavailable;
  // A read that fails marks the store signed out a moment before its answer (with the sentence)
  // reaches the query: only a settled read sends anyone to sign in.
  const settled = !read.isFetching;
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  useEffect(() => {
    if (session.status === 'unauthenticated' && settled && unavailable === undefined) navigate(signInUrlFor(`${pathname}${search}`, signInPath), { replace: true });
  }, [session.status, settled, unavailable, navigate, pathname, search, signInPath]);
  return { ...session, unavailable, askAgain: () => void read.refetch() };
}
