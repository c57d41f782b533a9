/**
 * The authorization matrix: which kinds of caller get through each /api route. Every route is an
 * endpoint of the table (shared/endpoints) and brings its own row: who its access admits, narrowed
 * where a record rule hides other people's records, and how to call it (endpointCalls, where the
 * path alone would not do). access-matrix.test.ts enumerates every route mounted under /api from
 * the Express router stack, fails for one that is not in the table, and calls each route as every
 * role below.
 *
 * "Gets through" means the route did not refuse the caller: any answer but 401 and 403 (and 404 on
 * routes that hide other people's records, listed in refusalStatuses). A 400 for a missing field is
 * getting through: authorization is checked before the input.
 */
import { admits, type CallerKind, type Endpoint, type EndpointAccess, type HttpMethod } from '@shared/endpoints/endpoint';
import { ENDPOINTS } from '@shared/endpoints';
import type { Database } from '../db/client';
import { ensureSeason, storedQuotePricing } from '../testing/dashboard-fixtures';
import { createTestUser } from '../testing/accounts';
import { emptyQuoteState } from '@shared/contracts/quote';
import { draftDataHash, draftQuoteData } from '@shared/domain/quote/draft';

export const MATRIX_ROLES = ['anonymous', 'member', 'otherMember', 'broker', 'referrer', 'admin'] as const;
export type MatrixRole = (typeof MATRIX_ROLES)[number];
export type SignedInRole = Exclude<MatrixRole, 'anonymous'>;

/** How a row's request is made: the test passes the callers' ids and a client signed in as `as`. */
export interface MatrixFixtures {
  db: Database;
  users: Record<SignedInRole, { id: string; email: string }>;
  as: MatrixRole;
  /** Setup calls made by the same caller before the request (e.g. entering support mode). */
  call: (method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, body?: object) => Promise<{ status: number }>;
}

export interface AccessRow {
  method: HttpMethod;
  /** The route as mounted, e.g. '/api/user/drafts/:id'. */
  route: string;
  allowed: 'everyone' | readonly MatrixRole[];
  /** The concrete request; by default the route itself with no body. */
  request?: (fixtures: MatrixFixtures) => Promise<{ path: string; body?: object }> | { path: string; body?: object };
  /** Statuses that also mean "refused" here, beyond 401 and 403 (404 where records are hidden). */
  refusalStatuses?: readonly number[];
  /** The call signs out or changes the session: the role signs in again afterwards. */
  changesSession?: boolean;
}

/** The matrix's people, one of each kind, each signing in with TEST_PASSWORD: the member's broker of record is the broker. */
export async function createMatrixUsers(db: Database): Promise<MatrixFixtures['users']> {
  const broker = await createTestUser(db, { email: 'broker@example.com', isBroker: true });
  return {
    broker,
    member: await createTestUser(db, { email: 'member@example.com', brokerId: broker.id }),
    otherMember: await createTestUser(db, { email: 'other@example.com' }),
    referrer: await createTestUser(db, { email: 'referrer@example.com', referrerCode: 'MATRIX' }),
    admin: await createTestUser(db, { email: 'admin@example.com', isAdmin: true }),
  };
}

const hidden = [404] as const;
/** Who reaches a member's quotes (shared/domain/quote/draft-access.ts) among the matrix roles: the member and their broker of record. */
const quoteActors: readonly MatrixRole[] = ['member', 'broker'];

