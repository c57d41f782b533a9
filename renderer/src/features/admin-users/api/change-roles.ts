import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type RoleChangeRequest, userResponseSchema } from '@shared/contracts/accounts';
import { apiRequest } from '../../../lib/api-client';

/** PUT /api/admin/users/:id/roles: the user list (and its brokers) show the new roles. */
export function useChangeRoles(userId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (change: RoleChangeRequest) => apiRequest('PUT', `/api/admin/users/${encodeURIComponent(userId)}/roles`, { body: change, schema: userResponseSchema }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['admin', 'users'] }),
  });
}
