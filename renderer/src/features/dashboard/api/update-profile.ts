import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { type UpdateProfileRequest, userResponseSchema } from '@shared/contracts/accounts';
import { apiRequest } from '../../../lib/api-client';
import { accountQueryOptions } from './get-account';

/** PUT /api/user: the member's details; a new e-mail address waits for its code (`message` says so). */
export function useUpdateProfile(viewerId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (changes: UpdateProfileRequest) => apiRequest('PUT', '/api/user', { body: changes, schema: userResponseSchema.extend({ message: z.string().optional() }) }),
    onSuccess: ({ user }) => queryClient.setQueryData(accountQueryOptions(viewerId).queryKey, { success: true, user }),
  });
}
