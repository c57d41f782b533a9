import type { CoverageType } from '../../constants';
import { PROTECTION_STATUSES, type ProtectionStatus } from '../../contracts/protection-status';

/** What a submitted quote's status reads as (the statuses and what they mean: shared/contracts/dashboard.ts). */
export const PROTECTION_STATUS_LABELS: Record<ProtectionStatus, string> = {
  submitted: 'Submitted',
  under_review: 'Under review',
  accepted: 'Accepted',
  active: 'Active',
  ended: 'Ended',
};

/** Where staff may move an application next; ended is final. */
const NEXT_PROTECTION_STATUSES: Record<ProtectionStatus, readonly ProtectionStatus[]> = {
  submitted: ['under_review', 'accepted'],
  under_review: ['submitted', 'accepted'],
  accepted: ['active', 'ended'],
  active: ['ended'],
  ended: [],
};

export function canMoveProtection(from: ProtectionStatus, to: ProtectionStatus): boolean {
  return NEXT_PROTECTION_STATUSES[from].includes(to);
}

/** An unknown stored status is treated as submitted, the status every application starts with. */
export function protectionStatusOf(value: string): ProtectionStatus {
  return (PROTECTION_STATUSES as readonly string[]).includes(value) ? (value as ProtectionStatus) : 'submitted';
}

/** Invoices are issued once the board has accepted an application. */
export function isInvoiceable(status: ProtectionStatus): boolean {
  return status === 'accepted' || status === 'active' || status === 'ended';
}

export function coverageIncludes(coverage: CoverageType, peril: 'hail' | 'fire'): boolean {
  return coverage === 'both' || coverage === peril;
}
