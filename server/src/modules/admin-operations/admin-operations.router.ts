/**
 * The administrators' season overview (/admin/dashboard); staff's claims list is the claims module's.
 */
import { adminOperationsEndpoints as endpoints } from '@shared/endpoints/admin-operations';
import { perthToday } from '@shared/perth-time';
import type { AppContext } from '../../context';
import { endpointRouter } from '../../middleware/serve';
import { seasonOverview } from './season-overview.service';

export function adminOperationsRouter(context: AppContext) {
  const { db } = context;
  const { router, serve } = endpointRouter(context);

  serve(endpoints.overview)({
    handle: async (_req, res, { query }) => {
      const overview = await seasonOverview(db, query.season ?? Number(perthToday().slice(0, 4)));
      res.set('Cache-Control', 'no-store');
      return overview;
    },
  });

  return router;
}
