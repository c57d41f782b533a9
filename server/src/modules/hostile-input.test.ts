/**
 * Every endpoint of the table called as an attacker calls it: a valid request (generated from the
 * endpoint's own schemas, or the wizard's real quote where the schema alone cannot make one) with
 * one value at a time replaced by something no page sends (hostile-values.ts), in the body, the
 * query and the address. Whatever the schema makes of it, the answer must not be a 5xx: a value
 * the schema refuses is a 400 that says what to change, and a value it accepts must be one the
 * rest of the route (and the database under it) can take.
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { ENDPOINTS } from '@shared/endpoints';
import type { Endpoint } from '@shared/endpoints/endpoint';
import { pricingCalculateRequestSchema } from '@shared/contracts/pricing';
import { autoSavePayloadSchema } from '@shared/contracts/drafts';
import { quoteStateSchema } from '@shared/contracts/quote';
import { fireRiskSurveySubmissionSchema } from '@shared/contracts/fire-risk-survey';
import { emailVerificationVerifyRequestSchema } from '@shared/contracts/accounts';
import { draftQuoteData } from '@shared/domain/quote/draft';
import { repositoryRoot } from '../lib/paths';
import { clientErrorReport } from '../testing/client-error-report';
import { createTestApp, type TestApp } from '../testing/test-app';
import { registerAppJobs } from '../jobs/app-jobs';
import { createTestUser, csrfAgent, signedInAgent, TEST_PASSWORD, type TestAgent } from '../testing/accounts';
import { cunderdinQuote } from '../testing/cunderdin-quote';
import { createApplication, ensureSeason, labSoilSample } from '../testing/dashboard-fixtures';
import { squareOutline } from '@shared/domain/geo/testing/square-outline';
import { fieldOf, HOSTILE_TEXTS, hostileVariants, type HostileVariant, validExample } from '../testing/hostile-values';
import { createMatrixUsers, endpointKey, endpointRow, MATRIX_ROLES, type MatrixFixtures, type MatrixRole } from './access-matrix';
import { storeVerificationCode, verificationTokenFor } from './accounts/email-verification.service';
import { issuePasswordResetLink, PASSWORD_RESET_VALID_MS } from './accounts/password-reset.service';
import { drawnReport } from '../testing/alert-messages';

/** How many accepted and refused variants of one endpoint are sent, spread over its fields. */
const ACCEPTED_PER_ENDPOINT = 40;
const REFUSED_PER_ENDPOINT = 6;

/** Bodies the route parses itself (the endpoint record names none), with the schema it parses them by. */
const OWN_PARSERS: Record<string, z.ZodType> = {
  'POST /api/pricing/calculate': pricingCalculateRequestSchema,
  'POST /api/quotes/draft': autoSavePayloadSchema,
  'POST /api/protection': quoteStateSchema,
};

