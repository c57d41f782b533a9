import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LockAccountRequest } from '@shared/contracts/people';
import { peopleEndpoints as endpoints } from '@shared/endpoints/people';
import { callEndpoint } from '../../../lib/api-client';

/** Every people query: a lock shows on the person page, in the search results and on the timeline. */
function useRefreshPeople() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: ['admin', 'people'] });
}

/** POST /api/admin/user-lookup/:userId/lock */
export function useLockAccount(userId: string) {
  const refresh = useRefreshPeople();
  return useMutation({ mutationFn: (body: LockAccountRequest) => callEndpoint(endpoints.lock, { params: { userId }, body }), onSuccess: refresh });
}

/** POST /api/admin/user-lookup/:userId/unlock */
export function useUnlockAccount(userId: string) {
  const refresh = useRefreshPeople();
  return useMutation({ mutationFn: () => callEndpoint(endpoints.unlock, { params: { userId } }), onSuccess: refresh });
}

/** POST /api/admin/user-lookup/:userId/password-reset */
export function useSendPasswordReset(userId: string) {
  const refresh = useRefreshPeople();
  return useMutation({ mutationFn: () => callEndpoint(endpoints.passwordReset, { params: { userId } }), onSuccess: refresh });
}
