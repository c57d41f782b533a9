import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { type changePasswordRequestSchema, successResponseSchema } from '@shared/contracts/accounts';
import { apiRequest } from '../../../lib/api-client';

/** PUT /api/user/password: the administrator's own password; other devices are signed out. Nothing cached changes. */
export function useChangePassword() {
  return useMutation({
    mutationFn: (input: z.output<typeof changePasswordRequestSchema>) => apiRequest('PUT', '/api/user/password', { body: input, schema: successResponseSchema }),
  });
}