/** Real requests where a generated one would be refused before the route's own work (a quote, priced; a claim on cover that has started). */
const REAL_BODIES: Record<string, (fixtures: MatrixFixtures) => unknown> = {
  'POST /api/claims': () => claimBody(),
  'POST /api/admin/risk/event-impact': () => STORM_OVER_CUNDERDIN,
  'POST /api/admin/risk/runs': () => ({ kind: 'event', name: 'Cunderdin storm, 20 Nov', event: STORM_OVER_CUNDERDIN }),
  'POST /api/admin/discount-rules/preview': () => ({ rule: BIG_HOLDING }),
  'PUT /api/admin/discount-rules/:id': () => ({ name: 'Referrer discount', kind: 'referrer', rate: 0.03, isActive: true }),
  'POST /api/admin/discount-management/manual': () => ({ applicationId: records.submittedApplicationId, amount: 150, reason: 'Goodwill: storm damage to the shed' }),
  'POST /api/admin/soil-samples': async ({ db, users }) => ({ memberId: users.member.id, ...SOIL_SAMPLE, paddockName: await paddockOfMember(db, users.member.id) }),
  'PUT /api/admin/soil-samples/:id': async ({ db, users }) => ({ ...SOIL_SAMPLE, paddockName: await paddockOfMember(db, users.member.id) }),
  'POST /api/user/soil-samples': async ({ db, users }) => ({ ...SOIL_SAMPLE, paddockName: await paddockOfMember(db, users.member.id) }),
  'POST /api/admin/events/drawn': () => DRAWN_REPORT,
  'POST /api/invoices/:id/payments': () => ({ amountDollars: '250.00', receivedOn: '2026-10-01', method: 'eft', reference: 'WESTPAC 4471' }),
  'POST /api/auth/register': () => ({
    firstName: 'Sam',
    lastName: 'Newgrower',
    email: 'sam@example.com',
    phone: '0412 345 678',
    password: 'a long and careful passphrase',
    verificationToken: 'not-a-token-the-server-made',
  }),
  'POST /api/auth/password-reset/confirm': () => ({ token: 'from-the-e-mailed-link', password: 'a long and careful passphrase' }),
  'PUT /api/farm/paddocks': () => ({
    paddocks: [
      { name: 'Home', crop: 'wheat', areaHa: 400 },
      { name: 'Creek', crop: 'canola', areaHa: 150 },
    ],
  }),
  'PUT /api/user': () => ({ firstName: 'Jo', lastName: 'Wheatley', phone: '0412 345 678', address: 'RMB 410 McDermott Road, Doodlakine WA', allowMarketing: false }),
  'POST /api/pricing/calculate': () => ({
    coverageType: 'both',
    zone: 'CWB',
    referrerCode: null,
    coveragePreferences: { irrigation: false, hailNetting: false, frostPrevention: false },
    cropAllocations: [
      { type: 'wheat', hectares: 400, expectedYield: 2.5, pricePerTonne: 340, hurdlePercentage: 5, paddock: 'Home' },
      { type: 'canola', hectares: 150, expectedYield: 1.4, pricePerTonne: 720, hurdlePercentage: 15 },
    ],
  }),
  'POST /api/protection': ({ users }) => cunderdinQuote({ personalDetails: { ...cunderdinQuote().personalDetails, email: users.member.email } }),
  'POST /api/estimates': () => ({ quoteData: cunderdinQuote() }),
  'POST /api/quotes/draft': ({ users }) => ({ userId: users.member.id, draftId: `sweep-${randomUUID()}`, step: 'protection-calculator', quoteData: draftQuoteData(quoteStateSchema.parse(cunderdinQuote())) }),
  'PUT /api/admin/calculator-settings/figures': () => ({ minimumPremium: 6500, canolaCap: { maxValuePerHectare: null, maxShareOfInsuredValue: null, isActive: false } }),
  'POST /api/admin/calculator-settings/crops': () => ({ name: 'Faba Beans', hailFactor: 1.2, fireFactor: 1.1, minimumHurdlePercentage: 5, defaultHurdlePercentage: 10, varieties: ['PBA Samira', 'Fiesta'] }),
  'POST /api/admin/calculator-settings/area-limits': () => ({ name: 'Smallest paddock', scope: 'allocation', cropType: null, minHectares: 5, maxHectares: null, isActive: true }),
  'PUT /api/admin/calculator-settings/area-limits/:id': () => ({ name: 'Smallest paddock', scope: 'allocation', cropType: null, minHectares: 5, maxHectares: null, isActive: false }),
  'POST /api/admin/calculator-settings/hurdle-options': () => ({ percentage: 25, impactMultiplier: 0.5, description: '25% hurdle' }),
  'PUT /api/admin/calculator-settings/hurdle-configs/:cropType': () => ({ minimumHurdlePercentage: 0, defaultHurdlePercentage: 5, isActive: true }),
  'PUT /api/admin/calculator-settings/discount-factors/:id': async ({ db }) => ({
    name: (await db.discountFactor.findUniqueOrThrow({ where: { id: records.discountFactorId } })).name,
    value: 0.07,
    isActive: true,
  }),
  'POST /api/admin/discount-rules': () => BIG_HOLDING,
  'POST /api/admin/seasons': () => ({ year: UNOPENED_YEAR + 1, opensOn: `${UNOPENED_YEAR + 1}-04-01`, coverEndsOn: `${UNOPENED_YEAR + 2}-01-31` }),
  'PUT /api/admin/seasons/:year': () => ({ opensOn: `${UNOPENED_YEAR}-04-01`, coverEndsOn: `${UNOPENED_YEAR + 1}-01-31` }),
  'PUT /api/admin/calculator-settings/hurdle-options/:percentage': () => ({ impactMultiplier: 0.9, description: '5% hurdle', isActive: true }),
  'PUT /api/admin/pricing/settings': () => ({ maxTotalDiscountRate: 0.3 }),
  'PUT /api/admin/corporate-documents/order': async ({ db }) => ({ ids: (await db.corporateDocument.findMany({ select: { id: true }, orderBy: { id: 'desc' } })).map(({ id }) => id) }),
  'PUT /api/dashboard/protections/:id/status': () => ({ status: 'accepted' }),
  'POST /api/auth/signin': ({ users }) => ({ email: users.otherMember.email, password: TEST_PASSWORD }),
  'PATCH /api/admin/form-submissions/:id': () => ({ isRead: true }),
  'POST /api/user/fire-risk-survey': ({ users }) => ({ ...(validExample(fireRiskSurveySubmissionSchema, 'POST /api/user/fire-risk-survey') as object), userId: users.member.id }),
  'POST /api/invoices/:id/payments/:paymentId/reversal': () => ({ reason: 'Bank returned the transfer' }),
  'POST /api/invoices/:id/payments/:paymentId/reversal/approve': () => ({ note: 'Bank letter seen' }),
  'POST /api/invoices/:id/payments/:paymentId/reversal/reject': () => ({ note: 'The transfer cleared after all' }),
  'POST /api/admin/discount-management/manual/:id/approve': () => ({ note: 'Checked the claim file' }),
  'POST /api/admin/discount-management/manual/:id/revoke': () => ({ reason: 'Paid out under the claim instead' }),
};

