import { useMutation } from '@tanstack/react-query';
import type { CallbackRequest } from '@shared/contracts/protection';
import { protectionEndpoints } from '@shared/endpoints/protection';
import { callEndpoint } from '../../../lib/api-client';

/** POST /api/callbacks/request: the member asks to be called about their estimate. */
export const useRequestCallback = () => useMutation({ mutationFn: (body: CallbackRequest) => callEndpoint(protectionEndpoints.requestCallback, { body }) });
