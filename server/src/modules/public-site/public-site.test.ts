import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refuseWritesOf } from '../../testing/refuse-writes';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { binaryBody } from '../../testing/binary-body';

let testApp: TestApp;
const origin = 'http://127.0.0.1';
const post = (path: string) => request(testApp.app).post(path).set('Origin', origin).set('Sec-Fetch-Site', 'same-origin');

const outbox = () => (existsSync(testApp.env.MAIL_OUTBOX_DIR) ? readdirSync(testApp.env.MAIL_OUTBOX_DIR).map((file) => readFileSync(join(testApp.env.MAIL_OUTBOX_DIR, file), 'utf8')) : []);

const contact = { type: 'contact', name: 'Jan Mackie', email: 'jan@mackiefarms.example', phone: '', message: 'What does hail protection cost for 1,200 ha of wheat near Dalwallinu?', website: '' };

beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(async () => {
  await testApp.close();
});

describe('POST /api/form-submissions', () => {
  it('stores a genuine message, unread, and e-mails staff a copy', async () => {
    const response = await post('/api/form-submissions').send(contact);
    expect(response.status).toBe(201);
    expect(response.body).toEqual({ success: true });
    const stored = await testApp.db.formSubmission.findFirst({ where: { email: 'jan@mackiefarms.example' } });
    expect(stored).toMatchObject({ type: 'contact', name: 'Jan Mackie', phone: null, isSpam: false, isRead: false, message: contact.message });
    // The copy goes through the mail queue, just after the answer.
    await expect.poll(() => outbox().find((text) => text.includes('Contact message: Jan Mackie'))).toBeDefined();
    const mail = outbox().find((text) => text.includes('Contact message: Jan Mackie'));
    expect(mail).toContain(`To: ${testApp.env.STAFF_EMAIL}`);
    expect(mail).toContain('Reply-To: jan@mackiefarms.example');
    expect(mail).toContain('1,200 ha of wheat near Dalwallinu');
  });

  it('answers a filled spam trap like a success, stores it as spam and read, and e-mails nobody', async () => {
    const mailsBefore = outbox().length;
    const response = await post('/api/form-submissions').send({ ...contact, name: 'Bot', email: 'bot@spam.example', website: 'https://cheap-pills.example' });
    expect(response.status).toBe(201);
    expect(response.body).toEqual({ success: true });
    expect(await testApp.db.formSubmission.findFirst({ where: { email: 'bot@spam.example' } })).toMatchObject({ isSpam: true, isRead: true });
    expect(outbox().length).toBe(mailsBefore);
  });

  it('stores a register-interest entry with its phone number', async () => {
    const response = await post('/api/form-submissions').send({ type: 'register', name: 'Priya Rao', email: 'priya@example.com', phone: '0412 345 678', message: 'Shire: Esperance', website: '' });
    expect(response.status).toBe(201);
    expect(await testApp.db.formSubmission.findFirst({ where: { email: 'priya@example.com' } })).toMatchObject({ type: 'register', phone: '0412 345 678' });
  });

  it.each([
    [{ name: '' }, 'Please enter your name.'],
    [{ email: '' }, 'Please enter your email address.'],
    [{ email: 'not-an-address' }, 'Please enter a valid email address.'],
    [{ message: '   ' }, 'Please enter a message.'],
    [{ type: 'newsletter' }, 'Please choose what kind of message this is.'],
    [{ name: 'Line\nbreak' }, 'Please remove line breaks and special characters.'],
  ])('answers 400 with error naming the field for %o', async (change, sentence) => {
    const response = await post('/api/form-submissions').send({ ...contact, ...change });
    expect(response.status).toBe(400);
    expect(response.body.error).toBe(sentence);
    expect(response.body.message).toBe(sentence);
    expect(response.body.issues[0].message).toBe(sentence);
  });

  it('answers a missing body with a sentence too', async () => {
    const response = await post('/api/form-submissions').send({});
    expect(response.status).toBe(400);
    expect(response.body.error).toMatch(/^Please /);
  });
});

describe('rate limit per address', () => {
  it('answers 429 with Retry-After and a sentence after 10 submissions in 10 minutes', async () => {
    const limited = await createTestApp();
    try {
      const send = () =>
        request(limited.app)
          .post('/api/form-submissions')
          .set('Origin', origin)
          .set('Sec-Fetch-Site', 'same-origin')
          .send({ ...contact, email: 'flood@example.com' });
      for (let index = 0; index < 10; index += 1) expect((await send()).status).toBe(201);
      const response = await send();
      expect(response.status).toBe(429);
      expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
      expect(response.body.error).toMatch(/^You have sent several messages in a short time; .* Please try again in \d+ minutes?\.$/);
      expect(await limited.db.formSubmission.count({ where: { email: 'flood@example.com' } })).toBe(10);
    } finally {
      await limited.close();
    }
  });
});

const errorReport = (overrides: Record<string, unknown> = {}) => ({
  id: 'c0ffee00-0000-4000-8000-000000000001',
  type: 'javascript',
  message: "Cannot read properties of undefined (reading 'hectares')",
  stack: 'TypeError: x\n    at render (http://localhost/assets/home.js:1:2)',
  url: 'http://localhost/our-product',
  userAgent: 'Mozilla/5.0',
  timestamp: '2026-10-01T03:04:05.000Z',
  severity: 'high',
  metadata: { component: 'Hero' },
  fingerprint: 'javascript-0123456789abcdef',
  userId: null,
  sessionId: 'tab-1',
  ...overrides,
});

