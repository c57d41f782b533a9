import { useMutation } from '@tanstack/react-query';
import { userResponseSchema } from '@shared/contracts/accounts';
import { apiRequest } from '../../../lib/api-client';

/** PUT /api/user with the address only: registration takes none, so the new account gets the quote's. */
export const useUpdateAccountAddress = () => useMutation({ mutationFn: (address: string) => apiRequest('PUT', '/api/user', { body: { address }, schema: userResponseSchema }) });
