import { useMutation, useQueryClient } from '@tanstack/react-query';
import { redirectUrlResponseSchema, type SignInRequest } from '@shared/contracts/accounts';
import { signInEndpoints } from '@shared/endpoints/sign-in';
import { ApiRequestError, apiRequest, endpointUrl } from '../../../lib/api-client';
import { refetchSession } from '../../../stores/get-session';
import { useSessionStore } from '../../../stores/session-store';

/**
 * POST /api/auth/callback/referrer: the sign-in service's referrer provider. It sets only the
 * cookie, so the session is read again before the page moves on; the store is told of the sign-in
 * first, as the members' sign-in does, so a read sent before it cannot sign the page out after.
 * Answers where to go next.
 */
export function useReferrerSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ callbackUrl, ...credentials }: SignInRequest & { callbackUrl: string }) => {
      const store = useSessionStore.getState();
      store.loginStarted();
      try {
        const { url } = await apiRequest('POST', endpointUrl(signInEndpoints.providerCallback, { params: { provider: 'referrer' } }), {
          body: { ...credentials, json: 'true', callbackUrl },
          schema: redirectUrlResponseSchema,
        });
        await refetchSession(queryClient);
        return url;
      } catch (error) {
        store.loginFailed(error instanceof ApiRequestError ? error.message : 'Sign-in failed');
        throw error;
      }
    },
  });
}