describe('POST /api/errors/track', () => {
  it('stores each report with its id and fingerprint', async () => {
    const response = await post('/api/errors/track').send({ errors: [errorReport(), errorReport({ id: 'second', type: 'api', severity: 'critical', metadata: { status: 500 } })] });
    expect(response.status).toBe(202);
    expect(response.body).toEqual({ accepted: 2 });
    const rows = await testApp.db.errorReport.findMany({ where: { fingerprint: 'javascript-0123456789abcdef' }, orderBy: { clientId: 'asc' } });
    expect(rows.map((row) => [row.clientId, row.type, row.severity])).toEqual([
      ['c0ffee00-0000-4000-8000-000000000001', 'javascript', 'high'],
      ['second', 'api', 'critical'],
    ]);
    expect(rows[1]?.metadata).toEqual({ status: 500 });
    expect(rows[0]?.occurredAt.toISOString()).toBe('2026-10-01T03:04:05.000Z');
  });

  it.each([
    ['no errors', { errors: [] }],
    ['an unknown type', { errors: [errorReport({ type: 'fatal' })] }],
    ['no fingerprint', { errors: [errorReport({ fingerprint: '' })] }],
    ['a huge message', { errors: [errorReport({ message: 'x'.repeat(2_001) })] }],
    ['huge metadata', { errors: [errorReport({ metadata: { blob: 'x'.repeat(9_000) } })] }],
    ['too many reports', { errors: Array.from({ length: 101 }, (_, index) => errorReport({ id: `r${index}` })) }],
  ])('refuses %s with 400', async (_label, body) => {
    const response = await post('/api/errors/track').send(body);
    expect(response.status).toBe(400);
    expect(response.body.error).toBe('validation_error');
  });

  it('refuses an oversized body with 413', async () => {
    const response = await post('/api/errors/track').send({ errors: [errorReport()], padding: 'x'.repeat(600_000) });
    expect(response.status).toBe(413);
  });
});

describe('POST /api/analytics/events', () => {
  it('stores events', async () => {
    const events = [
      { event: 'page_view', timestamp: '2026-10-01T03:04:05.000Z', properties: { path: '/faq' }, sessionId: 'tab-1' },
      { event: 'contact_form.sent', timestamp: '2026-10-01T03:04:06.000Z', properties: {} },
    ];
    const response = await post('/api/analytics/events').send({ events });
    expect(response.status).toBe(202);
    expect(response.body).toEqual({ accepted: 2 });
    expect(await testApp.db.analyticsEvent.count({ where: { event: { in: ['page_view', 'contact_form.sent'] } } })).toBe(2);
  });

  it('refuses a badly named event', async () => {
    const response = await post('/api/analytics/events').send({ events: [{ event: '<script>', timestamp: '2026-10-01T03:04:05.000Z', properties: {} }] });
    expect(response.status).toBe(400);
  });
});

describe('corporate documents and site information', () => {
  it('lists the seeded documents and downloads each as a PDF', async () => {
    const list = await request(testApp.app).get('/api/corporate-documents');
    expect(list.status).toBe(200);
    expect(list.body.documents.map((document: { title: string }) => document.title)).toEqual(['Constitution', 'Protection Rules', 'Annual Report 2024–25', 'Complaints and Disputes Policy']);
    const first = list.body.documents[0];
    const download = await request(testApp.app).get(first.downloadUrl).buffer(true).parse(binaryBody);
    expect(download.status).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.headers['content-disposition']).toBe('attachment; filename="grain-growers-mutual-constitution.pdf"');
    const bytes = download.body as Buffer;
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    expect(bytes.length).toBe(first.sizeBytes);
  });

  it('seeds only a new installation', async () => {
    const { seedCorporateDocuments } = await import('./corporate-documents.seed');
    await seedCorporateDocuments(testApp.db);
    expect(await testApp.db.corporateDocument.count()).toBe(4);
  });

  it('answers 404 for an unknown document', async () => {
    const response = await request(testApp.app).get('/api/corporate-documents/nope/download');
    expect(response.status).toBe(404);
    expect(response.body.error).toBe('document_not_found');
  });

  it('gives the configured registration numbers', async () => {
    const response = await request(testApp.app).get('/api/site-info');
    expect(response.body).toEqual({ legalName: 'Grain Growers Mutual Limited', abn: '51 824 753 556', acn: '000 000 019' });
  });
});

it('keeps a contact message and staff’s copy of it together: when the copy cannot be queued, the message is not kept either, and the sender is not told it was sent', async () => {
  // An app of its own: the tests above have used this address's contact limit.
  const own = await createTestApp();
  const lift = await refuseWritesOf(own.db, own.env.DATABASE_URL, 'QueuedEmail', 'INSERT');
  try {
    const response = await request(own.app)
      .post('/api/form-submissions')
      .set('Origin', origin)
      .set('Sec-Fetch-Site', 'same-origin')
      .send({ ...contact, email: 'together@example.com' });
    expect(response.status).toBe(500);
  } finally {
    await lift();
  }
  expect(await own.db.formSubmission.count({ where: { email: 'together@example.com' } })).toBe(0);
  await own.close();
});
