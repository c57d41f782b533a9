import type { PricingContext } from '@shared/domain/pricing/types';
import { seasonYearOf, waCalendarDate } from '@shared/domain/pricing/quote-pricing';
import type { Database } from '../../db/client';

/**
 * What the engine needs besides the request (shared/domain/pricing/types.ts PricingContext): the
 * quote date in Western Australia, the seasons the member has already been protected (from their
 * submitted applications) and whether the referrer code belongs to an active referrer.
 */
export async function buildPricingContext(
  db: Database,
  { userId, referrerCode, now = new Date() }: { userId?: string | undefined; referrerCode?: string | null | undefined; now?: Date },
): Promise<PricingContext> {
  const quoteDate = waCalendarDate(now);
  const code = referrerCode?.trim() ?? '';
  const [seasons, referrer] = await Promise.all([
    userId
      ? db.protectionApplication.findMany({
          where: { userId, seasonYear: { lt: seasonYearOf(quoteDate) } },
          distinct: ['seasonYear'],
          select: { seasonYear: true },
        })
      : Promise.resolve([]),
    code ? db.referrer.findFirst({ where: { code: { in: [...new Set([code, code.toUpperCase()])] }, isActive: true }, select: { id: true } }) : Promise.resolve(null),
  ]);
  return { quoteDate, priorMemberSeasons: seasons.length, referrerCodeIsValid: referrer !== null };
}
