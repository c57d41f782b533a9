import type { PricingCalculateResponse } from '@shared/contracts/pricing';
import { toCents } from '@shared/domain/pricing/money';

/**
 * The discounts an application was priced with, as rows of ApplicationDiscount, created with the
 * application in its one write: the discount management page reads these facts, so a later change of
 * a rule never alters what a submitted application was given.
 */
export function appliedDiscountRows(pricing: PricingCalculateResponse) {
  return pricing.appliedDynamicDiscounts.map((discount) => ({
    ruleId: discount.id,
    ruleName: discount.name,
    kind: discount.kind,
    rate: discount.rate,
    amountCents: toCents(discount.amount),
    description: discount.description,
    modelVersion: pricing.modelVersion,
  }));
}
