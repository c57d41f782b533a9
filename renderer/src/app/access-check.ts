/**
 * What the route guards (route-guards.ts) decide with, loaded with the first guarded page rather
 * than with every public one: the session, and who holds which role.
 */
import { data, type LoaderFunctionArgs, replace } from 'react-router';
import { canEnterSupportMode, isAdministrator } from '@shared/domain/accounts/permissions';
import { SERVICE_UNAVAILABLE } from '../components/ui/error-boundaries';
import { queryClient } from '../lib/react-query';
import { ensureSessionLoaded } from '../stores/get-session';
import { type ClientUser, type SessionState, useSessionStore } from '../stores/session-store';
import { signInUrlFor } from '../stores/use-session';
import { FORBIDDEN, type Role } from './route-guards';

const holdsRole: Record<Role, (user: ClientUser) => boolean> = {
  'signed-in': () => true,
  'support-staff': canEnterSupportMode,
  administrator: isAdministrator,
};

/**
 * Waits for the session's first answer; a visitor goes to sign-in and back, anyone without the role
 * gets a 403, and when the server could not say who is signed in, the outage screen (503) with its sentence.
 */
export async function checkAccess(role: Role, { request }: LoaderFunctionArgs): Promise<null> {
  const read = await ensureSessionLoaded(queryClient);
  decidedBy = accessOf(useSessionStore.getState());
  if (read.unavailable !== undefined) throw data({ message: read.unavailable }, { status: SERVICE_UNAVAILABLE });
  const { status, user } = useSessionStore.getState();
  if (status !== 'authenticated' || !user) {
    const { pathname, search } = new URL(request.url);
    throw replace(signInUrlFor(`${pathname}${search}`));
  }
  if (!holdsRole[role](user)) throw data(null, { status: FORBIDDEN });
  return null;
}

/** What the guards decide by: signed in or not, who, and the roles held. */
const accessOf = ({ status, user }: Pick<SessionState, 'status' | 'user'>) => [status, user?.id, isAdministrator(user), canEnterSupportMode(user)].join('|');

/** The access the guards last decided by, so a change made before anyone listened is not missed. */
let decidedBy: string | undefined;

/**
 * Calls `changed` whenever the access the guards decide by changes, after the first load, and at
 * once when it changed since their last decision: the page subscribes a moment after the guard
 * decided (once this module's import resolves), and a sign-out in that moment must still count.
 * Answers the unsubscribe.
 */
export function onAccessChange(changed: () => void): () => void {
  const stop = useSessionStore.subscribe((state, previous) => {
    if (previous.status !== 'loading' && accessOf(state) !== accessOf(previous)) changed();
  });
  if (decidedBy !== undefined && accessOf(useSessionStore.getState()) !== decidedBy) changed();
  return stop;
}