const SOIL_SAMPLE = labSoilSample();
/** A season years ahead of today, whose dates may still change; the one after it is opened by the sweep. */
const UNOPENED_YEAR = new Date().getFullYear() + 4;
/** Photos from real cameras, kept with their source (files/fixtures/published/SOURCES.md). */
const PUBLISHED_PHOTOS = join(repositoryRoot, 'server/src/modules/files/fixtures/published');
/** A hail swath over the member's paddocks near Cunderdin, as staff draw one to see what it would cost. */
const STORM_OVER_CUNDERDIN = { peril: 'hail', severityPercent: 60, geometry: squareOutline(117.2, -31.6, 0.2) };
/** A discount for holdings of 500 ha or more, as an administrator writes one. */
const BIG_HOLDING = { name: 'Big holding', kind: 'conditional', isActive: true, priority: 10, stacks: true, conditions: { minTotalHectares: 500 }, amount: { type: 'percentage', rate: 0.05 } };
/** A phoned-in hail report as staff draw it, over the member's paddocks near Cunderdin. */
const DRAWN_REPORT = drawnReport(squareOutline(117.2, -31.6, 0.2));

/** The records a route's address names, made as the person who makes them, so that the sweep reaches the route's work and not its 404. */
interface SweepRecords {
  claimId: string;
  invoiceId: string;
  supportRequestId: string;
  leadId: string;
  soilSampleId: string;
  eventId: string;
  /** A drawn report with no end of its own: current until staff end it. */
  currentEventId: string;
  documentId: string;
  areaLimitId: string;
  discountFactorId: string;
  formSubmissionId: string;
  unlinkedSupportRequestId: string;
  submittedApplicationId: string;
  applicationToAcceptId: string;
  errorFingerprint: string;
  photoId: string;
  /** New discount rules a second administrator asked for, waiting for a decision. */
  ruleChangeIds: { approve: string; reject: string };
  /** Manual discounts a second administrator granted, one for each decision the sweep makes on one. */
  manualDiscountIds: { approve: string; reject: string; revoke: string };
  /** Someone who forgot their password, whose reset links the sweep spends. */
  forgetfulUserId: string;
  /** Payments on the member's contribution invoice: one to reverse, and two whose reversal a second administrator asked for. */
  payments: { invoiceId: string; reverse: string; approve: string; reject: string };
}
let records: SweepRecords;
let cover: Awaited<ReturnType<typeof createApplication>>;

const claimBody = () => ({
  applicationId: cover.id,
  peril: 'hail',
  eventDate: '2026-10-14',
  affectedPaddockIds: cover.paddocks.filter((paddock) => paddock.priced).map((paddock) => paddock.id),
  estimatedLossDollars: '40000',
  description: 'Hail stripped the heads on the north side of both paddocks.',
});

