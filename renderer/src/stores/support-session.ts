/**
 * Support mode as staff work in it (issue 17): a session opens on the member's own dashboard, whose
 * pages then show that member's records (features/dashboard/member-scope.tsx) until Exit; their
 * quote is one link away. The desktop console opens the same pages in a session window instead.
 */
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import type { SupportPermissionLevel } from '@shared/constants';
import { openSupportWindow } from '../lib/desktop';
import { enterSupportMode, exitSupportMode } from './session-store';

/** Where a support session starts: the member's dashboard, with their applications. */
export const SUPPORT_HOME = '/dashboard';
/** Where staff go when they leave a member's data: the members list they entered from. */
export const SUPPORT_EXIT = '/admin/members';

export const supportQuotePath = (customerId: string) => `/quote?${new URLSearchParams({ support: 'true', customerId })}`;

/** Enters support mode for a member and opens their dashboard; throws the enter call's refusal. */
export function useOpenSupportSession() {
  const navigate = useNavigate();
  return useCallback(
    async (member: { id: string; name: string }, level: SupportPermissionLevel) => {
      await enterSupportMode(member.id, member.name, level);
      if (!(await openSupportWindow(member.id, member.name))) navigate(SUPPORT_HOME);
    },
    [navigate],
  );
}

/** Ends support mode and goes back to the members list, so no page goes on showing the member's data as the staff member's own. */
export function useExitSupportSession() {
  const navigate = useNavigate();
  return useCallback(async () => {
    await exitSupportMode();
    navigate(SUPPORT_EXIT);
  }, [navigate]);
}
