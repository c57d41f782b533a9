import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { type UpdateProfileRequest, userResponseSchema } from '@shared/contracts/accounts';
import { apiRequest } from '../../../lib/api-client';
import { toClientUser, useSessionStore } from '../../../stores/session-store';
import { accountQueryOptions } from './get-account';

const updateProfileResponseSchema = userResponseSchema.extend({ message: z.string().optional() });

/** PUT /api/user: the account query and the signed-in session take the saved details. */
export function useUpdateProfile() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (profile: UpdateProfileRequest) => apiRequest('PUT', '/api/user', { body: profile, schema: updateProfileResponseSchema }),
    onSuccess: ({ user }) => {
      client.setQueryData(accountQueryOptions().queryKey, { success: true as const, user });
      useSessionStore.getState().sessionLoaded(toClientUser(user));
    },
  });
}
