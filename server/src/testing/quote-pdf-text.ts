import { emptyQuoteState, paddockSectionSchema } from '@shared/contracts/quote';
import { renderQuotePdf } from '../modules/protection/quote-pdf';
import { extractPdfText } from './pdf-text';

/** The text of the quote PDF of a saved estimate made by `person` with one paddock named `paddockName` (priced at nothing). */
export async function quotePdfText(person: { firstName: string; lastName: string; email: string }, paddockName: string): Promise<string> {
  const quote = emptyQuoteState();
  Object.assign(quote.personalDetails, person);
  quote.farmData.address = 'Merredin WA';
  quote.farmData.paddockSections = [
    paddockSectionSchema.parse({
      id: 'p1',
      name: paddockName,
      area: 12,
      geometry: {
        type: 'Polygon',
        coordinates: [
          [
            [118, -31],
            [118.01, -31],
            [118.01, -31.01],
            [118, -31],
          ],
        ],
      },
    }),
  ];
  const pricing = { modelVersion: 'test', quoteDate: '2026-05-01', pricedAt: '2026-05-01T00:00:00.000Z', allocations: [], estimates: {}, pricing: {}, hurdleComparisons: {}, failures: [] };
  return extractPdfText(await renderQuotePdf({ id: 'est1', createdAt: new Date('2026-05-01T00:00:00Z'), quote, pricing }));
}
