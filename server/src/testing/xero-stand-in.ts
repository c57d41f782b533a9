/**
 * A local stand-in for the few Xero endpoints the sync uses, for tests: this machine cannot reach
 * Xero. It answers with the shapes of Xero's documentation (developer.xero.com: the OAuth 2.0 code
 * flow and token endpoint, GET /connections, PUT Contacts, Invoices and Payments of the Accounting
 * API, POST Payments/{PaymentID} to delete a payment, 401 for an expired token, 429 with
 * Retry-After), keeps what it was sent, and can be told to answer 429 or to expire every access
 * token. Not a model of Xero's rules beyond those the sync
 * relies on (docs/xero.md, 'The stand-in').
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface StandInCall {
  method: string;
  path: string;
  tenantId: string | null;
  idempotencyKey: string | null;
  body: unknown;
  status: number;
}

interface LineItem {
  Description: string;
  Quantity: number;
  UnitAmount: number;
  LineAmount: number;
  TaxType: string;
  TaxAmount: number;
  AccountCode: string;
}

export interface StandInInvoice {
  InvoiceID: string;
  InvoiceNumber: string;
  Type: string;
  Status: string;
  Reference?: string;
  Date?: string;
  DueDate?: string;
  LineAmountTypes: string;
  Contact: { ContactID: string; Name: string };
  LineItems: LineItem[];
  SubTotal: number;
  TotalTax: number;
  Total: number;
  AmountDue: number;
  AmountPaid: number;
  CurrencyCode: 'AUD';
}

export interface XeroStandIn {
  /** The base to give XERO_IDENTITY_URL. */
  identityUrl: string;
  /** The base to give XERO_API_URL. */
  apiUrl: string;
  tenants: { tenantId: string; tenantName: string }[];
  /** Every Accounting API and connections call, in order. */
  calls: StandInCall[];
  tokenRequests: { grantType: string }[];
  contacts: { ContactID: string; Name: string; EmailAddress?: string; ContactNumber?: string; tenantId: string }[];
  invoices: (StandInInvoice & { tenantId: string })[];
  /** Status AUTHORISED, or DELETED once deleted (POST Payments/{PaymentID} with { Status: 'DELETED' }). */
  payments: { PaymentID: string; Amount: number; Date: string; Reference?: string; Status: 'AUTHORISED' | 'DELETED'; Invoice: { InvoiceID: string }; Account: { Code: string }; tenantId: string }[];
  /** The next `times` API calls answer 429 with this Retry-After (seconds), as Xero's minute limit does. */
  answerTooManyRequests(retryAfterSeconds: number, times?: number): void;
  /** Every access token issued so far stops working (401), as one does after its 30 minutes. */
  expireAccessTokens(): void;
  /** Every refresh token issued so far is refused (invalid_grant), as after 60 days unused or a disconnect at Xero. */
  revokeRefreshTokens(): void;
  close(): Promise<void>;
}

const round2 = (value: number) => Math.round(value * 100) / 100;
/** Xero's JSON dates: "/Date(1518652800000+0000)/". */
const msDate = (isoDay: string) => `/Date(${Date.parse(`${isoDay}T00:00:00Z`)}+0000)/`;

function validationError(res: ServerResponse, messages: string[], element: object): void {
  send(res, 400, { ErrorNumber: 10, Type: 'ValidationException', Message: 'A validation exception occurred', Elements: [{ ...element, ValidationErrors: messages.map((Message) => ({ Message })) }] });
}

function send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...headers });
  res.end(JSON.stringify(body));
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/** The client the API tests register with their stand-in. */
export const TEST_XERO_CLIENT = { clientId: 'client-123', clientSecret: 'secret-456' };

/** The Xero settings of an API test's app that talks to `standIn` as TEST_XERO_CLIENT. */
export function xeroTestEnv(standIn: Pick<XeroStandIn, 'identityUrl' | 'apiUrl'>): Record<string, string> {
  return {
    XERO_CLIENT_ID: TEST_XERO_CLIENT.clientId,
    XERO_CLIENT_SECRET: TEST_XERO_CLIENT.clientSecret,
    XERO_REDIRECT_URI: 'http://127.0.0.1:3000/api/admin/xero/callback',
    XERO_IDENTITY_URL: standIn.identityUrl,
    XERO_API_URL: standIn.apiUrl,
    XERO_TOKEN_KEY: 'xero-token-key-for-tests',
  };
}

