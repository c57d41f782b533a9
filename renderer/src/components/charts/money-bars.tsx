import { formatCents } from '@shared/format';
import { BarList } from './chart-frame';

/**
 * Amounts of money as ranked bars (a rule's or a month's discounts): the label and the amount are
 * text, the bar a picture of it; the table beside holds the same figures with their counts.
 */
export function MoneyBars({ items, label }: { items: ReadonlyArray<{ name: string; cents: number; count: number }>; label: string }) {
  return <BarList items={items} label={label} amount={(item) => item.cents} figure={(item) => formatCents(item.cents)} />;
}
