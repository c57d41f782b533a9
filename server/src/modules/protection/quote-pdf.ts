import { COVERAGE_TYPE_DESCRIPTIONS, COVERAGE_TYPES } from '@shared/constants';
import type { ServerPricing } from '@shared/contracts/protection';
import type { QuoteState } from '@shared/contracts/quote';
import { CROP_VALUE_LABEL, LOSS_EXAMPLE_COLUMNS, LOSS_EXAMPLE_HEADING, LOSS_EXAMPLE_NOTE, lossExampleIntro, lossExampleRows, lossExamplesOf, moneyBreakdown } from '@shared/domain/estimates';
import { formatFactor, formatHectares, formatLongDate, formatMoney, formatNumber, formatPercent, formatRate } from '@shared/format';
import { COLOURS, DocumentWriter, rgb } from '../../lib/pdf/document-writer';
import { drawMoneyLines } from '../../lib/pdf/money-lines';

/**
 * The PDF quote of a saved estimate: who and where, each cover's figures as the server priced
 * them (what the member pays, line by line as on the estimate and the invoices), the discounts, the crops, and a drawing of the paddock outlines scaled into
 * a box (no map tiles).
 */

const MAP_FILL = rgb(0.97, 0.98, 0.95);

type Ring = Array<[number, number]>;

/** Outer and inner rings of a GeoJSON Polygon or MultiPolygon; anything else has none. */
export function ringsOf(geometry: unknown): Ring[] {
  if (typeof geometry !== 'object' || geometry === null) return [];
  const { type, coordinates } = geometry as { type?: unknown; coordinates?: unknown };
  const isRing = (value: unknown): value is Ring =>
    Array.isArray(value) &&
    value.length >= 3 &&
    value.every((position) => Array.isArray(position) && typeof position[0] === 'number' && typeof position[1] === 'number' && Number.isFinite(position[0]) && Number.isFinite(position[1]));
  const polygons = type === 'Polygon' ? [coordinates] : type === 'MultiPolygon' && Array.isArray(coordinates) ? coordinates : [];
  return polygons.flatMap((polygon: unknown) => (Array.isArray(polygon) ? polygon.filter(isRing) : []));
}

export async function renderQuotePdf({ id, createdAt, quote, pricing }: { id: string; createdAt: Date; quote: QuoteState; pricing: ServerPricing }): Promise<Uint8Array> {
  const writer = await DocumentWriter.create({
    title: `Crop protection estimate ${id}`,
    author: 'Grain Growers Mutual',
    createdAt,
    header: 'Grain Growers Mutual',
    headerDetail: 'Crop risk protection estimate: hail, and fire and lightning',
    footer: 'Grain Growers Mutual is a farmer-owned discretionary mutual. Protection is discretionary and is not insurance.',
  });
  const small = { size: 9, indent: 8 };

  const personal = quote.personalDetails;
  writer.text(`Estimate ${id}`, { bold: true });
  writer.text(`Prepared ${formatLongDate(pricing.quoteDate)} (WA)`);
  writer.text(
    `For ${[personal.firstName, personal.lastName].filter(Boolean).join(' ') || 'the member'}${personal.businessName ? `, ${personal.businessName}` : ''}${personal.email ? ` <${personal.email}>` : ''}`,
  );
  const zone = quote.farmData.zone ?? '';
  writer.text(`Farm: ${quote.farmData.address || 'address not given'}; risk zone ${zone || 'not set'}`);
  writer.gap();

  for (const coverageType of COVERAGE_TYPES) {
    const estimate = pricing.estimates[coverageType];
    const priced = pricing.pricing[coverageType];
    if (!estimate || !priced) continue;
    writer.heading(COVERAGE_TYPE_DESCRIPTIONS[coverageType], { followedBy: 110 });
    writer.table(
      [{ width: 130 }, { width: 130 }, { width: 100 }, { width: writer.width - 360 }],
      [
        [CROP_VALUE_LABEL, formatMoney(estimate.insuredValue), 'Area protected', formatHectares(estimate.coveredArea)],
        ['Paddocks priced', `${estimate.coveredSectionsCount} of ${estimate.totalSectionsProvided}`, '', ''],
      ],
      { size: 9 },
    );
    writer.gap(4);
    drawMoneyLines(writer, moneyBreakdown(priced.premium), { size: 9 });
    if (priced.minimumPremiumTopUp > 0) writer.text(`Raised to the minimum contribution: ${formatMoney(priced.minimumPremiumTopUp)} added.`, { size: 9 });
    for (const discount of priced.appliedDynamicDiscounts) writer.text(`${discount.name}: ${formatMoney(discount.amount)} off (${discount.description})`, small);
    if (priced.totalDiscountAmount > 0) writer.text(`Total discount ${formatMoney(priced.totalDiscountAmount)}`, small);
    if (priced.canolaCapInfo) writer.text(priced.canolaCapInfo.message, small);
    for (const issue of [...priced.canolaValidationIssues, ...priced.areaLimitIssues]) writer.text(`Note: ${issue.message}`, small);
    const comparison = pricing.hurdleComparisons[coverageType];
    if (comparison) {
      writer.text(
        comparison.maxHurdlePremium === null
          ? `Hurdle: without your hurdles the contribution and fee (ex GST) would be ${formatMoney(comparison.noHurdlePremium)}; your hurdles save ${formatMoney(comparison.savings)}.`
          : `Hurdle: with a 20% hurdle the contribution and fee (ex GST) would be ${formatMoney(comparison.maxHurdlePremium)}, a possible saving of ${formatMoney(comparison.potentialSavings)}.`,
        small,
      );
    }
    writer.gap(4);
    const figure = (width: number) => ({ width, align: 'right' as const });
    // A loss before you buy (docs/pricing.md): the estimate step's table, in its words.
    writer.text(`${LOSS_EXAMPLE_HEADING}. ${lossExampleIntro(estimate)}`, { size: 9, bold: true });
    writer.table([{ width: writer.width - 330 }, figure(100), figure(110), figure(120)], lossExampleRows(lossExamplesOf(priced)), { header: [...LOSS_EXAMPLE_COLUMNS], size: 9 });
    writer.text(LOSS_EXAMPLE_NOTE, { size: 8, color: COLOURS.muted });
    writer.gap(4);
    writer.table(
      [{ width: writer.width - 435 }, figure(60), figure(65), figure(65), figure(45), figure(50), figure(45), figure(105)],
      priced.breakdown.map((item) => {
        const allocation = pricing.allocations[item.allocationIndex];
        return [
          item.cropType,
          formatHectares(item.hectares),
          allocation ? formatNumber(allocation.expectedYield) : '-',
          allocation ? formatMoney(allocation.pricePerTonne) : '-',
          formatPercent(item.hurdlePercentage),
          formatRate(item.zoneRatePercent / 100),
          formatFactor(item.cropFactor),
          formatMoney(item.insuredValue),
        ];
      }),
      { header: ['Crop', 'Hectares', 'Yield t/ha', 'Price $/t', 'Hurdle', 'Rate', 'Factor', 'Value protected'], size: 9 },
    );
    writer.gap();
  }
  for (const failure of pricing.failures) writer.text(`${COVERAGE_TYPE_DESCRIPTIONS[failure.coverageType]}: not priced (${failure.message})`, { size: 9, color: COLOURS.muted });

  drawPaddocks(writer, quote);
  writer.gap();
  writer.text('This estimate is not an offer; the figures are confirmed when your application is accepted.', { size: 8, color: COLOURS.muted });
  return writer.save();
}

