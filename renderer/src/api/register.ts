import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RegisterRequest } from '@shared/contracts/accounts';
import { accountEndpoints } from '@shared/endpoints/accounts';
import { track } from '../lib/analytics';
import { callEndpoint } from '../lib/api-client';
import { sessionQueryOptions } from '../stores/get-session';
import { toClientUser, useSessionStore } from '../stores/session-store';

/** POST /api/auth/register: the account, signed in at once (the register page and the quote's password step): the session store knows it before the call resolves, so every screen does. */
export function useRegister() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RegisterRequest) => callEndpoint(accountEndpoints.register, { body }),
    onSuccess: ({ user }) => {
      useSessionStore.getState().loginSucceeded(toClientUser(user), '');
      // Ties the tab's earlier, anonymous events to the new account (docs/people.md).
      track('account.registered');
      return queryClient.invalidateQueries({ queryKey: sessionQueryOptions().queryKey });
    },
  });
}
