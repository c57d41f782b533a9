import { useMutation } from '@tanstack/react-query';
import { callbackResponseSchema, type CallbackRequest } from '@shared/contracts/protection';
import { apiRequest } from '../../../lib/api-client';

/** POST /api/callbacks/request: the member asks to be called about their estimate. */
export const useRequestCallback = () => useMutation({ mutationFn: (body: CallbackRequest) => apiRequest('POST', '/api/callbacks/request', { body, schema: callbackResponseSchema }) });