const REAL_ADDRESSES: Record<string, () => string> = {
  'GET /api/claims/:id': () => `/api/claims/${records.claimId}`,
  'POST /api/claims/:id/messages': () => `/api/claims/${records.claimId}/messages`,
  'PUT /api/claims/:id/status': () => `/api/claims/${records.claimId}/status`,
  'PUT /api/invoices/:id/payment-option': () => `/api/invoices/${records.invoiceId}/payment-option`,
  'POST /api/invoices/:id/payments': () => `/api/invoices/${records.invoiceId}/payments`,
  'GET /api/admin/support-requests/:id': () => `/api/admin/support-requests/${records.supportRequestId}`,
  'PATCH /api/admin/support-requests/:id': () => `/api/admin/support-requests/${records.supportRequestId}`,
  'POST /api/admin/support-requests/:id/notes': () => `/api/admin/support-requests/${records.supportRequestId}/notes`,
  'POST /api/admin/support-requests/:id/replies': () => `/api/admin/support-requests/${records.supportRequestId}/replies`,
  'GET /api/admin/crm/leads/:id': () => `/api/admin/crm/leads/${records.leadId}`,
  'PATCH /api/admin/crm/leads/:id': () => `/api/admin/crm/leads/${records.leadId}`,
  'PUT /api/admin/soil-samples/:id': () => `/api/admin/soil-samples/${records.soilSampleId}`,
  'GET /api/admin/events/:id': () => `/api/admin/events/${records.eventId}`,
  'POST /api/admin/events/:id/place': () => `/api/admin/events/${records.eventId}/place`,
  'POST /api/admin/events/:id/end': () => `/api/admin/events/${records.currentEventId}/end`,
  'PATCH /api/admin/corporate-documents/:id': () => `/api/admin/corporate-documents/${records.documentId}`,
  // Locking, unlocking or resetting someone is done to the other member, whom no sweep signs in as.
  'POST /api/admin/user-lookup/:userId/lock': () => `/api/admin/user-lookup/${users.otherMember.id}/lock`,
  'POST /api/admin/user-lookup/:userId/unlock': () => `/api/admin/user-lookup/${users.otherMember.id}/unlock`,
  'POST /api/admin/user-lookup/:userId/password-reset': () => `/api/admin/user-lookup/${users.otherMember.id}/password-reset`,
  'PUT /api/admin/calculator-settings/area-limits/:id': () => `/api/admin/calculator-settings/area-limits/${records.areaLimitId}`,
  'PUT /api/admin/calculator-settings/discount-factors/:id': () => `/api/admin/calculator-settings/discount-factors/${records.discountFactorId}`,
  'PATCH /api/admin/form-submissions/:id': () => `/api/admin/form-submissions/${records.formSubmissionId}`,
  'POST /api/admin/support-requests/:id/link': () => `/api/admin/support-requests/${records.unlinkedSupportRequestId}/link`,
  'POST /api/admin/discount-management/manual/:id/approve': () => `/api/admin/discount-management/manual/${records.manualDiscountIds.approve}/approve`,
  'POST /api/admin/discount-management/manual/:id/reject': () => `/api/admin/discount-management/manual/${records.manualDiscountIds.reject}/reject`,
  'POST /api/admin/discount-management/manual/:id/revoke': () => `/api/admin/discount-management/manual/${records.manualDiscountIds.revoke}/revoke`,
  'PUT /api/admin/discount-rules/:id': () => '/api/admin/discount-rules/discount-referrer',
  'GET /api/agriculture-zones/lookup': () => '/api/agriculture-zones/lookup?lat=-31.65&lng=117.23',
  'GET /api/admin/errors/:fingerprint': () => `/api/admin/errors/${records.errorFingerprint}`,
  'GET /api/files/:id': () => `/api/files/${records.photoId}`,
  'POST /api/admin/discount-rules/changes/:id/approve': () => `/api/admin/discount-rules/changes/${records.ruleChangeIds.approve}/approve`,
  'POST /api/admin/discount-rules/changes/:id/reject': () => `/api/admin/discount-rules/changes/${records.ruleChangeIds.reject}/reject`,
  'PUT /api/admin/pricing/crop-factors/:cropType': () => '/api/admin/pricing/crop-factors/wheat',
  'PUT /api/admin/pricing/zones/:code': () => '/api/admin/pricing/zones/EWB',
  'PUT /api/admin/seasons/:year': () => `/api/admin/seasons/${UNOPENED_YEAR}`,
  'PUT /api/dashboard/protections/:id/status': () => `/api/dashboard/protections/${records.applicationToAcceptId}/status`,
  'POST /api/invoices/:id/payments/:paymentId/reversal': () => `/api/invoices/${records.payments.invoiceId}/payments/${records.payments.reverse}/reversal`,
  'POST /api/invoices/:id/payments/:paymentId/reversal/approve': () => `/api/invoices/${records.payments.invoiceId}/payments/${records.payments.approve}/reversal/approve`,
  'POST /api/invoices/:id/payments/:paymentId/reversal/reject': () => `/api/invoices/${records.payments.invoiceId}/payments/${records.payments.reject}/reversal/reject`,
};

/** The name of one of the member's paddocks as they stand (the sweep of PUT /api/farm/paddocks replaces them). */
async function paddockOfMember(db: TestApp['db'], memberId: string): Promise<string> {
  return (await db.farmPaddock.findFirstOrThrow({ where: { userId: memberId }, orderBy: { name: 'asc' } })).name;
}

