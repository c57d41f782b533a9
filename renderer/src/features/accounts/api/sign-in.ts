import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SignInRequest } from '@shared/contracts/accounts';
import { signInEndpoints } from '@shared/endpoints/sign-in';
import { ApiRequestError, callEndpoint } from '../../../lib/api-client';
import { sessionQueryOptions } from '../../../stores/get-session';
import { toClientUser, useSessionStore } from '../../../stores/session-store';

/**
 * POST /api/auth/signin with e-mail and password. The session store follows docs/behaviour.md §4: sign-in first
 * clears the user, success sets user, permissions and session id, failure leaves it signed out.
 * A failure is thrown on, for the form to show.
 */
async function signIn(credentials: SignInRequest) {
  const store = useSessionStore.getState();
  store.loginStarted();
  try {
    const response = await callEndpoint(signInEndpoints.signIn, { body: credentials });
    store.loginSucceeded(toClientUser(response.user), response.sessionId);
    return response;
  } catch (error) {
    store.loginFailed(error instanceof ApiRequestError ? error.message : 'Sign-in failed');
    throw error;
  }
}

export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: signIn, onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionQueryOptions().queryKey }) });
}
