import { useMutation } from '@tanstack/react-query';
import { successResponseSchema } from '@shared/contracts/accounts';
import type { passwordResetRequestSchema } from '@shared/contracts/accounts';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';

/** POST /api/auth/password-reset/request: a single-use link by e-mail (the answer is the same for any address). */
export const useRequestPasswordReset = () =>
  useMutation({
    mutationFn: (body: z.input<typeof passwordResetRequestSchema>) => apiRequest('POST', '/api/auth/password-reset/request', { body, schema: successResponseSchema }),
  });
