import { useMutation } from '@tanstack/react-query';
import { type RegisterRequest, userResponseSchema } from '@shared/contracts/accounts';
import { track } from '../../../lib/analytics';
import { apiRequest } from '../../../lib/api-client';

/** POST /api/auth/register: the member's account from the quote's details, signed in at once. */
export const useRegister = () =>
  useMutation({
    mutationFn: (body: RegisterRequest) => apiRequest('POST', '/api/auth/register', { body, schema: userResponseSchema }),
    // Ties the tab's earlier, anonymous events to the new account (docs/people.md).
    onSuccess: () => track('account.registered'),
  });
