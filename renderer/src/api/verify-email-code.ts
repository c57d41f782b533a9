import { useMutation } from '@tanstack/react-query';
import { emailVerificationVerifyResponseSchema } from '@shared/contracts/accounts';
import type { emailVerificationVerifyRequestSchema } from '@shared/contracts/accounts';
import type { z } from 'zod';
import { apiRequest } from '../lib/api-client';

/** POST /api/auth/email-verification/verify: the code for a token that registration presents. */
export const useVerifyEmailCode = () =>
  useMutation({
    mutationFn: (body: z.input<typeof emailVerificationVerifyRequestSchema>) => apiRequest('POST', '/api/auth/email-verification/verify', { body, schema: emailVerificationVerifyResponseSchema }),
  });
