/** Seasons as records (docs/seasons.md): staff's list, opening a season, changing one not yet open. */
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
};
