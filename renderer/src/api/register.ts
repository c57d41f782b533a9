import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type RegisterRequest, userResponseSchema } from '@shared/contracts/accounts';
import { track } from '../lib/analytics';
import { apiRequest } from '../lib/api-client';
import { sessionQueryOptions } from '../stores/get-session';
import { toClientUser, useSessionStore } from '../stores/session-store';

/** POST /api/auth/register: the account, signed in at once (the register page and the quote's password step): the session store knows it before the call resolves, so every screen does. */
export function useRegister() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RegisterRequest) => apiRequest('POST', '/api/auth/register', { body, schema: userResponseSchema }),
    onSuccess: ({ user }) => {
      useSessionStore.getState().loginSucceeded(toClientUser(user), '');
      // Ties the tab's earlier, anonymous events to the new account (docs/people.md).
      track('account.registered');
      return queryClient.invalidateQueries({ queryKey: sessionQueryOptions().queryKey });
    },
  });
}
