/** Seasons: staff's list, opening one and changing one not yet open, and the renewal pipeline (shared/endpoints/seasons.ts; docs/seasons.md). */
import { seasonEndpoints as endpoints } from '@shared/endpoints/seasons';
import type { AppContext } from '../../context';
import { signedInUser } from '../../middleware/auth';
import { endpointRouter } from '../../middleware/serve';
import { listRenewals, remindToRenew } from './renewals.service';
import { changeSeason, listSeasons, openSeason } from './seasons.service';

export function seasonsRouter(context: AppContext) {
  const { db } = context;
  const { router, serve } = endpointRouter(context);

  serve(endpoints.list)({ handle: async () => listSeasons(db) });
  serve(endpoints.open)({ handle: async (req, _res, { body }) => ({ season: await openSeason(db, signedInUser(req).id, body) }) });
  serve(endpoints.change)({ handle: async (req, _res, { params, body }) => ({ season: await changeSeason(db, signedInUser(req).id, params.year, body) }) });

  serve(endpoints.renewals)({ handle: async (_req, _res, { query }) => listRenewals(db, query) });
  serve(endpoints.remindToRenew)({ handle: async (req, _res, { params }) => remindToRenew(context, signedInUser(req).id, params.memberId) });

  return router;
}
