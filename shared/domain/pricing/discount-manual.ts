/**
 * How much a manual discount may take off an application (docs/discounts.md): what is left above
 * the minimum premium once the other manual discounts that count or wait for approval are taken.
 */
export function manualDiscountRoomCents({ premiumCents, minimumPremiumCents, otherManualCents }: { premiumCents: number; minimumPremiumCents: number; otherManualCents: number }): number {
  return Math.max(0, premiumCents - Math.max(0, minimumPremiumCents) - otherManualCents);
}

/**
 * The approved manual discounts billed on the contribution invoice, in the order they were approved,
 * each cut to the room left above the minimum premium (which matters only if the model's minimum
 * premium was raised after approval); one with no room left is not billed.
 */
export function billableManualDiscounts<Discount extends { amountCents: number }>({
  premiumCents,
  minimumPremiumCents,
  approved,
}: {
  premiumCents: number;
  minimumPremiumCents: number;
  approved: readonly Discount[];
}): Discount[] {
  const billed: Discount[] = [];
  let takenCents = 0;
  for (const discount of approved) {
    const amountCents = Math.min(discount.amountCents, manualDiscountRoomCents({ premiumCents, minimumPremiumCents, otherManualCents: takenCents }));
    if (amountCents <= 0) continue;
    billed.push({ ...discount, amountCents });
    takenCents += amountCents;
  }
  return billed;
}
