import { useMutation, useQueryClient } from '@tanstack/react-query';
import { redirectUrlResponseSchema, type SignInRequest } from '@shared/contracts/accounts';
import { signInEndpoints } from '@shared/endpoints/sign-in';
import { apiRequest, endpointUrl } from '../../../lib/api-client';
import { refetchSession } from '../../../stores/get-session';

/**
 * POST /api/auth/callback/referrer: the sign-in service's referrer provider. It sets only the
 * cookie, so the session is read again before the page moves on. Answers where to go next.
 */
export function useReferrerSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ callbackUrl, ...credentials }: SignInRequest & { callbackUrl: string }) => {
      const { url } = await apiRequest('POST', endpointUrl(signInEndpoints.providerCallback, { params: { provider: 'referrer' } }), {
        body: { ...credentials, json: 'true', callbackUrl },
        schema: redirectUrlResponseSchema,
      });
      await refetchSession(queryClient);
      return url;
    },
  });
}
