import type { MoneyLine } from '@shared/domain/estimates';
import { formatMoney } from '@shared/format';
import type { DocumentWriter } from './document-writer';

/** What a member pays, as every document draws it (moneyBreakdown): a label and its figure per line, subtotals and the total bold. */
export function drawMoneyLines(writer: DocumentWriter, lines: readonly MoneyLine[], { size = 9.5, figureWidth = 110 }: { size?: number; figureWidth?: number } = {}) {
  const columns = [{ width: writer.width - figureWidth }, { width: figureWidth, align: 'right' as const }];
  for (const line of lines) writer.table(columns, [[line.label, formatMoney(line.amount)]], { size, bold: line.total === true });
}