function drawPaddocks(writer: DocumentWriter, quote: QuoteState) {
  const sections = quote.farmData.paddockSections;
  const shapes = sections.map((section) => ({ section, rings: ringsOf(section.geometry) }));
  writer.heading('Paddocks', { followedBy: 280 });

  const points = shapes.flatMap((shape) => shape.rings.flat());
  if (points.length > 0) {
    writer.drawing(270, (page, box, label) => {
      const lngs = points.map((position) => position[0]);
      const lats = points.map((position) => position[1]);
      const [minLng, maxLng, minLat, maxLat] = [Math.min(...lngs), Math.max(...lngs), Math.min(...lats), Math.max(...lats)];
      const height = box.height - 10;
      // Equirectangular at the middle latitude keeps paddock shapes true at farm scale.
      const xScale = Math.cos((((minLat + maxLat) / 2) * Math.PI) / 180);
      const spanX = Math.max((maxLng - minLng) * xScale, 1e-9);
      const spanY = Math.max(maxLat - minLat, 1e-9);
      const scale = Math.min((box.width - 20) / spanX, (height - 20) / spanY);
      const offsetX = (box.width - spanX * scale) / 2;
      const offsetY = (height - spanY * scale) / 2;
      const toBox = ([lng, lat]: [number, number]): [number, number] => [offsetX + (lng - minLng) * xScale * scale, offsetY + (maxLat - lat) * scale];
      page.drawRectangle({ x: box.x, y: box.top - height, width: box.width, height, borderColor: COLOURS.muted, borderWidth: 0.5, color: MAP_FILL });
      shapes.forEach(({ section, rings }) => {
        if (rings.length === 0) return;
        // SVG path coordinates, not display text.
        const path = rings
          .map(
            (ring) =>
              `M ${ring
                .map((position) =>
                  toBox(position)
                    .map((value) => value.toFixed(2))
                    .join(' '),
                )
                .join(' L ')} Z`,
          )
          .join(' ');
        page.drawSvgPath(path, { x: box.x, y: box.top, borderColor: section.isExcluded ? COLOURS.muted : COLOURS.brand, borderWidth: 1, borderDashArray: section.isExcluded ? [3, 2] : undefined });
        const outer = rings[0] ?? [];
        const [cx, cy] = toBox([outer.reduce((sum, position) => sum + position[0], 0) / outer.length, outer.reduce((sum, position) => sum + position[1], 0) / outer.length]);
        label(section.name || section.id, box.x + cx - 20, box.top - cy - 3, 7);
      });
    });
  }

  writer.table(
    [{ width: 150 }, { width: 90 }, { width: 80, align: 'right' }, { width: 80, align: 'right' }, { width: writer.width - 400 }],
    sections.map((section) => [
      section.name || section.id,
      section.crop ?? 'none',
      formatHectares(section.area),
      (section.userDefinedArea ?? 0) > 0 ? formatHectares(section.userDefinedArea!) : '-',
      section.isExcluded ? 'excluded' : section.isGroup ? 'group' : section.geometry ? 'mapped' : 'typed in',
    ]),
    { header: ['Paddock', 'Crop', 'Mapped area', 'Your area', 'Status'], size: 9 },
  );
}
