/**
 * Your Farm: the member's paddocks between seasons. Until the member keeps their own list,
 * the farm is the paddocks of their latest protection; saving replaces the whole list at once.
 */
import { Router } from 'express';
import { farmPaddocksInputSchema, memberQuerySchema } from '@shared/contracts/dashboard';
import type { AppContext } from '../../context';
import { requireUser } from '../../middleware/auth';
import { validate } from '../../middleware/validate';
import { requestPolicy } from '../../policies/request-policy';
import { presentFarmPaddock } from '../../presenters/farm-paddock';
import { currentFarm } from './current-farm';
import { saveFarm } from './farm.service';

export function farmRouter(context: AppContext): Router {
  const { db } = context;
  const policy = requestPolicy(context);
  const router = Router();
  const farmOf = (userId: string) => db.farmPaddock.findMany({ where: { userId }, orderBy: { sortOrder: 'asc' } });

  const memberQuery = validate({ query: memberQuerySchema });
  router.get('/farm/paddocks', requireUser, memberQuery, async (req, res) => {
    const member = await policy.member(req, memberQuery.input(req).query.memberId, 'read');
    res.json(await currentFarm(db, member.id));
  });

  const farmBody = validate({ body: farmPaddocksInputSchema });
  const writableMember = policy.memberFor('write', (req) => memberQuery.input(req).query.memberId);
  router.put('/farm/paddocks', requireUser, memberQuery, writableMember, farmBody, async (req, res) => {
    const member = policy.memberInScope(req);
    await saveFarm(db, member.id, farmBody.input(req).body.paddocks);
    res.json({ source: 'farm', paddocks: (await farmOf(member.id)).map(presentFarmPaddock) });
  });

  return router;
}