/** Makes each record as its person does (a claim lodged by the member, a report drawn by staff), or as the form it came from stores it. */
async function madeRecords(): Promise<SweepRecords> {
  const { db } = testApp;
  const member = agents.get('member')!;
  const admin = agents.get('admin')!;
  const claim = await member.post('/api/claims').send(claimBody()).expect(201);
  const sample = await admin
    .post('/api/admin/soil-samples')
    .send({ memberId: users.member.id, ...SOIL_SAMPLE })
    .expect(201);
  const drawn = await admin.post('/api/admin/events/drawn').send(DRAWN_REPORT).expect(201);
  // Still current (no end given), for staff to end by hand.
  const standing = await admin
    .post('/api/admin/events/drawn')
    .send({ ...DRAWN_REPORT, expires: '' })
    .expect(201);
  const supportRequest = await db.supportRequest.create({ data: { source: 'help_form', subject: 'Sweep', body: 'Where is my certificate?', name: 'Jo', email: users.member.email, userId: users.member.id } });
  const lead = await db.lead.create({ data: { email: 'prospect@example.com', name: 'Pat Prospect', source: 'contact' } });
  const document = await db.corporateDocument.create({ data: { title: 'Annual report', fileName: 'annual-report.pdf', mimeType: 'application/pdf', content: Buffer.from('%PDF-1.7') } });
  // A phone photo from the paddock (a real camera's JPEG, with its EXIF), and a report of an error in a visitor's page.
  await member
    .post(`/api/claims/${claim.body.claim.id}/photos`)
    .attach('photos', readFileSync(join(PUBLISHED_PHOTOS, 'nikon-coolpix-gps-DSCN0010.jpg')), 'DSCN0010.jpg')
    .expect(201);
  await agents
    .get('anonymous')!
    .post('/api/errors/track')
    .send({ errors: [clientErrorReport()] })
    .expect(202);
  const unlinked = await db.supportRequest.create({ data: { source: 'help_form', subject: 'From a visitor', body: 'Is my neighbour a member?', name: 'Jo', email: users.member.email } });
  const visitor = agents.get('anonymous')!;
  await visitor.post('/api/form-submissions').send({ type: 'contact', name: 'Pat Visitor', email: 'pat@example.com', phone: '', message: 'Do you cover lupins?', website: '' }).expect(201);
  // Decisions need a second person (maker-checker): a second administrator grants the discounts and asks for the reversals.
  const submitted = await createApplication(db, users.member.id, { status: 'submitted', premium: 40_000 });
  // A season that has not opened, whose dates may still change.
  await ensureSeason(db, UNOPENED_YEAR);
  const colleague = await signedInAgent(testApp.app, (await createTestUser(db, { email: 'second-admin@example.com', isAdmin: true })).email);
  const granted = async () => (await colleague.post('/api/admin/discount-management/manual').send({ applicationId: submitted.id, amount: 100, reason: 'Goodwill' }).expect(201)).body.discount.id as string;
  const manualDiscountIds = { approve: await granted(), reject: await granted(), revoke: await granted() };
  await admin.post(`/api/admin/discount-management/manual/${manualDiscountIds.revoke}/approve`).send({}).expect(200);
  const ruleAskedFor = async (name: string) => {
    const asked = await colleague
      .post('/api/admin/discount-rules')
      .send({ ...BIG_HOLDING, name })
      .expect(202);
    return (asked.body.pending as Array<{ id: string; rule: { name: string } }>).find((change) => change.rule.name === name)!.id;
  };
  // A large contribution: a reversal of a payment over the threshold waits for a second administrator.
  const large = await createApplication(db, users.member.id, { status: 'accepted', premium: 40_000 });
  const contribution = await db.invoice.findFirstOrThrow({ where: { applicationId: large.id, kind: 'contribution' } });
  const paid = async (amountDollars: string) => {
    await admin.post(`/api/invoices/${contribution.id}/payments`).send({ amountDollars, receivedOn: '2026-10-01', method: 'eft', reference: 'EFT' }).expect(201);
    return (await db.invoicePayment.findFirstOrThrow({ where: { invoiceId: contribution.id }, orderBy: { receiptNumber: 'desc' } })).id;
  };
  const payments = { invoiceId: contribution.id, reverse: await paid('100.00'), approve: await paid('6000.00'), reject: await paid('6000.00') };
  for (const paymentId of [payments.approve, payments.reject]) await colleague.post(`/api/invoices/${contribution.id}/payments/${paymentId}/reversal`).send({ reason: 'Bank returned it' }).expect(202);
  return {
    claimId: claim.body.claim.id,
    invoiceId: (await db.invoice.findFirstOrThrow({ where: { applicationId: cover.id } })).id,
    supportRequestId: supportRequest.id,
    leadId: lead.id,
    soilSampleId: sample.body.sample.id,
    eventId: drawn.body.events[0].id,
    currentEventId: standing.body.events[0].id,
    documentId: document.id,
    areaLimitId: (await db.areaLimit.findFirstOrThrow({ orderBy: { id: 'asc' } })).id,
    discountFactorId: (await db.discountFactor.findFirstOrThrow({ orderBy: { id: 'asc' } })).id,
    formSubmissionId: (await db.formSubmission.findFirstOrThrow({ where: { email: 'pat@example.com' } })).id,
    unlinkedSupportRequestId: unlinked.id,
    submittedApplicationId: submitted.id,
    applicationToAcceptId: (await createApplication(db, users.member.id, { status: 'submitted' })).id,
    errorFingerprint: (await db.errorReport.findFirstOrThrow()).fingerprint,
    photoId: (await db.storedFile.findFirstOrThrow({ where: { kind: 'claim_photo' } })).id,
    ruleChangeIds: { approve: await ruleAskedFor('Sweep rule to approve'), reject: await ruleAskedFor('Sweep rule to reject') },
    manualDiscountIds,
    payments,
    forgetfulUserId: (await createTestUser(db, { email: 'forgetful@example.com' })).id,
  };
}

