/** The protection summary PDF: one application's paddocks, cover and figures, as its page shows them. */
import type { ProtectionView } from '@shared/contracts/dashboard';
import { CROP_VALUE_LABEL, moneyBreakdown } from '@shared/domain/estimates';
import { fromCents } from '@shared/domain/pricing/money';
import { coverStarted, PROTECTION_STAGE_LABELS, protectionStageDescription, valueLabel } from '@shared/domain/protection/lifecycle';
import { formatCents, formatHectares, formatLongDate, formatPercent } from '@shared/format';
import { drawMoneyLines } from '../../lib/pdf/money-lines';
import { COLOURS } from '../../lib/pdf/document-writer';
import { addressBlock, type Issuer, type Recipient, startDocument, totals } from '../../lib/pdf/letterhead';

export async function protectionSummaryPdf(protection: ProtectionView, recipient: Recipient, issuer: Issuer): Promise<Uint8Array> {
  const writer = await startDocument(`Protection summary ${protection.reference}`, issuer);
  writer.text('Protection summary', { size: 20, bold: true });
  writer.text(`${protection.coverageDescription} protection, season ${protection.season}`, { bold: true });
  writer.text(`Status: ${PROTECTION_STAGE_LABELS[protection.stage]}   Submitted ${formatLongDate(protection.submittedAt)}   Ends ${formatLongDate(protection.endsOn)}   Zone ${protection.zoneCode}`);
  writer.text(`Reference ${protection.reference}`, { size: 8.5, color: COLOURS.muted });
  writer.text(protectionStageDescription(protection.stage, 'member'), { size: 9.5 });
  writer.gap(6);
  addressBlock(writer, 'MEMBER', recipient);
  writer.gap(10);
  const figure = (width: number) => ({ width, align: 'right' as const });
  writer.table(
    [{ width: 150 }, { width: writer.width - 150 - 70 - 60 - 100 }, figure(70), figure(60), figure(100)],
    protection.paddocks
      .filter((paddock) => paddock.priced)
      .map((paddock) => [paddock.name, paddock.crop ?? 'Unassigned', formatHectares(paddock.areaHa), formatPercent(paddock.hurdlePercentage ?? 0), formatCents(paddock.valueCents)]),
    { header: ['Paddock', 'Crop', 'Area', 'Hurdle', valueLabel(protection.stage)] },
  );
  writer.rule();
  totals(writer, [
    [coverStarted(protection.stage) ? 'Area protected' : 'Area applied for', formatHectares(protection.coveredAreaHa)],
    [CROP_VALUE_LABEL, formatCents(protection.insuredValueCents)],
  ]);
  writer.gap(4);
  drawMoneyLines(writer, moneyBreakdown(fromCents(protection.premiumCents)));
  writer.gap(10);
  writer.text('The hurdle is the share of a paddock’s protected value you carry before the mutual pays.', { size: 9, color: COLOURS.muted });
  writer.text('Claims are assessed and paid at the discretion of the board under the mutual’s rules.', { size: 9, color: COLOURS.muted });
  return writer.save();
}
