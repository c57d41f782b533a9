import { PDFDocument, type PDFFont, type PDFPage, StandardFonts, rgb } from 'pdf-lib';
import { COVERAGE_TYPE_DESCRIPTIONS, COVERAGE_TYPES } from '@shared/constants';
import type { ServerPricing } from '@shared/contracts/protection';
import type { QuoteState } from '@shared/contracts/quote';
import { displayAmounts } from '@shared/domain/estimates';
import { formatDollars, formatHectares, formatRate } from '@shared/domain/pricing/money';
import { pdfText } from '../../lib/pdf-text';

/**
 * The PDF quote of a saved estimate: who and where, each cover's figures as the server priced
 * them (SPEC §9 lines), the discounts, the crops, and a drawing of the paddock outlines scaled into
 * a box (no map tiles). Standard fonts only, so the text is limited to the Windows-1252 characters.
 */

const PAGE = { width: 595.28, height: 841.89, margin: 48 } as const;
const GREEN = rgb(0.18, 0.42, 0.18);
const GREY = rgb(0.35, 0.4, 0.35);

type Ring = Array<[number, number]>;

/** Outer and inner rings of a GeoJSON Polygon or MultiPolygon; anything else has none. */
export function ringsOf(geometry: unknown): Ring[] {
  if (typeof geometry !== 'object' || geometry === null) return [];
  const { type, coordinates } = geometry as { type?: unknown; coordinates?: unknown };
  const isRing = (value: unknown): value is Ring =>
    Array.isArray(value) && value.length >= 3 && value.every((position) => Array.isArray(position) && typeof position[0] === 'number' && typeof position[1] === 'number' && Number.isFinite(position[0]) && Number.isFinite(position[1]));
  const polygons = type === 'Polygon' ? [coordinates] : type === 'MultiPolygon' && Array.isArray(coordinates) ? coordinates : [];
  return polygons.flatMap((polygon: unknown) => (Array.isArray(polygon) ? polygon.filter(isRing) : []));
}

interface Writer {
  page: PDFPage;
  y: number;
}

/** Starts a new page when less than `height` points are left above the bottom margin. */
function ensureRoom(pdf: PDFDocument, writer: Writer, height: number) {
  if (writer.y - height >= PAGE.margin) return;
  writer.page = pdf.addPage([PAGE.width, PAGE.height]);
  writer.y = PAGE.height - PAGE.margin;
}