/**
 * The routes whose request as made is refused before the route's own work, and why; every other
 * body's request as made must be accepted (2xx), so that its variants reach the work. These still
 * meet every variant, up to that refusal. The sweep fails when one of them is accepted after all.
 */
const REFUSED_AS_MADE: Record<string, string> = {
  'POST /api/admin/certificates/:id/withdraw': 'a certificate is issued at the first download after an audited cover start, which the sweep’s cover has not',
  'POST /api/certificates/check': 'no certificate exists to check (as above)',
  'POST /api/admin/corporate-documents': 'a multipart upload: its own tests send files',
  'POST /api/admin/soil-samples/import': 'a multipart upload: its own tests send laboratory files',
  'POST /api/admin/soil-samples/import/preview': 'a multipart upload: its own tests send laboratory files',
  'POST /api/admin/events/:id/place': 'places by the Bureau’s district boundaries, which this app has none of (alerts.test.ts installs them)',
  'POST /api/user/email/confirm': 'needs a pending e-mail change and its e-mailed code (the code is its one value)',
  'PUT /api/user/password': 'the right current password would change the password the sweep signs in with',
  'PUT /api/admin/xero/tenant': 'Xero is not configured here (xero.test.ts runs against a stand-in)',
  'PUT /api/invoices/:id/payment-option': 'the cover’s invoices are overdue today, which locks the option',
  'GET /api/admin/xero/callback': 'Xero is not configured here (xero.test.ts runs against a stand-in)',
  'POST /api/dashboard/renewal': 'the member has applied for the season a renewal would be for (the sweep’s applications are of 2026)',
};

/** The address a route will see: as its schema reads it (trimmed, in lower case), or undefined where the schema refuses it. */
const addressAsRead = (email: unknown) => emailVerificationVerifyRequestSchema.shape.email.safeParse(email).data;

/** A code for the address as its e-mail would bring it, or undefined for an address no code can be sent to. */
async function mailedCode(email: unknown): Promise<string | undefined> {
  const address = addressAsRead(email);
  return address === undefined ? undefined : (await storeVerificationCode(testApp.context, address)).code;
}

/**
 * Routes that check a secret from an e-mail before their own work, and how each request gets a
 * fresh one, as the person's inbox would bring it: so that the request's other values reach the
 * work behind the check (a registration's names, phone and business reach the account they
 * create; a reset's password, the hash it is stored as). A variant of the secret keeps its value.
 * Each request goes from a visitor of its own: a registration signs its caller in.
 */
const FRESH_SECRETS: Record<string, (body: Record<string, unknown>, field: string) => Promise<Record<string, unknown>>> = {
  'POST /api/auth/email-verification/verify': async (body, field) => (field === 'code' ? body : { ...body, code: (await mailedCode(body['email'])) ?? body['code'] }),
  'POST /api/auth/register': async (body, field) => {
    // A new address each time (the first registration would make the rest 'already registered'), but where the address is the variant.
    const email = field === 'email' ? body['email'] : `sweep-${randomUUID()}@example.com`;
    const code = field === 'verificationToken' ? undefined : await mailedCode(email);
    const verificationToken = code === undefined ? body['verificationToken'] : await verificationTokenFor(testApp.context, addressAsRead(email)!, code);
    return { ...body, email, verificationToken };
  },
  'POST /api/auth/password-reset/confirm': async (body, field) => {
    if (field === 'token') return body;
    const { url: link } = await testApp.db.$transaction((tx) => issuePasswordResetLink(tx, records.forgetfulUserId, 'http://localhost', PASSWORD_RESET_VALID_MS));
    return { ...body, token: new URL(link).searchParams.get('token') };
  },
};

/** Routes whose call signs the caller out: each variant after the first would be a visitor's. */
const SESSION_ENDING = new Set(['POST /api/auth/signout', 'POST /api/auth/force-signout', 'DELETE /api/user/sessions']);
/** The photo upload reads an image, not JSON (claims.test.ts sends it broken files). */
const NOT_JSON = new Set(['POST /api/claims/:id/photos']);

let testApp: TestApp;
const users = {} as MatrixFixtures['users'];
const agents = new Map<MatrixRole, TestAgent>();

beforeAll(async () => {
  testApp = await createTestApp({ RATE_LIMIT_DISABLED: '1' });
  // Every queue the server has, as it has them (pg-boss refuses a job for a queue it does not know).
  await registerAppJobs(testApp.context.jobs, testApp.context);
  const { db } = testApp;
  Object.assign(users, await createMatrixUsers(db));
  for (const role of MATRIX_ROLES) agents.set(role, role === 'anonymous' ? await csrfAgent(testApp.app) : await signedInAgent(testApp.app, users[role].email));
  cover = await createApplication(db, users.member.id, { status: 'active' });
  records = await madeRecords();
});
afterAll(() => testApp.close());

