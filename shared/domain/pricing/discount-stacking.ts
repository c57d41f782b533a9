import type { DiscountCandidate } from './discount-rules';

/**
 * Stacking and the cap (docs/discounts.md). Rules that stack add up; a rule that does not stack is
 * never combined with another. The member gets whichever is larger: the stacking rules together, or
 * the best non-stacking rule alone. Either way the total rate is at most the model's maximum total
 * discount; when the stacking rules together pass it, each is scaled down in the same proportion.
 * Because the larger is taken, adding a stacking rule can only keep or raise the total discount.
 */
export interface SelectedDiscount extends DiscountCandidate {
  /** The rate actually taken off, after the cap. */
  appliedRate: number;
  /** True when the cap scaled this discount down. */
  scaled: boolean;
}

export interface DiscountSelection {
  applied: SelectedDiscount[];
  totalRate: number;
}

/** Candidates in the order they are applied and listed: higher priority first, then as listed. */
export function byPriority<T extends Pick<DiscountCandidate, 'priority'>>(candidates: readonly T[]): T[] {
  return candidates
    .map((candidate, index) => ({ candidate, index }))
    .sort((a, b) => b.candidate.priority - a.candidate.priority || a.index - b.index)
    .map(({ candidate }) => candidate);
}

export function selectDiscounts(candidates: readonly DiscountCandidate[], maxTotalDiscountRate: number): DiscountSelection {
  const ordered = byPriority(candidates.filter((candidate) => candidate.rate > 0));
  const cap = Math.max(0, maxTotalDiscountRate);
  const stacking = ordered.filter((candidate) => candidate.stacks);
  const rateSum = stacking.reduce((total, candidate) => total + candidate.rate, 0);
  const stackTotal = Math.min(cap, rateSum);
  let best: DiscountCandidate | null = null;
  for (const candidate of ordered) {
    if (!candidate.stacks && (best === null || Math.min(cap, candidate.rate) > Math.min(cap, best.rate))) best = candidate;
  }
  if (best !== null && Math.min(cap, best.rate) > stackTotal) {
    const appliedRate = Math.min(cap, best.rate);
    return { applied: [{ ...best, appliedRate, scaled: appliedRate < best.rate }], totalRate: appliedRate };
  }
  const scale = rateSum > 0 ? stackTotal / rateSum : 0;
  return { applied: stacking.map((candidate) => ({ ...candidate, appliedRate: candidate.rate * scale, scaled: scale < 1 })), totalRate: stackTotal };
}
