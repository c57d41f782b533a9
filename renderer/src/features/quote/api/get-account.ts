import { userResponseSchema } from '@shared/contracts/accounts';
import { apiRequest } from '../../../lib/api-client';

/** GET /api/user: the signed-in member's account, whose details start their quote. */
export const getAccount = () => apiRequest('GET', '/api/user', { schema: userResponseSchema });
