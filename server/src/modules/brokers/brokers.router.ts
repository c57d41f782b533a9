/**
 * A broker's clients: the members whose broker of record they are, with their farm, quotes,
 * protections and claims, and one client's account for a quote in their name. Anyone else's
 * account answers 404.
 */
import type { ClientView } from '@shared/contracts/dashboard';
import { brokerEndpoints as endpoints } from '@shared/endpoints/brokers';
import { displayName } from '@shared/domain/accounts/display-name';
import type { AppContext } from '../../context';
import { notFound } from '../../lib/app-error';
import { signedInUser } from '../../middleware/auth';
import { endpointRouter } from '../../middleware/serve';
import { claimStatusOf } from '../../presenters/claim';
import { listProtections } from '../protection/protections.service';

export function brokersRouter(context: AppContext) {
  const { db } = context;
  const { router, serve } = endpointRouter(context);

  serve(endpoints.clients)({
    handle: async (req) => {
      const user = signedInUser(req);
      const clients = await db.user.findMany({ where: { brokerId: user.id }, orderBy: [{ lastName: 'asc' }, { firstName: 'asc' }] });
      const ids = clients.map((c) => c.id);
      const [paddocks, drafts, estimates, applications, claims] = await Promise.all([
        db.farmPaddock.findMany({ where: { userId: { in: ids } }, select: { userId: true, areaHa: true } }),
        db.draft.groupBy({ by: ['userId'], where: { userId: { in: ids }, status: { not: 'COMPLETED' } }, _count: { _all: true } }),
        db.savedEstimate.groupBy({ by: ['userId'], where: { userId: { in: ids } }, _count: { _all: true } }),
        Promise.all(ids.map((id) => listProtections(db, id))),
        db.claim.findMany({ where: { userId: { in: ids } }, orderBy: { createdAt: 'desc' }, select: { id: true, userId: true, reference: true, status: true, peril: true } }),
      ]);
      const result: ClientView[] = clients.map((client, index) => {
        const own = paddocks.filter((p) => p.userId === client.id);
        const protections = applications[index] ?? [];
        const farm = own.length > 0 ? own : (protections[0]?.paddocks.filter((p) => !p.isExcluded) ?? []);
        return {
          id: client.id,
          name: displayName(client),
          businessName: client.businessName,
          email: client.email,
          phone: client.phone,
          farm: { paddocks: farm.length, areaHa: Math.round(farm.reduce((sum, p) => sum + p.areaHa, 0) * 10) / 10 },
          quotes: { drafts: drafts.find((d) => d.userId === client.id)?._count._all ?? 0, savedEstimates: estimates.find((e) => e.userId === client.id)?._count._all ?? 0 },
          protections: protections.map((p) => ({ id: p.id, status: p.status, stage: p.stage, season: p.season, coverageDescription: p.coverageDescription, totalPayableCents: p.totalPayableCents })),
          claims: claims.filter((c) => c.userId === client.id).map((c) => ({ id: c.id, reference: c.reference, status: claimStatusOf(c.status), peril: c.peril === 'fire' ? 'fire' : 'hail' })),
        };
      });
      return { clients: result };
    },
  });

  /** One client's account, for the quote the broker starts in the client's name; anyone else's answers 404. */
  serve(endpoints.client)({
    handle: async (req, _res, { params: { id } }) => {
      const user = signedInUser(req);
      const client = await db.user.findFirst({ where: { id, brokerId: user.id } });
      if (!client || client.id === user.id) throw notFound('That member is not one of your clients.');
      const { email, firstName, lastName, phone, address, businessName, abn, allowMarketing, referredByCode } = client;
      return { client: { id, name: displayName(client), email, firstName, lastName, phone, address, businessName, abn, allowMarketing, referredByCode } };
    },
  });

  return router;
}
