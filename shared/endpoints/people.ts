/** People (docs/people.md): the administrators' user lookup and user tracking; every call is audited. */
import {
  accountActionResponseSchema,
  lockAccountRequestSchema,
  personDetailSchema,
  personParamsSchema,
  userLookupQuerySchema,
  userLookupResponseSchema,
  userTrackingQuerySchema,
  userTrackingResponseSchema,
  visitorSessionParamsSchema,
  visitorSessionResponseSchema,
} from '../contracts/people';
import { endpoint } from './endpoint';

const params = personParamsSchema;

export const peopleEndpoints = {
  lookUp: endpoint({
    method: 'GET',
    path: '/api/admin/user-lookup',
    access: 'administrator',
    query: userLookupQuerySchema,
    response: userLookupResponseSchema,
    summary:
      'The people one key finds (`q`: name, e-mail, phone, ABN, postal or farm address, paddock, application id, claim, invoice or receipt number), by surname; `page`, `pageSize`; audited `people.search`.',
  }),
  person: endpoint({
    method: 'GET',
    path: '/api/admin/user-lookup/:userId',
    access: 'administrator',
    params,
    response: personDetailSchema,
    summary: 'Everything held of the person; audited `people.view`.',
  }),
  lock: endpoint({
    method: 'POST',
    path: '/api/admin/user-lookup/:userId/lock',
    access: 'administrator',
    params,
    body: lockAccountRequestSchema,
    response: accountActionResponseSchema,
    summary: 'Locks the account, with a reason; not one’s own account; a security event and an audit entry.',
  }),
  unlock: endpoint({
    method: 'POST',
    path: '/api/admin/user-lookup/:userId/unlock',
    access: 'administrator',
    params,
    response: accountActionResponseSchema,
    summary: 'Unlocks the account; a security event and an audit entry.',
  }),
  passwordReset: endpoint({
    method: 'POST',
    path: '/api/admin/user-lookup/:userId/password-reset',
    access: 'administrator',
    params,
    response: accountActionResponseSchema,
    summary: 'Sends the member their own password-reset e-mail; a security event and an audit entry.',
  }),
  visitorSession: endpoint({
    method: 'GET',
    path: '/api/admin/user-tracking/visitor-sessions/:sessionId',
    access: 'administrator',
    params: visitorSessionParamsSchema,
    response: visitorSessionResponseSchema,
    summary: 'The account a visitor’s browser tab later signed in as.',
  }),
  timeline: endpoint({
    method: 'GET',
    path: '/api/admin/user-tracking/:userId',
    access: 'administrator',
    params,
    query: userTrackingQuerySchema,
    response: userTrackingResponseSchema,
    summary: 'The person’s timeline, newest first: `from`, `to` (Perth days), `kinds`; `page`, `pageSize`; audited `people.timeline_view`.',
  }),
};
