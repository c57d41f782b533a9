import type { QuoteStateInput } from '@shared/contracts/quote';
import { DISCLOSURE_ACKNOWLEDGEMENTS } from '@shared/domain/quote/disclosures';
import { squareOutline } from '@shared/domain/geo/testing/square-outline';

/** Every acknowledgement ticked, at a time the client claims (the server records its own). */
export const CLIENT_ACKNOWLEDGEMENTS = Object.fromEntries(DISCLOSURE_ACKNOWLEDGEMENTS.map(({ key }) => [key, { accepted: true, acknowledgedAt: '2020-01-01T00:00:00.000Z' }]));
/** In the Central Wheatbelt (CWB). */
export const CUNDERDIN = { lat: -31.65, lng: 117.24, label: 'Cunderdin WA 6407' };

/**
 * docs/pricing.md example 1 as the wizard sends it: two mapped paddocks near Cunderdin (wheat, and
 * canola whose area the grower corrected), one left unassigned, with figures from a client that
 * cannot be trusted.
 */
export function cunderdinQuote(overrides: Partial<QuoteStateInput> = {}): QuoteStateInput {
  return {
    personalDetails: {
      firstName: 'Jo',
      lastName: 'Wheatley',
      email: 'grower@example.com',
      address: 'RMB 410 McDermott Road, Doodlakine WA',
      disclosureAcknowledgments: CLIENT_ACKNOWLEDGEMENTS,
    },
    farmData: {
      address: 'Lot 4 Great Eastern Hwy, Cunderdin WA',
      farmLocation: CUNDERDIN,
      zone: 'CWB',
      paddockSections: [
        { id: 'p1', name: 'Home', area: 400, crop: 'wheat', variety: 'Scepter', geometry: squareOutline(117.2, -31.6, 0.02) },
        { id: 'p2', name: 'Creek', area: 160, userDefinedArea: 150, crop: 'canola', geometry: squareOutline(117.23, -31.6, 0.015) },
        { id: 'p3', name: 'Scrub', area: 25, crop: 'Unassigned' },
      ],
    },
    cropDetails: {
      byCrop: { wheat: { expectedYield: 2.5, pricePerTonne: 340, hurdlePercentage: 5 }, canola: { expectedYield: 1.4, pricePerTonne: 720, hurdlePercentage: 15 } },
    },
    estimates: { hail: { premium: 1, totalPayable: 2, insuredValue: 3 }, selectedCoverageType: 'hail' },
    coverage: { selectedOption: 'submit' },
    ...overrides,
  };
}
