import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RoleChangeRequest } from '@shared/contracts/accounts';
import { staffAccountEndpoints } from '@shared/endpoints/accounts';
import { callEndpoint } from '../../../lib/api-client';

/** PUT /api/admin/users/:id/roles: the user list (and its brokers) show the new roles. */
export function useChangeRoles(userId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (change: RoleChangeRequest) => callEndpoint(staffAccountEndpoints.changeRoles, { params: { id: userId }, body: change }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['admin', 'users'] }),
  });
}
