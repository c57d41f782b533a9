/**
 * Your Farm: the member's paddocks between seasons. Until the member keeps their own list,
 * the farm is the paddocks of their latest protection; saving replaces the whole list at once.
 */
import { Router } from 'express';
import { farmPaddocksInputSchema, memberQuerySchema } from '@shared/contracts/dashboard';
import type { AppContext } from '../../context';
import { badRequest } from '../../lib/app-error';
import { requireUser } from '../../middleware/auth';
import { validate } from '../../middleware/validate';
import { requestPolicy } from '../../policies/request-policy';
import { presentFarmPaddock } from '../../presenters/farm-paddock';
import { currentFarm } from './current-farm';

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
    const { paddocks } = farmBody.input(req).body;
    const names = new Set<string>();
    for (const paddock of paddocks) {
      const key = paddock.name.toLowerCase();
      if (names.has(key)) throw badRequest(`Two paddocks are named “${paddock.name}”; give each its own name.`, 'duplicate_paddock_name');
      names.add(key);
    }
    await db.$transaction([
      db.farmPaddock.deleteMany({ where: { userId: member.id } }),
      db.farmPaddock.createMany({
        data: paddocks.map(({ id: _id, geometry, ...paddock }, sortOrder) => ({ ...paddock, geometry: (geometry ?? undefined) as object | undefined, userId: member.id, sortOrder })),
      }),
    ]);
    res.json({ source: 'farm', paddocks: (await farmOf(member.id)).map(presentFarmPaddock) });
  });

  return router;
}
