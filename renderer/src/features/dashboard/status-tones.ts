import type { InvoiceStatus } from '@shared/contracts/dashboard';
import type { BadgeTone } from './ui';

export const invoiceTone: Record<InvoiceStatus, BadgeTone> = { unpaid: 'info', part_paid: 'warning', overdue: 'danger', paid: 'success' };
