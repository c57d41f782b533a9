import { useMutation } from '@tanstack/react-query';
import { peopleEndpoints as endpoints } from '@shared/endpoints/people';
import { callEndpoint } from '../../../lib/api-client';

/** GET /api/admin/user-tracking/visitor-sessions/:sessionId: the person a visitor's browser tab later signed in as. */
export const useFindVisitor = () => useMutation({ mutationFn: (sessionId: string) => callEndpoint(endpoints.visitorSession, { params: { sessionId } }) });