let uniqueId = 0;
const nextId = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${(uniqueId++).toString(36)}`;

/** A draft of the member's, created fresh for each call so that changes by one role do not affect the next. */
async function memberDraft({ db, users }: MatrixFixtures): Promise<string> {
  const id = nextId('matrix-draft');
  const data = draftQuoteData(emptyQuoteState());
  await db.draft.create({ data: { id, userId: users.member.id, step: 'get-started', dataHash: draftDataHash(data), quoteData: data as object, validationData: {}, uiState: {} } });
  return id;
}

function draftBody(userId: string) {
  const quote = emptyQuoteState();
  quote.personalDetails.firstName = 'Matrix';
  const data = draftQuoteData(quote);
  return { userId, step: 'get-started', data, status: 'DRAFT', dataHash: draftDataHash(data) };
}

/** A printable saved estimate of the member's (a quote with nothing priced yet). */
async function memberSavedEstimate({ db, users }: MatrixFixtures): Promise<string> {
  const pricing = { modelVersion: 'matrix', quoteDate: '2025-05-01', pricedAt: '2025-05-01T00:00:00.000Z', allocations: [], estimates: {}, pricing: {}, hurdleComparisons: {}, failures: [] };
  return (await db.savedEstimate.create({ data: { userId: users.member.id, data: { quoteData: {}, pricing } } })).id;
}

/** A submitted application of the member's. */
async function memberApplication({ db, users }: MatrixFixtures): Promise<string> {
  const figures = { premium: 250, displayedPremium: 275, totalPayable: 850, insuredValue: 12_000, coveredArea: 20 };
  await ensureSeason(db, 2025);
  const row = await db.protectionApplication.create({
    data: {
      userId: users.member.id,
      coverageType: 'fire',
      zoneCode: 'GSR',
      quoteDate: '2025-08-10',
      seasonYear: 2025,
      modelVersion: 'matrix',
      ...figures,
      ...storedQuotePricing('fire', figures.premium, [{ type: 'wheat', hectares: figures.coveredArea, expectedYield: 2, pricePerTonne: 300, hurdlePercentage: 0 }]),
      quoteData: {},
      acknowledgements: {},
    },
  });
  return row.id;
}

async function enterSupportAsAdmin({ as, users, call }: MatrixFixtures) {
  if (as === 'admin') await call('POST', '/api/admin/support/enter', { adminUserId: users.admin.id, customerId: users.member.id, permissionLevel: 'read' });
}

const KIND_OF: Record<MatrixRole, CallerKind> = { anonymous: 'visitor', member: 'member', otherMember: 'member', broker: 'broker', referrer: 'referrer', admin: 'administrator' };

/** Who the endpoint table's access admits, among the matrix roles. */
export function admittedBy(access: EndpointAccess): AccessRow['allowed'] {
  return access === 'everyone' ? 'everyone' : MATRIX_ROLES.filter((role) => admits(access, KIND_OF[role]));
}

/** How the matrix calls a route of the endpoint table where its path alone would not do; `allowed` only where a record rule narrows its access. */
type EndpointCall = Omit<AccessRow, 'method' | 'route' | 'allowed'> & { allowed?: readonly MatrixRole[] };

export const endpointKey = (row: { method: string; route?: string; path?: string }) => `${row.method} ${row.route ?? row.path}`;

export const endpointCalls: Record<string, EndpointCall> = {
  'POST /api/support-requests': { request: () => ({ path: '/api/support-requests', body: {} }) },
  // A person's own request only: anyone else's is not found.
  'POST /api/support-requests/:id/messages': {
    allowed: ['member'],
    refusalStatuses: hidden,
    request: async ({ db, users }) => {
      const { id } = await db.supportRequest.create({ data: { source: 'help_form', subject: 'Matrix', body: 'Matrix', name: 'Matrix', email: users.member.email, userId: users.member.id } });
      return { path: `/api/support-requests/${id}/messages`, body: { body: 'Matrix follow-up' } };
    },
  },
  'GET /api/admin/support-requests/:id': { request: () => ({ path: '/api/admin/support-requests/none' }) },
  'PATCH /api/admin/support-requests/:id': { request: () => ({ path: '/api/admin/support-requests/none', body: { status: 'in_progress' } }) },
  'POST /api/admin/support-requests/:id/notes': { request: () => ({ path: '/api/admin/support-requests/none/notes', body: { body: 'Matrix' } }) },
  'POST /api/admin/support-requests/:id/replies': { request: () => ({ path: '/api/admin/support-requests/none/replies', body: { body: 'Matrix' } }) },
  'POST /api/admin/support-requests/:id/link': { request: () => ({ path: '/api/admin/support-requests/none/link', body: { confirmed: true } }) },
  'POST /api/admin/background-jobs/:queue/:id/retry': { request: () => ({ path: '/api/admin/background-jobs/reminders.daily/no-such-job/retry' }) },
  'PUT /api/dashboard/protections/:id/status': { request: () => ({ path: '/api/dashboard/protections/none/status', body: {} }) },
  'GET /api/dashboard/protections/:id/summary.pdf': { request: () => ({ path: '/api/dashboard/protections/none/summary.pdf' }) },
  // The member's own, their broker's and staff's; before cover starts the answer is 409, which is getting through.
  'GET /api/dashboard/protections/:id/certificate.pdf': {
    allowed: ['member', 'broker', 'admin'],
    refusalStatuses: hidden,
    request: async (fixtures) => ({ path: `/api/dashboard/protections/${await memberApplication(fixtures)}/certificate.pdf` }),
  },
  'POST /api/admin/seasons': { request: () => ({ path: '/api/admin/seasons', body: {} }) },
  // A renewal is a quote in the member's name: the member and their broker start it (409 when nothing is due is getting through).
  'POST /api/dashboard/renewal': { allowed: quoteActors, request: ({ users }) => ({ path: `/api/dashboard/renewal?memberId=${users.member.id}` }) },
  'GET /api/dashboard/renewals/:id': {
    allowed: ['member', 'broker', 'admin'],
    refusalStatuses: hidden,
    request: async (fixtures) => ({ path: `/api/dashboard/renewals/${await memberApplication(fixtures)}` }),
  },
  'POST /api/admin/renewals/:memberId/reminder': { request: () => ({ path: '/api/admin/renewals/none/reminder' }) },
  'PUT /api/admin/seasons/:year': { request: () => ({ path: '/api/admin/seasons/2099', body: {} }) },
  'POST /api/certificates/check': { request: () => ({ path: '/api/certificates/check', body: { code: 'K7QM-4XPD-9TWB' } }) },
  'GET /api/admin/applications/:id/certificates': { request: () => ({ path: '/api/admin/applications/none/certificates' }) },
  'POST /api/admin/certificates/:id/withdraw': { request: () => ({ path: '/api/admin/certificates/none/withdraw', body: { reason: 'Matrix check' } }) },
  'PUT /api/user/preferences': { request: () => ({ path: '/api/user/preferences', body: {} }) },
  'DELETE /api/user/sessions/:id': { request: () => ({ path: '/api/user/sessions/none' }) },
  'DELETE /api/user/sessions': { changesSession: true },
  'GET /api/claims/:id': { request: () => ({ path: '/api/claims/none' }) },
  'POST /api/claims': { request: () => ({ path: '/api/claims', body: {} }) },
  'POST /api/claims/:id/photos': { request: () => ({ path: '/api/claims/none/photos', body: {} }) },
  'POST /api/claims/:id/messages': { request: () => ({ path: '/api/claims/none/messages', body: {} }) },
  'PUT /api/claims/:id/status': { request: () => ({ path: '/api/claims/none/status', body: {} }) },
  'PUT /api/farm/paddocks': { request: () => ({ path: '/api/farm/paddocks', body: {} }) },
  'GET /api/files/:id': { request: () => ({ path: '/api/files/none' }) },
  'PUT /api/invoices/:id/payment-option': { request: () => ({ path: '/api/invoices/none/payment-option', body: {} }) },
  'GET /api/invoices/:id/pdf': { request: () => ({ path: '/api/invoices/none/pdf' }) },
  'POST /api/invoices/:id/payments': { request: () => ({ path: '/api/invoices/none/payments', body: {} }) },
  'GET /api/admin/invoices': { request: ({ users }) => ({ path: `/api/admin/invoices?memberId=${users.member.id}` }) },
  'POST /api/invoices/:id/payments/:paymentId/reversal': { request: () => ({ path: '/api/invoices/none/payments/none/reversal', body: {} }) },
  'POST /api/invoices/:id/payments/:paymentId/reversal/approve': { request: () => ({ path: '/api/invoices/none/payments/none/reversal/approve', body: {} }) },
  'POST /api/invoices/:id/payments/:paymentId/reversal/reject': { request: () => ({ path: '/api/invoices/none/payments/none/reversal/reject', body: {} }) },
  'GET /api/invoices/:id/payments/:paymentId/receipt': { request: () => ({ path: '/api/invoices/none/payments/none/receipt' }) },
  'POST /api/estimates': { request: () => ({ path: '/api/estimates', body: {} }) },
  'GET /api/estimates/:id/pdf': { allowed: quoteActors, refusalStatuses: hidden, request: async (fixtures) => ({ path: `/api/estimates/${await memberSavedEstimate(fixtures)}/pdf` }) },
  'POST /api/protection': { request: () => ({ path: '/api/protection', body: {} }) },
  'POST /api/callbacks/request': { request: () => ({ path: '/api/callbacks/request', body: {} }) },
  'GET /api/user/fire-risk-survey': { allowed: ['member', 'broker', 'admin'], request: ({ users }) => ({ path: `/api/user/fire-risk-survey?userId=${users.member.id}` }) },
  'POST /api/user/fire-risk-survey': { request: () => ({ path: '/api/user/fire-risk-survey', body: {} }) },
  // The member's application: the member, their broker and staff read it; anyone else is told it does not exist.
  'GET /api/protection/:id': { allowed: ['member', 'broker', 'admin'], refusalStatuses: hidden, request: async (fixtures) => ({ path: `/api/protection/${await memberApplication(fixtures)}` }) },
  // Drafts and saved estimates: the member's own working copy, their broker of record acting for them (and staff through support mode); anyone else is told they do not exist.
  'GET /api/user/drafts': { allowed: quoteActors, refusalStatuses: hidden, request: ({ users }) => ({ path: `/api/user/drafts?userId=${users.member.id}` }) },
  'GET /api/user/drafts/:id': { allowed: quoteActors, refusalStatuses: hidden, request: async (fixtures) => ({ path: `/api/user/drafts/${await memberDraft(fixtures)}` }) },
  'POST /api/user/drafts': { allowed: quoteActors, refusalStatuses: hidden, request: ({ users }) => ({ path: '/api/user/drafts', body: { id: nextId('matrix-new'), ...draftBody(users.member.id) } }) },
  'PUT /api/user/drafts/:id': {
    allowed: quoteActors,
    refusalStatuses: hidden,
    request: async (fixtures) => ({ path: `/api/user/drafts/${await memberDraft(fixtures)}`, body: { ...draftBody(fixtures.users.member.id), version: 1 } }),
  },
  'PUT /api/user/drafts/:id/status': {
    allowed: quoteActors,
    refusalStatuses: hidden,
    request: async (fixtures) => ({ path: `/api/user/drafts/${await memberDraft(fixtures)}/status`, body: { status: 'ACTIVE' } }),
  },
  'DELETE /api/user/drafts/:id': { allowed: quoteActors, refusalStatuses: hidden, request: async (fixtures) => ({ path: `/api/user/drafts/${await memberDraft(fixtures)}` }) },
  'GET /api/quotes/draft': { allowed: quoteActors, refusalStatuses: hidden, request: async (fixtures) => ({ path: `/api/quotes/draft?id=${await memberDraft(fixtures)}` }) },
  'POST /api/quotes/draft': {
    allowed: quoteActors,
    refusalStatuses: hidden,
    request: ({ users }) => {
      const { data, ...rest } = draftBody(users.member.id);
      return { path: '/api/quotes/draft', body: { ...rest, quoteData: data, validationData: {}, uiState: {}, draftId: nextId('matrix-auto') } };
    },
  },
  'GET /api/estimates/:id': {
    allowed: quoteActors,
    refusalStatuses: hidden,
    request: async ({ db, users }) => ({ path: `/api/estimates/${(await db.savedEstimate.create({ data: { userId: users.member.id, data: {} } })).id}` }),
  },
  'GET /api/admin/crops/:cropType/varieties': { request: () => ({ path: '/api/admin/crops/wheat/varieties' }) },
  'POST /api/pricing/calculate': { request: () => ({ path: '/api/pricing/calculate', body: {} }) },
  'PUT /api/admin/pricing/zones/:code': { request: () => ({ path: '/api/admin/pricing/zones/NO-SUCH-ZONE', body: { hailRate: 1, fireRate: 1, bothRate: 1.5 } }) },
  'PUT /api/admin/pricing/crop-factors/:cropType': { request: () => ({ path: '/api/admin/pricing/crop-factors/no-such-crop', body: { hailFactor: 1, fireFactor: 1 } }) },
  'PUT /api/admin/pricing/settings': { request: () => ({ path: '/api/admin/pricing/settings', body: { maxTotalDiscountRate: -1 } }) },
  // The public site: empty bodies answer 400 and store nothing; a document and a submission that do not exist.
  'POST /api/form-submissions': { request: () => ({ path: '/api/form-submissions', body: {} }) },
  'POST /api/errors/track': { request: () => ({ path: '/api/errors/track', body: {} }) },
  'POST /api/analytics/events': { request: () => ({ path: '/api/analytics/events', body: {} }) },
  'GET /api/corporate-documents/:id/download': { request: () => ({ path: '/api/corporate-documents/no-such-document/download' }) },
  'PATCH /api/admin/form-submissions/:id': { request: () => ({ path: '/api/admin/form-submissions/no-such-submission', body: { isRead: true } }) },
  // Calculator settings: the bodies are empty, so the administrator's call is refused by the schema and changes nothing.
  'PUT /api/admin/calculator-settings/crops/:cropType/varieties/:variety': { request: () => ({ path: '/api/admin/calculator-settings/crops/wheat/varieties/Standard', body: {} }) },
  'PUT /api/admin/calculator-settings/hurdle-configs/:cropType': { request: () => ({ path: '/api/admin/calculator-settings/hurdle-configs/wheat', body: {} }) },
  'PUT /api/admin/calculator-settings/hurdle-options/:percentage': { request: () => ({ path: '/api/admin/calculator-settings/hurdle-options/5', body: {} }) },
  'POST /api/admin/calculator-settings/hurdle-options': { request: () => ({ path: '/api/admin/calculator-settings/hurdle-options', body: {} }) },
  'PUT /api/admin/calculator-settings/area-limits/:id': { request: () => ({ path: '/api/admin/calculator-settings/area-limits/none', body: {} }) },
  'POST /api/admin/calculator-settings/area-limits': { request: () => ({ path: '/api/admin/calculator-settings/area-limits', body: {} }) },
  'PUT /api/admin/calculator-settings/discount-factors/:id': { request: () => ({ path: '/api/admin/calculator-settings/discount-factors/none', body: {} }) },
  'PUT /api/admin/calculator-settings/crops/:cropType': { request: () => ({ path: '/api/admin/calculator-settings/crops/wheat', body: {} }) },
  'POST /api/admin/calculator-settings/crops/:cropType/varieties': { request: () => ({ path: '/api/admin/calculator-settings/crops/wheat/varieties', body: {} }) },
  'PUT /api/admin/calculator-settings/figures': { request: () => ({ path: '/api/admin/calculator-settings/figures', body: {} }) },
  'POST /api/admin/calculator-settings/crops': { request: () => ({ path: '/api/admin/calculator-settings/crops', body: {} }) },
  'POST /api/auth/email-verification/send': { request: () => ({ path: '/api/auth/email-verification/send', body: {} }) },
  'POST /api/auth/email-verification/verify': { request: () => ({ path: '/api/auth/email-verification/verify', body: {} }) },
  'POST /api/auth/register': { request: () => ({ path: '/api/auth/register', body: {} }) },
  'POST /api/auth/password-reset/request': { request: () => ({ path: '/api/auth/password-reset/request', body: {} }) },
  'POST /api/auth/password-reset/confirm': { request: () => ({ path: '/api/auth/password-reset/confirm', body: {} }) },
  'PUT /api/user': { request: () => ({ path: '/api/user', body: { allowMarketing: false } }) },
  'POST /api/user/email/confirm': { request: () => ({ path: '/api/user/email/confirm', body: {} }) },
  'PUT /api/user/password': { request: () => ({ path: '/api/user/password', body: {} }) },
  'PUT /api/admin/users/:id/roles': { request: ({ users }) => ({ path: `/api/admin/users/${users.otherMember.id}/roles`, body: { isBroker: false } }) },
  'POST /api/admin/referrers': { request: () => ({ path: '/api/admin/referrers', body: {} }) },
  // Support mode: administrators and holders of customer_support, acting as themselves.
  'POST /api/admin/support/enter': {
    changesSession: true,
    request: ({ users, as }) => ({ path: '/api/admin/support/enter', body: { adminUserId: as === 'anonymous' ? users.admin.id : users[as].id, customerId: users.member.id, permissionLevel: 'read' } }),
  },
  'POST /api/admin/support/exit': {
    changesSession: true,
    request: async (fixtures) => {
      await enterSupportAsAdmin(fixtures);
      const { users, as } = fixtures;
      return { path: '/api/admin/support/exit', body: { adminUserId: as === 'anonymous' ? users.admin.id : users[as].id, customerId: users.member.id, sessionDuration: 1000 } };
    },
  },
  'GET /api/admin/support/customer-data': {
    changesSession: true,
    request: async (fixtures) => {
      await enterSupportAsAdmin(fixtures);
      return { path: `/api/admin/support/customer-data?customerId=${fixtures.users.member.id}` };
    },
  },
  // The soil-testing pilot (docs/soil-testing.md): a member's own samples (their broker of record too, staff read them). Empty bodies: an allowed call answers 400 and writes nothing.
  'GET /api/admin/soil-samples/farm': { request: ({ users }) => ({ path: `/api/admin/soil-samples/farm?memberId=${users.member.id}` }) },
  'POST /api/admin/soil-samples': { request: () => ({ path: '/api/admin/soil-samples', body: {} }) },
  'PUT /api/admin/soil-samples/:id': { request: () => ({ path: '/api/admin/soil-samples/no-such-sample', body: {} }) },
  'DELETE /api/admin/soil-samples/:id': { request: () => ({ path: '/api/admin/soil-samples/no-such-sample' }) },
  'POST /api/admin/soil-samples/import/preview': { request: () => ({ path: '/api/admin/soil-samples/import/preview', body: {} }) },
  'POST /api/admin/soil-samples/import': { request: () => ({ path: '/api/admin/soil-samples/import', body: {} }) },
  'GET /api/user/soil-samples': { allowed: ['member', 'broker', 'admin'], request: ({ users }) => ({ path: `/api/user/soil-samples?memberId=${users.member.id}` }) },
  'POST /api/user/soil-samples': { allowed: ['member', 'broker'], request: ({ users }) => ({ path: `/api/user/soil-samples?memberId=${users.member.id}`, body: {} }) },
  'GET /api/auth/signin/:provider': { request: () => ({ path: '/api/auth/signin/credentials' }) },
  'GET /api/auth/callback/:provider': { request: () => ({ path: '/api/auth/callback/credentials' }) },
  'POST /api/auth/signin/:provider': { request: () => ({ path: '/api/auth/signin/unknown', body: {} }) },
  'POST /api/auth/callback/:provider': { request: () => ({ path: '/api/auth/callback/unknown', body: {} }) },
  'POST /api/auth/callback': { request: () => ({ path: '/api/auth/callback', body: {} }) },
  'POST /api/auth/signin': { request: () => ({ path: '/api/auth/signin', body: {} }) },
  'POST /api/auth/signout': { changesSession: true },
  'POST /api/auth/force-signout': { changesSession: true },
  // Storm and fire alerts (docs/alerts.md): empty bodies and events, feed messages and alerts that do not exist.
  'POST /api/admin/events': { request: () => ({ path: '/api/admin/events', body: {} }) },
  'GET /api/admin/events/:id': { request: () => ({ path: '/api/admin/events/no-such-event' }) },
  'POST /api/admin/events/:id/confirm': { request: () => ({ path: '/api/admin/events/no-such-event/confirm', body: {} }) },
  'POST /api/admin/events/:id/withdraw': { request: () => ({ path: '/api/admin/events/no-such-event/withdraw', body: {} }) },
  'POST /api/admin/events/:id/end': { request: () => ({ path: '/api/admin/events/no-such-event/end', body: { reason: 'Matrix check' } }) },
  'POST /api/admin/events/:id/place': { request: () => ({ path: '/api/admin/events/no-such-event/place', body: { districts: ['WA_PW014'] } }) },
  'POST /api/admin/events/drawn': { request: () => ({ path: '/api/admin/events/drawn', body: {} }) },
  'GET /api/admin/alert-feed-messages/:id': { request: () => ({ path: '/api/admin/alert-feed-messages/no-such-message' }) },
  'POST /api/user/alerts/:id/read': { request: () => ({ path: '/api/user/alerts/no-such-alert/read' }) },
  // A broker's own client only.
  'GET /api/broker/clients/:id': { refusalStatuses: hidden, request: ({ users }) => ({ path: `/api/broker/clients/${users.member.id}` }) },
  // The staff's lead pipeline (docs/crm.md): a lead that does not exist, so administrators get its 404.
  'GET /api/admin/crm/leads/:id': { request: () => ({ path: '/api/admin/crm/leads/none' }) },
  'PATCH /api/admin/crm/leads/:id': { request: () => ({ path: '/api/admin/crm/leads/none', body: { note: 'Matrix' } }) },
  // People (docs/people.md). Lock is sent without a reason (400, nothing changes); unlock of an unlocked account is a 409.
  'GET /api/admin/user-lookup': { request: () => ({ path: '/api/admin/user-lookup?q=matrix' }) },
  'GET /api/admin/user-lookup/:userId': { request: ({ users }) => ({ path: `/api/admin/user-lookup/${users.member.id}` }) },
  'POST /api/admin/user-lookup/:userId/lock': { request: ({ users }) => ({ path: `/api/admin/user-lookup/${users.member.id}/lock`, body: {} }) },
  'POST /api/admin/user-lookup/:userId/unlock': { request: ({ users }) => ({ path: `/api/admin/user-lookup/${users.member.id}/unlock` }) },
  'POST /api/admin/user-lookup/:userId/password-reset': { request: () => ({ path: '/api/admin/user-lookup/no-such-person/password-reset' }) },
  'GET /api/admin/user-tracking/visitor-sessions/:sessionId': { request: () => ({ path: '/api/admin/user-tracking/visitor-sessions/no-such-tab' }) },
  'GET /api/admin/user-tracking/:userId': { request: ({ users }) => ({ path: `/api/admin/user-tracking/${users.member.id}` }) },
  // Risk simulation: the bodies are empty, so an administrator's call answers 400 and starts nothing; a run that does not exist is a 404.
  'POST /api/admin/risk/event-impact': { request: () => ({ path: '/api/admin/risk/event-impact', body: {} }) },
  'PUT /api/admin/risk/reserve': { request: () => ({ path: '/api/admin/risk/reserve', body: {} }) },
  'POST /api/admin/risk/runs': { request: () => ({ path: '/api/admin/risk/runs', body: {} }) },
  'GET /api/admin/risk/runs/:id': { request: () => ({ path: '/api/admin/risk/runs/none' }) },
  'POST /api/admin/risk/runs/:id/cancel': { request: () => ({ path: '/api/admin/risk/runs/none/cancel' }) },
  // The administrators' errors, analytics and corporate documents pages: a group or document that does not exist; empty bodies change nothing.
  'GET /api/admin/errors/:fingerprint': { request: () => ({ path: '/api/admin/errors/no-such-fingerprint' }) },
  'POST /api/admin/corporate-documents': { request: () => ({ path: '/api/admin/corporate-documents', body: {} }) },
  'PUT /api/admin/corporate-documents/order': { request: () => ({ path: '/api/admin/corporate-documents/order', body: {} }) },
  'PATCH /api/admin/corporate-documents/:id': { request: () => ({ path: '/api/admin/corporate-documents/no-such-document', body: { title: 'Matrix' } }) },
  'DELETE /api/admin/corporate-documents/:id': { request: () => ({ path: '/api/admin/corporate-documents/no-such-document' }) },
  // Xero (docs/xero.md): the callback with a code and a state that is not the session's; an organisation and a sync item that do not exist.
  'GET /api/admin/xero/callback': { request: () => ({ path: '/api/admin/xero/callback?code=matrix&state=matrix' }) },
  'PUT /api/admin/xero/tenant': { request: () => ({ path: '/api/admin/xero/tenant', body: { tenantId: 'no-such-tenant' } }) },
  'POST /api/admin/xero/syncs/:id/retry': { request: () => ({ path: '/api/admin/xero/syncs/no-such-item/retry' }) },
  // The discount pages: empty bodies change nothing; a rule, rule change or manual discount that does not exist is a 404.
  'POST /api/admin/discount-rules': { request: () => ({ path: '/api/admin/discount-rules', body: {} }) },
  'POST /api/admin/discount-rules/preview': { request: () => ({ path: '/api/admin/discount-rules/preview', body: {} }) },
  'PUT /api/admin/discount-rules/:id': { request: () => ({ path: '/api/admin/discount-rules/no-such-rule', body: { name: 'Matrix', kind: 'referrer', rate: 0.02, isActive: true } }) },
  'POST /api/admin/discount-rules/changes/:id/approve': { request: () => ({ path: '/api/admin/discount-rules/changes/none/approve', body: {} }) },
  'POST /api/admin/discount-rules/changes/:id/reject': { request: () => ({ path: '/api/admin/discount-rules/changes/none/reject', body: {} }) },
  'POST /api/admin/discount-management/manual': { request: () => ({ path: '/api/admin/discount-management/manual', body: {} }) },
  'POST /api/admin/discount-management/manual/:id/approve': { request: () => ({ path: '/api/admin/discount-management/manual/none/approve', body: {} }) },
  'POST /api/admin/discount-management/manual/:id/reject': { request: () => ({ path: '/api/admin/discount-management/manual/none/reject', body: {} }) },
  'POST /api/admin/discount-management/manual/:id/revoke': { request: () => ({ path: '/api/admin/discount-management/manual/none/revoke', body: {} }) },
};

/** The row of an endpoint of the table: who its access admits (or fewer, by a record rule) and how to call it. */
export function endpointRow(definition: Endpoint): AccessRow {
  const { allowed, ...call } = endpointCalls[endpointKey(definition)] ?? {};
  return { method: definition.method, route: definition.path, allowed: allowed ?? admittedBy(definition.access), ...call };
}

/** Every row the test walks: one per endpoint of the table. */
export const matrixRows: readonly AccessRow[] = ENDPOINTS.map(endpointRow);