export async function renderQuotePdf({ id, createdAt, quote, pricing }: { id: string; createdAt: Date; quote: QuoteState; pricing: ServerPricing }): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(pdfText(`Crop protection estimate ${id}`));
  pdf.setAuthor('Grain Growers Mutual');
  pdf.setCreationDate(createdAt);
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const writer: Writer = { page: pdf.addPage([PAGE.width, PAGE.height]), y: PAGE.height - PAGE.margin };

  const ensure = (height: number) => ensureRoom(pdf, writer, height);
  const line = (text: string, { font = regular, size = 10, color = rgb(0, 0, 0), indent = 0 }: { font?: PDFFont; size?: number; color?: ReturnType<typeof rgb>; indent?: number } = {}) => {
    ensure(size + 4);
    writer.page.drawText(pdfText(text), { x: PAGE.margin + indent, y: writer.y - size, size, font, color, maxWidth: PAGE.width - 2 * PAGE.margin - indent });
    writer.y -= size + 4;
  };
  const gap = (height = 8) => {
    writer.y -= height;
  };
  const row = (cells: string[], widths: number[], font = regular) => {
    ensure(13);
    let x = PAGE.margin;
    cells.forEach((cell, index) => {
      writer.page.drawText(pdfText(cell), { x, y: writer.y - 9, size: 9, font });
      x += widths[index] ?? 60;
    });
    writer.y -= 13;
  };

  const personal = quote.personalDetails;
  line('Grain Growers Mutual', { font: bold, size: 18, color: GREEN });
  line('Crop risk protection estimate: hail, and fire and lightning', { size: 11, color: GREY });
  gap();
  line(`Estimate ${id}`, { font: bold });
  line(`Prepared ${pricing.quoteDate} (WA) from pricing model ${pricing.modelVersion}`);
  line(`For ${[personal.firstName, personal.lastName].filter(Boolean).join(' ') || 'the member'}${personal.businessName ? `, ${personal.businessName}` : ''}${personal.email ? ` <${personal.email}>` : ''}`);
  const zone = quote.farmData.zone ?? '';
  line(`Farm: ${quote.farmData.address || 'address not given'}; risk zone ${zone || 'not set'}`);
  gap();

  for (const coverageType of COVERAGE_TYPES) {
    const estimate = pricing.estimates[coverageType];
    const priced = pricing.pricing[coverageType];
    if (!estimate || !priced) continue;
    const amounts = displayAmounts(priced.premium);
    ensure(150);
    line(COVERAGE_TYPE_DESCRIPTIONS[coverageType], { font: bold, size: 13, color: GREEN });
    row(['Insured value', formatDollars(estimate.insuredValue), 'Covered area', formatHectares(estimate.coveredArea)], [110, 150, 90, 120]);
    row(['Premium', formatDollars(estimate.premium), 'Membership fee', formatDollars(estimate.membershipFee)], [110, 150, 90, 120]);
    row(['Total payable', formatDollars(estimate.totalPayable), 'Paddocks priced', `${estimate.coveredSectionsCount} of ${estimate.totalSectionsProvided}`], [110, 150, 90, 120]);
    line(
      `Premium = contribution ${formatDollars(amounts.apiPremium)} + 10% (${formatDollars(amounts.loading)}); total payable adds the membership fee, a further ${formatDollars(amounts.loading)} and ${formatDollars(amounts.fixedCharge)}.`,
      { size: 8, color: GREY },
    );
    if (priced.minimumPremiumTopUp > 0) line(`Raised to the minimum contribution: ${formatDollars(priced.minimumPremiumTopUp)} added.`, { size: 9 });
    for (const discount of priced.appliedDynamicDiscounts) line(`${discount.name}: ${formatDollars(discount.amount)} off (${discount.description})`, { size: 9, indent: 8 });
    if (priced.totalDiscountAmount > 0) line(`Total discount ${formatDollars(priced.totalDiscountAmount)}`, { size: 9, indent: 8 });
    if (priced.canolaCapInfo) line(priced.canolaCapInfo.message, { size: 9, indent: 8 });
    for (const issue of [...priced.canolaValidationIssues, ...priced.areaLimitIssues]) line(`Note: ${issue.message}`, { size: 9, indent: 8 });
    const comparison = pricing.hurdleComparisons[coverageType];
    if (comparison) {
      line(
        comparison.maxHurdlePremium === null
          ? `Hurdle: without your hurdles the premium and fee would be ${formatDollars(comparison.noHurdlePremium)}; your hurdles save ${formatDollars(comparison.savings)}.`
          : `Hurdle: with a 20% hurdle the premium and fee would be ${formatDollars(comparison.maxHurdlePremium)}, a possible saving of ${formatDollars(comparison.potentialSavings)}.`,
        { size: 9, indent: 8 },
      );
    }
    gap(4);
    const widths = [90, 55, 55, 60, 45, 60, 55, 70];
    row(['Crop', 'Hectares', 'Yield t/ha', 'Price $/t', 'Hurdle', 'Rate', 'Factor', 'Insured value'], widths, bold);
    for (const item of priced.breakdown) {
      const allocation = pricing.allocations[item.allocationIndex];
      row(
        [
          item.cropType,
          formatHectares(item.hectares),
          allocation ? String(allocation.expectedYield) : '-',
          allocation ? formatDollars(allocation.pricePerTonne) : '-',
          `${item.hurdlePercentage}%`,
          formatRate(item.zoneRatePercent / 100),
          item.cropFactor.toFixed(3),
          formatDollars(item.insuredValue),
        ],
        widths,
      );
    }
    gap();
  }
  for (const failure of pricing.failures) line(`${COVERAGE_TYPE_DESCRIPTIONS[failure.coverageType]}: not priced (${failure.message})`, { size: 9, color: GREY });

  drawPaddocks(pdf, writer, quote, regular, bold);
  gap();
  line('Grain Growers Mutual is a farmer-owned discretionary mutual. Protection is discretionary and is not insurance.', { size: 8, color: GREY });
  line('This estimate is not an offer; the figures are confirmed when your application is accepted.', { size: 8, color: GREY });
  return pdf.save();
}

