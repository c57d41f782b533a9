import { randomUUID } from 'node:crypto';
import { type APIRequestContext, type Browser, expect } from '@playwright/test';
import { staffInvoiceListSchema } from '../../shared/contracts/dashboard';
import { emptyQuoteState, paddockSectionSchema } from '../../shared/contracts/quote';
import type { WizardStep } from '../../shared/contracts/quote-steps';
import { draftDataHash, draftQuoteData } from '../../shared/domain/quote/draft';
import { DISCLOSURE_ACKNOWLEDGEMENTS } from '../../shared/domain/quote/disclosures';
import { registerMember, type RegisteredMember, signedInContext } from './accounts';
import { squareOutline } from '../../shared/domain/geo/testing/square-outline';

const HOME_PADDOCK = { id: 'p1', name: 'Home Paddock', area: 400, crop: 'wheat', variety: 'Scepter', geometry: squareOutline(117.2, -31.6, 0.02) };
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
      // None unless a test gives one (the wizard sends '' when the field is left empty).
      address: '',
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

/** Staff accept the application and record its first invoice paid in full: cover starts then. */
export async function acceptAndPay(staff: APIRequestContext, base: string, memberId: string, applicationId: string) {
  const accepted = await staff.put(`/api/dashboard/protections/${applicationId}/status`, { data: { status: 'accepted' }, headers: { Origin: base } });
  expect(accepted.status(), await accepted.text()).toBe(200);
  const { invoices } = staffInvoiceListSchema.parse(await (await staff.get(`/api/admin/invoices?memberId=${memberId}`)).json());
  const invoice = invoices.find((item) => item.applicationId === applicationId)!;
  const paid = await staff.post(`/api/invoices/${invoice.id}/payments`, {
    data: { amountDollars: invoice.totalCents / 100, receivedOn: new Date().toISOString().slice(0, 10), method: 'eft' },
    headers: { Origin: base },
  });
  expect(paid.status(), await paid.text()).toBe(201);
}

/**
 * A draft saved through the API as the signed-in member of `request` (as the wizard's auto-save
 * does): their details, a farm at Merredin and one mapped paddock named `paddockName`, at `step`.
 */
export async function saveDraftAt(request: APIRequestContext, member: RegisteredMember, step: WizardStep, paddockName = 'Back Paddock'): Promise<string> {
  const quote = emptyQuoteState();
  Object.assign(quote.personalDetails, { userId: member.id, firstName: member.firstName, lastName: member.lastName, email: member.email, phone: '0412 345 678', emailVerified: true });
  quote.farmData.address = 'Merredin WA 6415';
  quote.farmData.farmLocation = { lat: -31.48, lng: 118.28, label: 'Merredin WA 6415' };
  quote.farmData.paddockSections = [paddockSectionSchema.parse({ id: 'paddock-back', name: paddockName, area: 98.5, geometry: squareOutline(118.27, -31.49, 0.01) })];
  const data = draftQuoteData(quote);
  const id = `e2e-${Date.now()}-${Math.floor(Math.random() * 1e6)}`;
  const saved = await request.post('/api/user/drafts', { headers: { 'Sec-Fetch-Site': 'same-origin' }, data: { id, userId: member.id, step, data, status: 'DRAFT', dataHash: draftDataHash(data) } });
  expect(saved.status(), await saved.text()).toBe(201);
  return id;
}
