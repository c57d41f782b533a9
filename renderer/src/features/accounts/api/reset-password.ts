import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type { passwordResetConfirmSchema } from '@shared/contracts/accounts';
import { accountEndpoints } from '@shared/endpoints/accounts';
import { callEndpoint } from '../../../lib/api-client';

/** POST /api/auth/password-reset/confirm: the e-mailed token and the new password. */
export const useResetPassword = () =>
  useMutation({
    mutationFn: (body: z.input<typeof passwordResetConfirmSchema>) => callEndpoint(accountEndpoints.resetPassword, { body }),
  });