function drawPaddocks(pdf: PDFDocument, writer: Writer, quote: QuoteState, regular: PDFFont, bold: PDFFont) {
  const sections = quote.farmData.paddockSections;
  const shapes = sections.map((section) => ({ section, rings: ringsOf(section.geometry) }));
  const box = { width: PAGE.width - 2 * PAGE.margin, height: 260 };
  const listHeight = 14 * (sections.length + 2);
  ensureRoom(pdf, writer, Math.min(box.height + 20 + listHeight, PAGE.height - 2 * PAGE.margin));
  writer.page.drawText('Paddocks', { x: PAGE.margin, y: writer.y - 13, size: 13, font: bold, color: GREEN });
  writer.y -= 20;

  const points = shapes.flatMap((shape) => shape.rings.flat());
  if (points.length > 0) {
    const lngs = points.map((position) => position[0]);
    const lats = points.map((position) => position[1]);
    const [minLng, maxLng, minLat, maxLat] = [Math.min(...lngs), Math.max(...lngs), Math.min(...lats), Math.max(...lats)];
    // Equirectangular at the middle latitude keeps paddock shapes true at farm scale.
    const xScale = Math.cos((((minLat + maxLat) / 2) * Math.PI) / 180);
    const spanX = Math.max((maxLng - minLng) * xScale, 1e-9);
    const spanY = Math.max(maxLat - minLat, 1e-9);
    const scale = Math.min((box.width - 20) / spanX, (box.height - 20) / spanY);
    const offsetX = (box.width - spanX * scale) / 2;
    const offsetY = (box.height - spanY * scale) / 2;
    const toBox = ([lng, lat]: [number, number]): [number, number] => [offsetX + (lng - minLng) * xScale * scale, offsetY + (maxLat - lat) * scale];
    const top = writer.y;
    writer.page.drawRectangle({ x: PAGE.margin, y: top - box.height, width: box.width, height: box.height, borderColor: GREY, borderWidth: 0.5, color: rgb(0.97, 0.98, 0.95) });
    shapes.forEach(({ section, rings }) => {
      if (rings.length === 0) return;
      const path = rings.map((ring) => `M ${ring.map((position) => toBox(position).map((value) => value.toFixed(2)).join(' ')).join(' L ')} Z`).join(' ');
      writer.page.drawSvgPath(path, { x: PAGE.margin, y: top, borderColor: section.isExcluded ? GREY : GREEN, borderWidth: 1, borderDashArray: section.isExcluded ? [3, 2] : undefined });
      const outer = rings[0] ?? [];
      const [cx, cy] = toBox([outer.reduce((sum, position) => sum + position[0], 0) / outer.length, outer.reduce((sum, position) => sum + position[1], 0) / outer.length]);
      writer.page.drawText(pdfText(section.name || section.id), { x: PAGE.margin + cx - 20, y: top - cy - 3, size: 7, font: regular });
    });
    writer.y = top - box.height - 10;
  }

  const widths = [150, 90, 80, 80, 99];
  const cell = (text: string, index: number, font: PDFFont) => {
    const x = PAGE.margin + widths.slice(0, index).reduce((sum, width) => sum + width, 0);
    writer.page.drawText(pdfText(text), { x, y: writer.y - 9, size: 9, font });
  };
  ['Paddock', 'Crop', 'Mapped area', 'Your area', 'Status'].forEach((text, index) => cell(text, index, bold));
  writer.y -= 13;
  for (const section of sections) {
    ensureRoom(pdf, writer, 13);
    const status = section.isExcluded ? 'excluded' : section.isGroup ? 'group' : section.geometry ? 'mapped' : 'typed in';
    [section.name || section.id, section.crop ?? 'none', formatHectares(section.area), section.userDefinedArea !== undefined ? formatHectares(section.userDefinedArea) : '-', status].forEach((text, index) =>
      cell(text, index, regular),
    );
    writer.y -= 13;
  }
}
