import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import type { UpdateProfileRequest, UserResponse } from '@shared/contracts/accounts';
import { accountEndpoints } from '@shared/endpoints/accounts';
import { callEndpoint } from '../lib/api-client';
import { toClientUser, useSessionStore } from '../stores/session-store';
import { accountQueryOptions } from './get-account';

/** The saved account (always the signed-in person's own) is shown at once: in its query, and in the session (the header's name, the menu). */
export function accountSaved(queryClient: QueryClient, { user }: UserResponse) {
  queryClient.setQueryData(accountQueryOptions(user.id).queryKey, { success: true as const, user });
  useSessionStore.getState().sessionLoaded(toClientUser(user));
}

/** PUT /api/user: the person's own details (all of them on a profile page, the address alone from the quote); a new e-mail address waits for its code (`message` says so). */
export function useUpdateAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (changes: Partial<UpdateProfileRequest>) => callEndpoint(accountEndpoints.updateAccount, { body: changes }),
    onSuccess: (answer) => accountSaved(queryClient, answer),
  });
}
