import { useMutation } from '@tanstack/react-query';
import { successResponseSchema } from '@shared/contracts/accounts';
import type { passwordResetConfirmSchema } from '@shared/contracts/accounts';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';

/** POST /api/auth/password-reset/confirm: the e-mailed token and the new password. */
export const useResetPassword = () =>
  useMutation({
    mutationFn: (body: z.input<typeof passwordResetConfirmSchema>) => apiRequest('POST', '/api/auth/password-reset/confirm', { body, schema: successResponseSchema }),
  });