/**
 * Up to `limit` variants, a field at a time so that every field gets its turn; each field starts at
 * another place in its list of values, so that under the cap the fields between them still meet all of them.
 */
function spreadOver(variants: HostileVariant[], limit: number): HostileVariant[] {
  const byField = new Map<string, HostileVariant[]>();
  for (const variant of variants) byField.set(fieldOf(variant), [...(byField.get(fieldOf(variant)) ?? []), variant]);
  const lists = [...byField.values()].map((list, index) => [...list.slice(index % list.length), ...list.slice(0, index % list.length)]);
  const chosen: HostileVariant[] = [];
  for (let round = 0; chosen.length < limit && lists.some((list) => list.length > round); round += 1) {
    for (const list of lists) if (list[round] && chosen.length < limit) chosen.push(list[round]!);
  }
  return chosen;
}

/** The variants worth sending: those the schema accepts (the dangerous ones) first, and a sample of those it refuses; `asSent` is what the route receives of a value. */
function chosenVariants(schema: z.ZodType, base: unknown, asSent: (value: unknown) => unknown = (value) => value): HostileVariant[] {
  const all = hostileVariants(base);
  const accepted = all.filter((variant) => schema.safeParse(asSent(variant.value)).success);
  const refused = all.filter((variant) => !accepted.includes(variant));
  return [...spreadOver(accepted, ACCEPTED_PER_ENDPOINT), ...spreadOver(refused, REFUSED_PER_ENDPOINT)];
}

