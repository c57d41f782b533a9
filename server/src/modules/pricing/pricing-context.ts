import type { PricingContext } from '@shared/domain/pricing/types';
import { seasonYearOf, waCalendarDate } from '@shared/domain/pricing/quote-pricing';
import type { Database } from '../../db/client';

export interface MemberPricingTerms {
  context: PricingContext;
  /**
   * The referrer code the member registered with (User.referredByCode), the only code that earns the
   * referrer discount: a code typed into a quote or sent in a pricing body is never used, so nobody
   * can pick up a partner's discount by naming its code. null for a visitor and for a member who
   * registered without one.
   */
  referrerCode: string | null;
}

/**
 * What the engine needs besides the request (shared/domain/pricing/types.ts PricingContext): the
 * quote date in Western Australia, the seasons the member has already been protected (from their
 * submitted applications), and the member's own referrer code with whether it still belongs to an
 * active referrer.
 */
export async function memberPricingTerms(db: Database, { userId, now = new Date() }: { userId?: string | undefined; now?: Date }): Promise<MemberPricingTerms> {
  const quoteDate = waCalendarDate(now);
  const [seasons, member] = userId
    ? await Promise.all([
        db.protectionApplication.findMany({
          where: { userId, seasonYear: { lt: seasonYearOf(quoteDate) } },
          distinct: ['seasonYear'],
          select: { seasonYear: true },
        }),
        db.user.findUnique({ where: { id: userId }, select: { referredByCode: true } }),
      ])
    : [[], null];
  const code = member?.referredByCode?.trim() || null;
  const referrer = code ? await db.referrer.findFirst({ where: { code, isActive: true }, select: { id: true } }) : null;
  return { context: { quoteDate, priorMemberSeasons: seasons.length, referrerCodeIsValid: referrer !== null }, referrerCode: code };
}