/** Starts the stand-in on 127.0.0.1 (port 0 unless given). */
export async function startXeroStandIn({ port = 0, clientId = 'stand-in-client', clientSecret = 'stand-in-secret' } = {}): Promise<XeroStandIn> {
  const codes = new Map<string, { redirectUri: string }>();
  const accessTokens = new Map<string, { valid: boolean }>();
  const refreshTokens = new Set<string>();
  const idempotent = new Map<string, { status: number; body: unknown }>();
  let tooManyRequests = { retryAfterSeconds: 0, times: 0 };

  const standIn = {
    tenants: [
      { tenantId: randomUUID(), tenantName: 'Demo Company (AU)' },
      { tenantId: randomUUID(), tenantName: 'Grain Growers Mutual (old file)' },
    ],
    calls: [] as StandInCall[],
    tokenRequests: [] as { grantType: string }[],
    contacts: [] as XeroStandIn['contacts'],
    invoices: [] as XeroStandIn['invoices'],
    payments: [] as XeroStandIn['payments'],
  };

  function issueTokens() {
    const access = randomBytes(24).toString('base64url');
    const refresh = randomBytes(24).toString('base64url');
    accessTokens.set(access, { valid: true });
    refreshTokens.add(refresh);
    return { access_token: access, expires_in: 1800, token_type: 'Bearer', refresh_token: refresh, scope: 'offline_access accounting.transactions accounting.contacts' };
  }

  async function identity(req: IncomingMessage, res: ServerResponse, url: URL, base: string): Promise<void> {
    const path = url.pathname.slice('/identity'.length);
    if (req.method === 'GET' && path === '/.well-known/openid-configuration') {
      return send(res, 200, {
        issuer: base,
        authorization_endpoint: `${base}/connect/authorize`,
        token_endpoint: `${base}/connect/token`,
        revocation_endpoint: `${base}/connect/revocation`,
        token_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post'],
        response_types_supported: ['code'],
        grant_types_supported: ['authorization_code', 'refresh_token'],
      });
    }
    if (req.method === 'GET' && path === '/connect/authorize') {
      // Xero shows its sign-in and consent pages here; the stand-in consents at once.
      const redirectUri = url.searchParams.get('redirect_uri') ?? '';
      if (url.searchParams.get('client_id') !== clientId || !redirectUri) return send(res, 400, { error: 'unauthorized_client' });
      const code = randomBytes(16).toString('base64url');
      codes.set(code, { redirectUri });
      const target = new URL(redirectUri);
      target.searchParams.set('code', code);
      target.searchParams.set('scope', url.searchParams.get('scope') ?? '');
      const state = url.searchParams.get('state');
      if (state) target.searchParams.set('state', state);
      res.writeHead(302, { location: target.toString() });
      return void res.end();
    }
    if (req.method === 'POST' && path === '/connect/token') {
      const form = new URLSearchParams(await readBody(req));
      const basic = /^Basic (.+)$/.exec(req.headers.authorization ?? '')?.[1];
      const [id, secret] = basic ? Buffer.from(basic, 'base64').toString('utf8').split(':').map(decodeURIComponent) : [form.get('client_id'), form.get('client_secret')];
      if (id !== clientId || secret !== clientSecret) return send(res, 400, { error: 'invalid_client' });
      const grantType = form.get('grant_type') ?? '';
      standIn.tokenRequests.push({ grantType });
      if (grantType === 'authorization_code') {
        const code = codes.get(form.get('code') ?? '');
        if (!code || code.redirectUri !== form.get('redirect_uri')) return send(res, 400, { error: 'invalid_grant' });
        codes.delete(form.get('code')!);
        return send(res, 200, issueTokens());
      }
      if (grantType === 'refresh_token') {
        // Xero's refresh tokens are single use: each refresh answers a new one.
        const refresh = form.get('refresh_token') ?? '';
        if (!refreshTokens.delete(refresh)) return send(res, 400, { error: 'invalid_grant' });
        return send(res, 200, issueTokens());
      }
      return send(res, 400, { error: 'unsupported_grant_type' });
    }
    if (req.method === 'POST' && path === '/connect/revocation') return send(res, 200, {});
    return send(res, 404, { error: 'not_found' });
  }

  async function api(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
    const text = await readBody(req);
    const body: unknown = text ? JSON.parse(text) : null;
    const tenantId = (req.headers['xero-tenant-id'] as string | undefined) ?? null;
    const idempotencyKey = (req.headers['idempotency-key'] as string | undefined) ?? null;
    const call: StandInCall = { method: req.method ?? '', path: url.pathname.slice('/api'.length), tenantId, idempotencyKey, body, status: 0 };
    standIn.calls.push(call);
    const answer = (status: number, payload: unknown, headers: Record<string, string> = {}) => {
      call.status = status;
      send(res, status, payload, headers);
    };

    const token = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1] ?? '';
    if (!accessTokens.get(token)?.valid) {
      return answer(401, { Type: null, Title: 'Unauthorized', Status: 401, Detail: 'TokenExpired: token expired at 01/01/2026 00:00:00' }, { 'www-authenticate': 'Bearer error="invalid_token"' });
    }
    if (tooManyRequests.times > 0) {
      tooManyRequests.times -= 1;
      return answer(429, { Title: 'Too Many Requests', Status: 429, Detail: 'Rate limit exceeded' }, { 'retry-after': String(tooManyRequests.retryAfterSeconds), 'x-rate-limit-problem': 'minute' });
    }
    if (req.method === 'GET' && call.path === '/connections') {
      const now = new Date().toISOString();
      return answer(
        200,
        standIn.tenants.map((tenant) => ({
          id: randomUUID(),
          authEventId: randomUUID(),
          tenantId: tenant.tenantId,
          tenantType: 'ORGANISATION',
          tenantName: tenant.tenantName,
          createdDateUtc: now,
          updatedDateUtc: now,
        })),
      );
    }
    if (!tenantId || !standIn.tenants.some((tenant) => tenant.tenantId === tenantId)) {
      return answer(403, { Type: null, Title: 'Forbidden', Status: 403, Detail: 'AuthenticationUnsuccessful' });
    }
    const remembered = idempotencyKey ? idempotent.get(`${call.path}:${idempotencyKey}`) : undefined;
    if (remembered) return answer(remembered.status, remembered.body);

    const respond = (status: number, payload: unknown) => {
      if (idempotencyKey) idempotent.set(`${call.path}:${idempotencyKey}`, { status, body: payload });
      answer(status, payload);
    };
    const envelope = (key: string, items: unknown[]) => ({ Id: randomUUID(), Status: 'OK', ProviderName: 'Grain Growers Mutual', DateTimeUTC: `/Date(${Date.now()})/`, [key]: items });

    if (req.method === 'PUT' && call.path === '/api.xro/2.0/Contacts') {
      const created = [];
      for (const contact of (body as { Contacts?: { Name?: string; EmailAddress?: string; ContactNumber?: string }[] })?.Contacts ?? []) {
        if (!contact.Name) return (validationError(res, ['The contact name must be specified.'], contact), void (call.status = 400));
        if (standIn.contacts.some((existing) => existing.tenantId === tenantId && existing.Name === contact.Name)) {
          call.status = 400;
          return validationError(res, [`The contact name ${contact.Name} is already assigned to another contact. The contact name must be unique across all active contacts.`], contact);
        }
        const stored = { ContactID: randomUUID(), Name: contact.Name, EmailAddress: contact.EmailAddress, ContactNumber: contact.ContactNumber, tenantId };
        standIn.contacts.push(stored);
        created.push({ ContactID: stored.ContactID, ContactStatus: 'ACTIVE', Name: stored.Name, EmailAddress: stored.EmailAddress, ContactNumber: stored.ContactNumber });
      }
      return respond(200, envelope('Contacts', created));
    }

    if (req.method === 'PUT' && call.path === '/api.xro/2.0/Invoices') {
      const created = [];
      for (const invoice of (body as { Invoices?: Partial<StandInInvoice>[] })?.Invoices ?? []) {
        const errors: string[] = [];
        let contact = standIn.contacts.find((existing) => existing.tenantId === tenantId && existing.ContactID === invoice.Contact?.ContactID);
        if (!contact && !invoice.Contact?.ContactID && invoice.Contact?.Name) {
          // Xero matches a contact by name on an invoice, or creates it.
          contact = standIn.contacts.find((existing) => existing.tenantId === tenantId && existing.Name === invoice.Contact?.Name);
          if (!contact) standIn.contacts.push((contact = { ContactID: randomUUID(), Name: invoice.Contact.Name, tenantId }));
        }
        if (!contact) errors.push('The contact could not be found.');
        if (invoice.Type !== 'ACCREC' && invoice.Type !== 'ACCPAY') errors.push('Invoice type must be ACCREC or ACCPAY.');
        if (invoice.InvoiceNumber && standIn.invoices.some((existing) => existing.tenantId === tenantId && existing.InvoiceNumber === invoice.InvoiceNumber)) errors.push('Invoice # must be unique.');
        if (!invoice.LineItems?.length) errors.push('At least one line item is required.');
        for (const line of invoice.LineItems ?? []) {
          if (!line.AccountCode) errors.push('Account code must be specified.');
          if (line.TaxType !== 'OUTPUT' && line.TaxType !== 'EXEMPTOUTPUT') errors.push(`The TaxType code ${line.TaxType} does not exist or cannot be used for this type of transaction.`);
        }
        if (errors.length) return (validationError(res, errors, invoice), void (call.status = 400));
        const lines: LineItem[] = invoice.LineItems!.map((line) => {
          const lineAmount = round2((line.Quantity ?? 1) * line.UnitAmount);
          // TaxAmount may be given to override Xero's own 10% (the API documentation's 'can be overridden').
          return { ...line, Quantity: line.Quantity ?? 1, LineAmount: lineAmount, TaxAmount: line.TaxAmount ?? round2(line.TaxType === 'OUTPUT' ? lineAmount * 0.1 : 0) };
        });
        const subTotal = round2(lines.reduce((sum, line) => sum + line.LineAmount, 0));
        const totalTax = round2(lines.reduce((sum, line) => sum + line.TaxAmount, 0));
        const stored = {
          InvoiceID: randomUUID(),
          InvoiceNumber: invoice.InvoiceNumber ?? `INV-${standIn.invoices.length + 1}`,
          Type: invoice.Type!,
          Status: invoice.Status ?? 'DRAFT',
          Reference: invoice.Reference,
          Date: invoice.Date,
          DueDate: invoice.DueDate,
          LineAmountTypes: invoice.LineAmountTypes ?? 'Exclusive',
          Contact: { ContactID: contact!.ContactID, Name: contact!.Name },
          LineItems: lines,
          SubTotal: subTotal,
          TotalTax: totalTax,
          Total: round2(subTotal + totalTax),
          AmountDue: round2(subTotal + totalTax),
          AmountPaid: 0,
          CurrencyCode: 'AUD' as const,
          tenantId,
        };
        standIn.invoices.push(stored);
        const { tenantId: _tenant, ...shown } = stored;
        created.push({ ...shown, Date: stored.Date && msDate(stored.Date), DueDate: stored.DueDate && msDate(stored.DueDate), DateString: stored.Date && `${stored.Date}T00:00:00` });
      }
      return respond(200, envelope('Invoices', created));
    }

    // PUT or POST, with { Payments: [...] } or one payment (the SDK's createPayment POSTs one).
    if ((req.method === 'PUT' || req.method === 'POST') && call.path === '/api.xro/2.0/Payments') {
      const created = [];
      const sent = body as { Payments?: XeroStandIn['payments'] } & XeroStandIn['payments'][number];
      for (const payment of sent.Payments ?? [sent]) {
        const invoice = standIn.invoices.find((existing) => existing.tenantId === tenantId && existing.InvoiceID === payment.Invoice?.InvoiceID);
        const errors: string[] = [];
        if (!invoice) errors.push('Invoice could not be found.');
        else if (invoice.Status !== 'AUTHORISED') errors.push('Payment can only be made against Authorised documents.');
        else if (payment.Amount > invoice.AmountDue) errors.push('Payment amount exceeds the amount outstanding on this document.');
        if (!payment.Account?.Code) errors.push('Account could not be found.');
        if (errors.length) return (validationError(res, errors, payment), void (call.status = 400));
        invoice!.AmountPaid = round2(invoice!.AmountPaid + payment.Amount);
        invoice!.AmountDue = round2(invoice!.AmountDue - payment.Amount);
        if (invoice!.AmountDue === 0) invoice!.Status = 'PAID';
        const stored = {
          PaymentID: randomUUID(),
          Amount: payment.Amount,
          Date: payment.Date,
          Reference: payment.Reference,
          Status: 'AUTHORISED' as const,
          Invoice: { InvoiceID: invoice!.InvoiceID },
          Account: { Code: payment.Account.Code },
          tenantId,
        };
        standIn.payments.push(stored);
        created.push({
          PaymentID: stored.PaymentID,
          Amount: stored.Amount,
          Date: msDate(stored.Date),
          Reference: stored.Reference,
          Status: 'AUTHORISED',
          PaymentType: 'ACCRECPAYMENT',
          Invoice: { InvoiceID: invoice!.InvoiceID, InvoiceNumber: invoice!.InvoiceNumber },
          Account: stored.Account,
        });
      }
      return respond(200, envelope('Payments', created));
    }
    // Deleting a payment: POST Payments/{PaymentID} with { Status: 'DELETED' } (Xero's 'Deleting
    // payments'). The invoice's amount due goes back up, and a paid invoice is AUTHORISED again.
    const paymentPath = /^\/api\.xro\/2\.0\/Payments\/([0-9a-f-]+)$/i.exec(call.path);
    if (req.method === 'POST' && paymentPath) {
      const payment = standIn.payments.find((existing) => existing.tenantId === tenantId && existing.PaymentID === paymentPath[1]);
      if (!payment) return answer(404, { Type: null, Title: 'Not Found', Status: 404, Detail: `The payment ${paymentPath[1]} was not found` });
      const errors: string[] = [];
      if ((body as { Status?: string } | null)?.Status !== 'DELETED') errors.push('Status must be DELETED to delete a payment.');
      if (payment.Status === 'DELETED') errors.push('This payment has already been deleted.');
      if (errors.length) return (validationError(res, errors, { PaymentID: payment.PaymentID }), void (call.status = 400));
      payment.Status = 'DELETED';
      const invoice = standIn.invoices.find((existing) => existing.tenantId === tenantId && existing.InvoiceID === payment.Invoice.InvoiceID);
      if (invoice) {
        invoice.AmountPaid = round2(invoice.AmountPaid - payment.Amount);
        invoice.AmountDue = round2(invoice.AmountDue + payment.Amount);
        if (invoice.Status === 'PAID') invoice.Status = 'AUTHORISED';
      }
      return respond(
        200,
        envelope('Payments', [
          { PaymentID: payment.PaymentID, Amount: payment.Amount, Date: msDate(payment.Date), Reference: payment.Reference, Status: 'DELETED', PaymentType: 'ACCRECPAYMENT', Invoice: payment.Invoice },
        ]),
      );
    }
    return answer(404, { Type: null, Title: 'Not Found', Status: 404, Detail: `The resource ${call.path} was not found` });
  }

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://stand-in');
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const route = url.pathname.startsWith('/identity') ? identity(req, res, url, `${base}/identity`) : url.pathname.startsWith('/api') ? api(req, res, url) : Promise.resolve(send(res, 404, {}));
    route.catch((error: unknown) => send(res, 500, { Title: 'Stand-in error', Detail: String(error) }));
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return Object.assign(standIn, {
    identityUrl: `${base}/identity`,
    apiUrl: `${base}/api`,
    answerTooManyRequests(retryAfterSeconds: number, times = 1) {
      tooManyRequests = { retryAfterSeconds, times };
    },
    expireAccessTokens() {
      for (const token of accessTokens.values()) token.valid = false;
    },
    revokeRefreshTokens() {
      refreshTokens.clear();
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  });
}
