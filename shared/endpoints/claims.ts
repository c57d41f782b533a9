/** Claims: members (and their broker of record) lodge them with photos and talk with staff; staff triage and move them (docs/dashboard.md). */
import { adminClaimsQuerySchema, adminClaimsResponseSchema, claimListSchema, claimMessageInputSchema, claimResponseSchema, claimStatusInputSchema, lodgeClaimSchema } from '../contracts/claims';
import { memberQuerySchema, recordParamsSchema } from '../contracts/dashboard';
import { endpoint } from './endpoint';

export const claimEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/api/claims',
    access: 'signedIn',
    query: memberQuerySchema,
    response: claimListSchema,
    summary: 'The member’s claims, newest first; `memberId`: a client’s (their broker, or staff).',
  }),
  detail: endpoint({
    method: 'GET',
    path: '/api/claims/:id',
    access: 'signedIn',
    params: recordParamsSchema,
    response: claimResponseSchema,
    summary: 'A claim with its photos and conversation, to whoever may read the member’s records; anyone else’s answers 404.',
  }),
  lodge: endpoint({
    method: 'POST',
    path: '/api/claims',
    access: 'signedIn',
    query: memberQuerySchema,
    body: lodgeClaimSchema,
    response: claimResponseSchema,
    status: 201,
    summary:
      'Lodges a claim (multipart: the fields of `lodgeClaimSchema`, files `photos`) for the member, their broker or staff at write level; who may is decided before a byte of the upload is read. With an `Idempotency-Key` header (shared/contracts/idempotency.ts), a repeat keeps nothing new and answers the first claim (`Idempotent-Replayed: true`).',
  }),
  addPhotos: endpoint({
    method: 'POST',
    path: '/api/claims/:id/photos',
    access: 'signedIn',
    params: recordParamsSchema,
    response: claimResponseSchema,
    status: 201,
    summary: 'More photos (multipart `photos`) on an open claim (409 once closed), by those who may write the member’s records; decided before the upload is read.',
  }),
  sendMessage: endpoint({
    method: 'POST',
    path: '/api/claims/:id/messages',
    sentOnce: true,
    access: 'signedIn',
    params: recordParamsSchema,
    body: claimMessageInputSchema,
    response: claimResponseSchema,
    status: 201,
    summary: 'A message on the claim’s conversation: the member and their broker on their own claims, staff on any (the member is e-mailed and the answer opens a support request).',
  }),
  moveStatus: endpoint({
    method: 'PUT',
    path: '/api/claims/:id/status',
    access: 'administrator',
    params: recordParamsSchema,
    body: claimStatusInputSchema,
    response: claimResponseSchema,
    summary: 'Staff move a claim along its allowed paths (409 otherwise), with an optional message; the member is e-mailed. Never an administrator’s own claim (403 `own_account`).',
  }),
  staffList: endpoint({
    method: 'GET',
    path: '/api/admin/claims',
    access: 'administrator',
    query: adminClaimsQuerySchema,
    response: adminClaimsResponseSchema,
    summary:
      'Every member’s claims, last changed first, with whether a stored event bears each out: filters `status`, `peril`, `member` (name, e-mail or business; 400 `search_too_broad` when it matches more than 20,000 people), `event` (the claims under a stored event’s warning, every issue of it taken together: started from one, or on a protection one lay over, of a peril it brings, dated in its days or the day after; 404 `event_not_found`, with `event` naming it, counting its issues and tallying every claim under it by status with their estimated loss, whatever the other filters); `page`, `pageSize`.',
  }),
};
