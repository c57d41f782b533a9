import type { PricingContext } from '@shared/domain/pricing/types';
import type { SeasonDates } from '@shared/contracts/seasons';
import { waCalendarDate } from '@shared/domain/pricing/quote-pricing';
import type { Database } from '../../db/client';
import { seasonFor } from '../seasons/seasons.service';

export interface MemberPricingTerms {
  context: PricingContext;
  /**
   * The referrer code the member registered with (User.referredByCode), the only code that earns the
   * referrer discount: a code typed into a quote or sent in a pricing body is never used, so nobody
   * can pick up a partner's discount by naming its code. null for a visitor and for a member who
   * registered without one.
   */
  referrerCode: string | null;
  /** The season the quote date's quotes are for (docs/seasons.md): read for a member only, whose quote may become an application. */
  season: SeasonDates | null;
}

/**
 * What the engine needs besides the request (shared/domain/pricing/types.ts PricingContext): the
 * quote date in Western Australia and the season open on it, the seasons before it the member has
 * already been protected in (from their submitted applications), and the member's own referrer code with whether it still belongs to an
 * active referrer.
 */
export async function memberPricingTerms(db: Database, { userId, now = new Date() }: { userId?: string | undefined; now?: Date }): Promise<MemberPricingTerms> {
  const quoteDate = waCalendarDate(now);
  const season = userId ? await seasonFor(db, quoteDate) : null;
  const [seasons, member] = userId
    ? await Promise.all([
        db.protectionApplication.findMany({
          where: { userId, seasonYear: { lt: season!.year } },
          distinct: ['seasonYear'],
          select: { seasonYear: true },
        }),
        db.user.findUnique({ where: { id: userId }, select: { referredByCode: true } }),
      ])
    : [[], null];
  const code = member?.referredByCode?.trim() || null;
  const referrer = code ? await db.referrer.findFirst({ where: { code, isActive: true }, select: { id: true } }) : null;
  return { context: { quoteDate, priorMemberSeasons: seasons.length, referrerCodeIsValid: referrer !== null }, referrerCode: code, season };
}
