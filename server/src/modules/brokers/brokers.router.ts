/**
 * A broker's clients: the members whose broker of record they are, with their farm, quotes,
 * protections and claims, the renewal due for the open season and the alerts standing over them now, and one client's account for a quote in their name. Anyone else's
 * account answers 404.
 */
import { bySurname } from '@shared/domain/accounts/name-order';
import { renewalFrom } from '@shared/domain/protection/renewal';
import { brokerEndpoints as endpoints } from '@shared/endpoints/brokers';
import { perthToday } from '@shared/perth-time';
import type { AppContext } from '../../context';
import { notFound } from '../../lib/app-error';
import { signedInUser } from '../../middleware/auth';
import { endpointRouter } from '../../middleware/serve';
import { presentClient, presentClientAccount } from '../../presenters/client';
import { listProtections } from '../protection/protections.service';
import { seasonFor } from '../seasons/seasons.service';
import { currentAlertsOf } from '../alerts/alerts.service';

export function brokersRouter(context: AppContext) {
  const { db } = context;
  const { router, serve } = endpointRouter(context);

  serve(endpoints.clients)({
    handle: async (req) => {
      const user = signedInUser(req);
      const clients = (await db.user.findMany({ where: { brokerId: user.id } })).sort(bySurname);
      const ids = clients.map((c) => c.id);
      const [paddocks, drafts, estimates, applications, claims, season, alerts] = await Promise.all([
        db.farmPaddock.findMany({ where: { userId: { in: ids } }, select: { userId: true, areaHa: true } }),
        db.draft.groupBy({ by: ['userId'], where: { userId: { in: ids }, status: { not: 'COMPLETED' } }, _count: { _all: true } }),
        db.savedEstimate.groupBy({ by: ['userId'], where: { userId: { in: ids } }, _count: { _all: true } }),
        Promise.all(ids.map((id) => listProtections(db, id))),
        db.claim.findMany({ where: { userId: { in: ids } }, orderBy: { createdAt: 'desc' }, select: { id: true, userId: true, reference: true, status: true, peril: true } }),
        seasonFor(db, perthToday()),
        currentAlertsOf(db, ids),
      ]);
      const count = (groups: ReadonlyArray<{ userId: string; _count: { _all: number } }>, id: string) => groups.find((group) => group.userId === id)?._count._all ?? 0;
      const result = clients.map((client, index) =>
        presentClient(client, {
          farm: paddocks.filter((paddock) => paddock.userId === client.id),
          drafts: count(drafts, client.id),
          savedEstimates: count(estimates, client.id),
          protections: applications[index] ?? [],
          claims: claims.filter((claim) => claim.userId === client.id),
          renewsFrom: renewalFrom(applications[index] ?? [], season.year),
          currentAlerts: alerts.filter((alert) => alert.userId === client.id),
        }),
      );
      return { clients: result, season: { year: season.year } };
    },
  });

  /** One client's account, for the quote the broker starts in the client's name; anyone else's answers 404. */
  serve(endpoints.client)({
    handle: async (req, _res, { params: { id } }) => {
      const user = signedInUser(req);
      const client = await db.user.findFirst({ where: { id, brokerId: user.id } });
      if (!client || client.id === user.id) throw notFound('That member is not one of your clients.');
      return { client: presentClientAccount(client) };
    },
  });

  return router;
}
