import type { DiscountApplication } from '@shared/contracts/discounts';
import { formatCentsForCsv, perthCalendarDate } from '@shared/format';
import type { CsvColumns } from '../../lib/csv-download';

/** One discount given on an application: a rule's, or one asked for by hand with its status. */
export interface DiscountLine {
  application: DiscountApplication;
  discount: string;
  status: string;
  amountCents: number;
  why: string;
}

/** An application's discounts as lines of the export: the rules' first, then the manual ones in the order they were asked for. */
export const discountLines = (application: DiscountApplication): DiscountLine[] => [
  ...application.ruleDiscounts.map((item) => ({ application, discount: item.ruleName, status: 'rule', amountCents: item.amountCents, why: item.description })),
  ...application.manualDiscounts.map((item) => ({ application, discount: 'Manual discount', status: item.status, amountCents: item.amountCents, why: item.reason })),
];

/** The season's discounts as a spreadsheet: one row per discount, dates as Perth calendar days. */
export const DISCOUNT_LINES_CSV: CsvColumns<DiscountLine> = {
  header: ['Application', 'Member', 'Submitted', 'Discount', 'Status', 'Amount', 'Why'],
  row: ({ application, discount, status, amountCents, why }) => [
    application.id,
    application.memberName,
    perthCalendarDate(new Date(application.submittedAt)),
    discount,
    status,
    formatCentsForCsv(amountCents),
    why,
  ],
};
