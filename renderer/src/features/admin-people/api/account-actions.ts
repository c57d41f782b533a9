import { useMutation, useQueryClient } from '@tanstack/react-query';
import { accountActionResponseSchema, type LockAccountRequest } from '@shared/contracts/people';
import { apiRequest } from '../../../lib/api-client';

const personPath = (userId: string, action: string) => `/api/admin/user-lookup/${encodeURIComponent(userId)}/${action}`;

/** Every people query: a lock shows on the person page, in the search results and on the timeline. */
function useRefreshPeople() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: ['admin', 'people'] });
}

/** POST /api/admin/user-lookup/:userId/lock */
export function useLockAccount(userId: string) {
  const refresh = useRefreshPeople();
  return useMutation({ mutationFn: (body: LockAccountRequest) => apiRequest('POST', personPath(userId, 'lock'), { body, schema: accountActionResponseSchema }), onSuccess: refresh });
}

/** POST /api/admin/user-lookup/:userId/unlock */
export function useUnlockAccount(userId: string) {
  const refresh = useRefreshPeople();
  return useMutation({ mutationFn: () => apiRequest('POST', personPath(userId, 'unlock'), { schema: accountActionResponseSchema }), onSuccess: refresh });
}

/** POST /api/admin/user-lookup/:userId/password-reset */
export function useSendPasswordReset(userId: string) {
  const refresh = useRefreshPeople();
  return useMutation({ mutationFn: () => apiRequest('POST', personPath(userId, 'password-reset'), { schema: accountActionResponseSchema }), onSuccess: refresh });
}
