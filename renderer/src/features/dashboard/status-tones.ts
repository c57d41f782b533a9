import type { ClaimStatus } from '@shared/domain/dashboard/claims';
import type { InvoiceStatus } from '@shared/domain/dashboard/payment-plan';
import type { BadgeTone } from './ui';

export const claimTone: Record<ClaimStatus, BadgeTone> = {
  lodged: 'info',
  under_assessment: 'warning',
  information_requested: 'danger',
  accepted: 'success',
  declined: 'neutral',
  paid: 'success',
  withdrawn: 'neutral',
};
export const invoiceTone: Record<InvoiceStatus, BadgeTone> = { unpaid: 'info', part_paid: 'warning', overdue: 'danger', paid: 'success' };
