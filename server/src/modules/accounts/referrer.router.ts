/** What a signed-in referrer sees: the growers who came with their code and how far each has got. */
import { referrerEndpoints as endpoints } from '@shared/endpoints/referrers';
import type { AppContext } from '../../context';
import { signedInUser } from '../../middleware/auth';
import { endpointRouter } from '../../middleware/serve';
import { presentReferralLead } from '../../presenters/referral-lead';

/** A referrer sees enough of each lead to follow up the introduction they made (presenters/referral-lead.ts), nothing more. */
export function referrerRouter(context: AppContext) {
  const { db, site } = context;
  const { router, serve } = endpointRouter(context);

  serve(endpoints.leads)({
    handle: async (req, res) => {
      const referrer = signedInUser(req).referrer!;
      const members = await db.user.findMany({
        where: { referredByCode: referrer.code },
        orderBy: { createdAt: 'desc' },
        select: { id: true, firstName: true, lastName: true, businessName: true, createdAt: true, drafts: { orderBy: { updatedAt: 'desc' }, select: { step: true, status: true, updatedAt: true } } },
      });
      const leads = members.map(presentReferralLead);
      res.set('Cache-Control', 'no-store');
      return {
        success: true,
        referrer: { code: referrer.code, organisation: referrer.organisation, referralLink: `${site.origin()}/?ref=${encodeURIComponent(referrer.code)}` },
        summary: {
          registered: leads.length,
          quoteStarted: leads.filter((lead) => lead.quoteStage !== 'registered').length,
          quoteCompleted: leads.filter((lead) => lead.quoteStage === 'quote_completed').length,
        },
        leads,
      };
    },
  });

  return router;
}
