/** Seasons as records (docs/seasons.md): staff's list, opening a season, changing one not yet open; renewing from last season. */
import { memberQuerySchema, recordParamsSchema } from '../contracts/dashboard';
import { renewalBasisSchema, renewalListQuerySchema, renewalListSchema, renewalMemberParamsSchema, renewalReminderResponseSchema, startRenewalResponseSchema } from '../contracts/renewals';
import { openSeasonInputSchema, seasonDatesInputSchema, seasonListSchema, seasonParamsSchema, seasonResponseSchema } from '../contracts/seasons';
import { endpoint } from './endpoint';

export const seasonEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/api/admin/seasons',
    access: 'administrator',
    response: seasonListSchema,
    summary: 'Every season, newest first, with its dates, whether it is open, upcoming or closed, and its applications; and the dates offered for the next.',
  }),
  open: endpoint({
    method: 'POST',
    path: '/api/admin/seasons',
    access: 'administrator',
    body: openSeasonInputSchema,
    response: seasonResponseSchema,
    status: 201,
    summary: 'Staff open a season with its dates (audited `season.opened`); from its first day every quote is for it. 400 beside the field when it does not follow the seasons before it.',
  }),
  change: endpoint({
    method: 'PUT',
    path: '/api/admin/seasons/:year',
    access: 'administrator',
    params: seasonParamsSchema,
    body: seasonDatesInputSchema,
    response: seasonResponseSchema,
    summary: 'Staff move the dates of a season not yet open (audited `season.changed`); an opened season keeps its dates.',
  }),
  renewals: endpoint({
    method: 'GET',
    path: '/api/admin/renewals',
    access: 'administrator',
    query: renewalListQuerySchema,
    response: renewalListSchema,
    summary: 'The renewal pipeline of the open season: every member with cover in an earlier season, due, started, submitted or lapsed, with counts; `stage` filters, `page` pages (20).',
  }),
  remindToRenew: endpoint({
    method: 'POST',
    path: '/api/admin/renewals/:memberId/reminder',
    access: 'administrator',
    params: renewalMemberParamsSchema,
    response: renewalReminderResponseSchema,
    summary: 'Staff e-mail a member that the open season is open, with a link to renew (kept with the day, audited `renewal.reminded`); 409 once they have applied, 404 for a member with nothing to renew.',
  }),
  startRenewal: endpoint({
    method: 'POST',
    path: '/api/dashboard/renewal',
    access: 'signedIn',
    query: memberQuerySchema,
    response: startRenewalResponseSchema,
    summary:
      'Starts the open season’s renewal from the member’s latest protection as a draft with its paddocks, crops, yields, prices and hurdles (the draft already started from it, if any); `memberId`: a client’s (their broker) or a customer’s (support at write level). 409 when nothing is due.',
  }),
  renewalBasis: endpoint({
    method: 'GET',
    path: '/api/dashboard/renewals/:id',
    access: 'signedIn',
    params: recordParamsSchema,
    response: renewalBasisSchema,
    summary: 'The protection a renewal starts from, as the quote wizard compares it: zone, cover, paddocks, each crop’s rate and the figures (record rule: others 404).',
  }),
};
