/**
 * Your Farm: the member's paddocks between seasons. Until the member keeps their own list,
 * the farm is the paddocks of their latest protection; saving replaces the whole list at once.
 */
import { farmEndpoints as endpoints } from '@shared/endpoints/farm';
import type { AppContext } from '../../context';
import { endpointRouter } from '../../middleware/serve';
import { requestPolicy } from '../../policies/request-policy';
import { presentFarmPaddock } from '../../presenters/farm-paddock';
import { currentFarm } from './current-farm';
import { saveFarm } from './farm.service';

export function farmRouter(context: AppContext) {
  const { db } = context;
  const policy = requestPolicy(context);
  const { router, serve } = endpointRouter(context);
  const farmOf = (userId: string) => db.farmPaddock.findMany({ where: { userId }, orderBy: { sortOrder: 'asc' } });

  serve(endpoints.paddocks)({
    handle: async (req, _res, { query }) => currentFarm(db, (await policy.member(req, query.memberId, 'read')).id),
  });

  serve(endpoints.savePaddocks)({
    load: (req, { query }) => policy.member(req, query.memberId, 'write'),
    handle: async (_req, _res, { record: member, body }) => {
      await saveFarm(db, member.id, body.paddocks);
      return { source: 'farm', paddocks: (await farmOf(member.id)).map(presentFarmPaddock) };
    },
  });

  return router;
}
