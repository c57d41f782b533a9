import { randomUUID } from 'node:crypto';
import { type APIRequestContext, type Browser, expect } from '@playwright/test';
import { DISCLOSURE_ACKNOWLEDGEMENTS } from '../../shared/domain/quote/disclosures';
import { registerMember, type RegisteredMember, signedInContext } from './accounts';

/** A square paddock outline (GeoJSON Polygon) with its south-west corner at lng, lat. */
export const square = (lng: number, lat: number, size: number) => ({
  type: 'Polygon',
  coordinates: [
    [
      [lng, lat],
      [lng + size, lat],
      [lng + size, lat + size],
      [lng, lat + size],
      [lng, lat],
    ],
  ],
});

const HOME_PADDOCK = { id: 'p1', name: 'Home Paddock', area: 400, crop: 'wheat', variety: 'Scepter', geometry: square(117.2, -31.6, 0.02) };
const CROP_FIGURES = { wheat: { expectedYield: 2.5, pricePerTonne: 340, hurdlePercentage: 5 }, canola: { expectedYield: 1.4, pricePerTonne: 720, hurdlePercentage: 15 } };

/**
 * A complete quote for a farm near Cunderdin (zone CWB) as the wizard submits it: every
 * disclosure acknowledged, the farm's location, and the given paddocks (one wheat paddock unless told).
 */
export function cunderdinQuote(person: RegisteredMember | { id: string; email: string; firstName: string; lastName: string }, paddockSections: ReadonlyArray<Record<string, unknown>> = [HOME_PADDOCK]) {
  const acknowledged = { accepted: true, acknowledgedAt: new Date().toISOString() };
  return {
    personalDetails: {
      firstName: person.firstName,
      lastName: person.lastName,
      email: person.email,
      userId: person.id,
      disclosureAcknowledgments: Object.fromEntries(DISCLOSURE_ACKNOWLEDGEMENTS.map(({ key }) => [key, acknowledged])),
    },
    farmData: { address: 'Lot 4 Great Eastern Hwy, Cunderdin WA', farmLocation: { lat: -31.65, lng: 117.24 }, zone: 'CWB', paddockSections },
    cropDetails: { byCrop: CROP_FIGURES },
    estimates: { selectedCoverageType: 'both' },
    coverage: { selectedOption: 'submit' },
  };
}

/** POST /api/protection as the signed-in person of `request`, once, and the application it made. */
export async function submitQuote(request: APIRequestContext, base: string, quote: ReturnType<typeof cunderdinQuote>): Promise<{ id: string; reference: string; premium: number }> {
  const submitted = await request.post('/api/protection', { data: quote, headers: { Origin: base, 'Idempotency-Key': randomUUID() } });
  expect(submitted.status(), await submitted.text()).toBe(201);
  return ((await submitted.json()) as { application: { id: string; reference: string; premium: number } }).application;
}

/** A new grower, signed in on a phone-width page, who has submitted the Cunderdin quote. */
export async function growerWithSubmittedQuote(browser: Browser, base: string, firstName: string, lastName: string) {
  const setup = await browser.newContext({ baseURL: base });
  const member = await registerMember(setup.request, base, firstName, lastName);
  await setup.close();
  const context = await signedInContext(browser, base, member.email);
  const application = await submitQuote(context.request, base, cunderdinQuote(member));
  const page = await context.newPage();
  await page.setViewportSize({ width: 390, height: 844 });
  return { member, context, page, application };
}

/**
 * Staff accept an application and start its cover by hand (accepted, then active), as they do when
 * they know the money is on its way: claims can be lodged only once cover has started. The specs
 * about payments record one instead.
 */
export async function acceptWithCoverStarted(staff: APIRequestContext, base: string, applicationId: string) {
  for (const status of ['accepted', 'active']) {
    const moved = await staff.put(`/api/dashboard/protections/${applicationId}/status`, { data: { status }, headers: { Origin: base } });
    expect(moved.status(), await moved.text()).toBe(200);
  }
}
