/** What a signed-in referrer sees: the growers who came with their code and how far each has got. */
import type { ReferralLead } from '@shared/contracts/accounts';
import { referrerEndpoints as endpoints } from '@shared/endpoints/referrers';
import type { AppContext } from '../../context';
import { signedInUser } from '../../middleware/auth';
import { endpointRouter } from '../../middleware/serve';

/**
 * A referrer sees each lead's name, business, when they registered and how far their quote has got,
 * never their contact details or figures: the grower's relationship is with the mutual, and the
 * referrer needs only enough to follow up the introduction they made.
 */
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
      const leads: ReferralLead[] = members.map((member) => {
        const latest = member.drafts[0];
        const completed = member.drafts.some((draft) => draft.status === 'COMPLETED');
        return {
          id: member.id,
          name: `${member.firstName} ${member.lastName.slice(0, 1)}${member.lastName ? '.' : ''}`.trim(),
          businessName: member.businessName,
          registeredAt: member.createdAt.toISOString(),
          quoteStage: completed ? 'quote_completed' : latest ? 'quote_started' : 'registered',
          lastQuoteStep: latest?.step ?? null,
          lastActivityAt: (latest?.updatedAt ?? member.createdAt).toISOString(),
        };
      });
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
