import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { isAdministrator, type RoleHolder } from '@shared/domain/accounts/permissions';
import { useSessionQuery } from '../../stores/get-session';
import { type ClientUser, useSessionStore } from '../../stores/session-store';
import { safeReturnPath } from './callback-url';

/** Where a sign-in on the members' page leads when nothing asked for a page: staff's console, or the dashboard. */
export const memberHome = (user: RoleHolder): string => (isAdministrator(user) ? '/admin/dashboard' : '/dashboard');

/** A partner's home, their referrals; anyone else stays on the referrer sign-in page to sign in as a partner. */
export const referrerHome = (user: Pick<ClientUser, 'isReferrer'>): string | null => (user.isReferrer ? '/referrer/leads' : null);

/**
 * On a sign-in page, someone already signed in (an old tab's Sign In, a bookmark) goes where they
 * were going (`callbackUrl`), or to `homeOf(user)`, without being asked again; a null home keeps them
 * on the page. `homeOf` is one of the homes above, so the effect sees the same function each render.
 */
export function useOnwardIfSignedIn(callbackUrl: string | null, homeOf: (user: ClientUser) => string | null): void {
  const navigate = useNavigate();
  const session = useSessionQuery();
  const user = useSessionStore((state) => state.user);
  const signedIn = session.data?.signedIn === true && user !== null;
  useEffect(() => {
    const home = signedIn && user ? homeOf(user) : null;
    if (home) navigate(safeReturnPath(callbackUrl, home), { replace: true });
  }, [signedIn, user, callbackUrl, homeOf, navigate]);
}
