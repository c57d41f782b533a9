/** The certificate of protection as a PDF: what a member hands their bank (docs/certificates.md). */
import type { ProtectionView } from '@shared/contracts/dashboard';
import { formatCertificateCode } from '@shared/contracts/certificates';
import { CERTIFICATE_CHECK_PATH, certificateTotals } from '@shared/domain/protection/certificate';
import { cropName } from '@shared/domain/pricing/crop-name';
import { formatCents, formatDateTime, formatHectares, formatLongDate, formatPercent, plural } from '@shared/format';
import { COLOURS } from '../../lib/pdf/document-writer';
import { addressBlock, type Issuer, type Recipient, startDocument, totals } from '../../lib/pdf/letterhead';
import { certifiedPaddocks } from './certificates.service';

export interface IssuedCertificate {
  code: string;
  holderName: string;
  coverStartedAt: Date;
  issuedAt: Date;
}

export async function certificatePdf(certificate: IssuedCertificate, protection: ProtectionView, recipient: Recipient, issuer: Issuer, siteOrigin: string): Promise<Uint8Array> {
  const code = formatCertificateCode(certificate.code);
  const writer = await startDocument(`Certificate of protection ${code}`, issuer);
  writer.text('Certificate of protection', { size: 20, bold: true });
  writer.text(`${protection.coverageDescription} protection, season ${protection.season}`, { bold: true });
  writer.text(`Certificate ${code}   Application ${protection.reference}   Issued ${formatLongDate(certificate.issuedAt)}`, { size: 8.5, color: COLOURS.muted });
  writer.gap(6);
  writer.text(
    `${issuer.legalName} (ABN ${issuer.abn}) certifies that ${certificate.holderName} is a member of the mutual and that the paddocks below are protected against ${protection.coverageDescription.toLowerCase()} for the ${protection.season} season, under the mutual’s rules.`,
  );
  writer.gap(6);
  addressBlock(writer, 'MEMBER', recipient);
  writer.gap(8);
  writer.table(
    [{ width: 100 }, { width: writer.width - 100 }],
    [
      ['Cover started', formatDateTime(certificate.coverStartedAt)],
      ['Cover ends', `${formatLongDate(protection.endsOn)}, end of day`],
    ],
    { size: 11 },
  );
  writer.gap(8);
  const paddocks = protection.paddocks.filter((paddock) => paddock.priced);
  const figure = (width: number) => ({ width, align: 'right' as const });
  writer.table(
    [{ width: 120 }, { width: writer.width - 120 - 65 - 50 - 95 - 90 }, figure(65), figure(50), figure(95), { width: 90 }],
    paddocks.map((paddock) => [
      paddock.name,
      [paddock.crop ? cropName(paddock.crop) : 'Unassigned', paddock.variety].filter(Boolean).join(', '),
      formatHectares(paddock.areaHa),
      formatPercent(paddock.hurdlePercentage ?? 0),
      formatCents(paddock.valueCents),
      protection.coverageDescription,
    ]),
    { header: ['Paddock', 'Crop', 'Area', 'Hurdle', 'Value protected', 'Cover'] },
  );
  writer.rule();
  const sum = certificateTotals(certifiedPaddocks(protection));
  totals(
    writer,
    [
      [plural(sum.paddocks, 'paddock'), formatHectares(sum.hectares)],
      ['Value protected', formatCents(sum.valueCents)],
    ],
    { bold: true },
  );
  writer.gap(12);
  writer.heading('Check this certificate', { followedBy: 30 });
  writer.text(`A lender can confirm that this certificate is genuine and current at ${siteOrigin}${CERTIFICATE_CHECK_PATH} by typing its code:`);
  writer.text(code, { size: 16, bold: true });
  writer.gap(10);
  writer.text('The hurdle is the share of a paddock’s protected value the member carries before the mutual pays.', { size: 9, color: COLOURS.muted });
  writer.text('Crop risk protection is not insurance: claims are considered and paid at the discretion of the board under the mutual’s rules.', { size: 9, color: COLOURS.muted });
  return writer.save();
}