/** A query object as the address carries it: a list as the key repeated, anything else as text. */
function queryText(query: unknown): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries((query ?? {}) as Record<string, unknown>)) {
    for (const item of Array.isArray(value) ? value : [value]) if (item !== undefined) search.append(key, typeof item === 'object' ? JSON.stringify(item) : String(item));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

/** The caller a sweep of the endpoint goes as: a visitor where anyone may call it, a member on their own records, else whom it lets through. */
function callerFor(allowed: 'everyone' | readonly MatrixRole[]): MatrixRole | undefined {
  if (allowed === 'everyone') return 'anonymous';
  return (['member', 'admin', 'broker', 'referrer'] as const).find((role) => allowed.includes(role));
}

/** Address segments no page makes: each replaces one parameter of the route's real address. */
const HOSTILE_SEGMENTS: readonly (readonly [string, string])[] = [
  ...HOSTILE_TEXTS.filter(([label]) => ['NUL character', 'right-to-left override', 'wildcards and escapes', 'SQL', 'markup', 'prototype', 'spaces'].includes(label)).map(
    ([label, value]) => [label, encodeURIComponent(value)] as const,
  ),
  ['2,000 characters', 'x'.repeat(2_000)],
  ['broken percent-encoding', '%E0%A4%A'],
  ['an encoded half emoji', '%ED%A0%80'],
  ['2^53 + 2', String(2 ** 53 + 2)],
];

/** The request as made is accepted (2xx), unless REFUSED_AS_MADE names the route. */
function expectAcceptedAsMade(key: string, asMade: { status: number; answer: string } | undefined): void {
  const accepted = asMade !== undefined && asMade.status >= 200 && asMade.status < 300;
  // Soft: the list of 5xx answers below is still checked and shown.
  expect.soft(accepted, `the request as made answered ${asMade?.status} ${asMade?.answer}`).toBe(!(key in REFUSED_AS_MADE));
}

const swept = ENDPOINTS.filter((definition) => !SESSION_ENDING.has(endpointKey(definition)) && !NOT_JSON.has(endpointKey(definition)));

describe('the routes whose request as made is refused', () => {
  it('are each a route the sweep sends a request as made to', () => {
    const sweptKeys = new Set(swept.filter((definition) => definition.body ?? OWN_PARSERS[endpointKey(definition)] ?? definition.query).map(endpointKey));
    expect(Object.keys(REFUSED_AS_MADE).filter((key) => !sweptKeys.has(key))).toEqual([]);
  });
});

describe('an address that is not percent-encoding of characters', () => {
  it.each([
    ['cut short', '%E0%A4%A'],
    ['half a character', '%ED%A0%80'],
  ])('is a 400 that says the link is broken (%s)', async (_label, segment) => {
    const response = await agents.get('member')!.get(`/api/claims/${segment}`);
    expect(response.status).toBe(400);
    expect(response.body).toEqual({
      error: 'malformed_address',
      message: 'The address holds a %-escape that is not a character (a link cut short or mistyped); check the link and try again.',
    });
  });
});

describe('every endpoint, with one value made hostile at a time', () => {
  for (const definition of swept) {
    const key = endpointKey(definition);
    const bodySchema = definition.body ?? OWN_PARSERS[key];
    const inputs = [bodySchema && 'body', definition.query && 'query', definition.params && 'address'].filter(Boolean);
    if (inputs.length === 0) continue;
    it(`${key} (${inputs.join(', ')}): never a 5xx`, async () => {
      const row = endpointRow(definition as Endpoint);
      const as = callerFor(row.allowed);
      expect(as, 'someone the endpoint lets through').toBeDefined();
      let agent = agents.get(as!)!;
      const call = (method: string, path: string, body?: unknown) => {
        const request = agent[method.toLowerCase() as 'get' | 'post' | 'put' | 'patch' | 'delete'](path);
        if (key === 'POST /api/protection') request.set('Idempotency-Key', randomUUID());
        // As text, so that any JSON value can be the whole body (a number, a list, a bare string).
        return body === undefined ? request : request.set('Content-Type', 'application/json').send(JSON.stringify(body));
      };
      const fixtures: MatrixFixtures = { db: testApp.db, users, as: as!, call: (method, path, body) => call(method, path, body) };
      const made = row.request ? await row.request(fixtures) : { path: definition.path.replace(/:([A-Za-z]+)/g, 'none') };
      const [path = '', madeQuery = ''] = (REAL_ADDRESSES[key]?.() ?? made.path).split('?');
      const base = bodySchema ? ((await REAL_BODIES[key]?.(fixtures)) ?? (bodySchema.safeParse(made.body).success ? made.body : (validExample(bodySchema, key) ?? made.body ?? {}))) : undefined;
      // The query the route was called with where it takes it (a member's id, say), else one made from its schema.
      const rowQuery = Object.fromEntries(new URLSearchParams(madeQuery));
      const baseQuery = definition.query ? (definition.query.safeParse(rowQuery).success ? rowQuery : (validExample(definition.query, `${key} query`) ?? {})) : undefined;
      // A body's variants go with the plainest query the route takes (no customerId on a visitor's pricing).
      const bodyQuery = definition.query?.safeParse({}).success ? {} : baseQuery;
      const sent: { what: string; status: number; answer: string }[] = [];
      const fresh = FRESH_SECRETS[key];
      const send = async (what: string, address: string, body: unknown, field = '') => {
        const isObject = typeof body === 'object' && body !== null && !Array.isArray(body);
        if (fresh) agent = await csrfAgent(testApp.app);
        const response = await call(definition.method, address, fresh && isObject ? await fresh(body as Record<string, unknown>, field) : body);
        sent.push({ what, status: response.status, answer: (response.text ?? `${response.body?.length ?? 0} bytes`).slice(0, 300) });
      };

      if (bodySchema) {
        expect(bodySchema.safeParse(base).error?.issues, 'the request every body variant changes one value of').toBeUndefined();
        await send('the request as made', `${path}${queryText(bodyQuery)}`, base);
        expectAcceptedAsMade(key, sent.at(-1));
        for (const variant of chosenVariants(bodySchema, base)) await send(`body ${variant.description}`, `${path}${queryText(bodyQuery)}`, variant.value, fieldOf(variant));
      }
      if (definition.query) {
        // As the address carries them: every value is text there.
        const asSent = (query: unknown) => Object.fromEntries(new URLSearchParams(queryText(query).slice(1)));
        // Where the body's request as made was sent, the query came with it; otherwise the query as made goes first.
        if (!bodySchema) {
          await send('the query as made', `${path}${queryText(baseQuery)}`, base);
          expectAcceptedAsMade(key, sent.at(-1));
        }
        for (const variant of chosenVariants(definition.query, baseQuery, asSent)) await send(`query ${variant.description}`, `${path}${queryText(variant.value)}`, base);
      }
      if (definition.params) {
        const names = [...definition.path.matchAll(/:([A-Za-z]+)/g)].map((match) => match[1]!);
        const segments = definition.path.split('/');
        const realSegments = path.split('/');
        for (const name of names) {
          const at = segments.indexOf(`:${name}`);
          for (const [label, segment] of HOSTILE_SEGMENTS) {
            const address = realSegments.map((part, index) => (index === at ? segment : part)).join('/');
            await send(`address ${name} = ${label}`, address, base);
          }
        }
      }
      // A call that changed the session (support mode entered) is not left to the next endpoint's sweep.
      // A visitor's sweep may sign in (signin, register): the next endpoint's visitor starts afresh.
      if (row.changesSession || as === 'anonymous') agents.set(as!, as === 'anonymous' ? await csrfAgent(testApp.app) : await signedInAgent(testApp.app, users[as as Exclude<MatrixRole, 'anonymous'>].email));

      expect(sent.filter(({ status }) => status >= 500).map(({ what, status, answer }) => `${what}: ${status} ${answer}`)).toEqual([]);
      // With a fresh secret each, variants other than the request as made get through the check to the work.
      if (fresh) expect(sent.filter(({ status }) => status < 300).length, 'requests accepted with a fresh secret').toBeGreaterThan(1);
    });
  }
});
