import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type { passwordResetRequestSchema } from '@shared/contracts/accounts';
import { accountEndpoints } from '@shared/endpoints/accounts';
import { callEndpoint } from '../../../lib/api-client';

/** POST /api/auth/password-reset/request: a single-use link by e-mail (the answer is the same for any address). */
export const useRequestPasswordReset = () =>
  useMutation({
    mutationFn: (body: z.input<typeof passwordResetRequestSchema>) => callEndpoint(accountEndpoints.requestPasswordReset, { body }),
  });
