import { useMutation } from '@tanstack/react-query';
import { visitorSessionResponseSchema } from '@shared/contracts/people';
import { apiRequest } from '../../../lib/api-client';

/** GET /api/admin/user-tracking/visitor-sessions/:sessionId: the person a visitor's browser tab later signed in as. */
export const useFindVisitor = () =>
  useMutation({ mutationFn: (sessionId: string) => apiRequest('GET', `/api/admin/user-tracking/visitor-sessions/${encodeURIComponent(sessionId)}`, { schema: visitorSessionResponseSchema }) });
