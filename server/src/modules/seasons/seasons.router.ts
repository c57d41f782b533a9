/** Seasons: staff's list, opening one and changing one not yet open, the renewal pipeline, and a member's renewal (shared/endpoints/seasons.ts; docs/seasons.md). */
import { seasonEndpoints as endpoints } from '@shared/endpoints/seasons';
import type { AppContext } from '../../context';
import { notFound } from '../../lib/app-error';
import { signedInUser } from '../../middleware/auth';
import { endpointRouter } from '../../middleware/serve';
import { requestPolicy } from '../../policies/request-policy';
import { findProtection } from '../protection/protections.service';
import { renewalBasis, startRenewal } from './member-renewal.service';
import { listRenewals, remindToRenew } from './renewals.service';
import { changeSeason, listSeasons, openSeason } from './seasons.service';

const RENEWAL_BASIS_NOT_FOUND = 'Protection not found.';

export function seasonsRouter(context: AppContext) {
  const { db } = context;
  const { router, serve } = endpointRouter(context);
  const policy = requestPolicy(context);

  serve(endpoints.list)({ handle: async () => listSeasons(db) });
  serve(endpoints.open)({ handle: async (req, _res, { body }) => ({ season: await openSeason(db, signedInUser(req).id, body) }) });
  serve(endpoints.change)({ handle: async (req, _res, { params, body }) => ({ season: await changeSeason(db, signedInUser(req).id, params.year, body) }) });

  serve(endpoints.renewals)({ handle: async (_req, _res, { query }) => listRenewals(db, query) });
  serve(endpoints.remindToRenew)({ handle: async (req, _res, { params }) => remindToRenew(context, signedInUser(req).id, params.memberId) });

  // A renewal is a quote in the member's name: the quote rule decides who may start it (the member, their broker, support at write level).
  serve(endpoints.startRenewal)({
    handle: async (req, _res, { query }) => {
      const memberId = query.memberId ?? signedInUser(req).id;
      await policy.quote(req, memberId, 'write');
      return startRenewal(db, memberId);
    },
  });

  serve(endpoints.renewalBasis)({
    handle: async (req, _res, { params }) => {
      const [protection, stored] = await Promise.all([findProtection(db, params.id), db.protectionApplication.findUnique({ where: { id: params.id }, select: { pricing: true } })]);
      if (!protection || !stored) throw notFound(RENEWAL_BASIS_NOT_FOUND);
      await policy.record(req, protection.userId, 'read', RENEWAL_BASIS_NOT_FOUND);
      return renewalBasis(protection, stored.pricing);
    },
  });

  return router;
}
