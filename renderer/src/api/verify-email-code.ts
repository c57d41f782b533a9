import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type { emailVerificationVerifyRequestSchema } from '@shared/contracts/accounts';
import { accountEndpoints } from '@shared/endpoints/accounts';
import { callEndpoint } from '../lib/api-client';

/** POST /api/auth/email-verification/verify: the code for a token that registration presents. */
export const useVerifyEmailCode = () =>
  useMutation({
    mutationFn: (body: z.input<typeof emailVerificationVerifyRequestSchema>) => callEndpoint(accountEndpoints.verifyCode, { body }),
  });
