import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERRORS_PAGE_SIZE } from '@shared/contracts/admin-insights';
import { IDEMPOTENCY_KEY_HEADER, IDEMPOTENT_REPLAYED_HEADER } from '@shared/contracts/idempotency-headers';
import { MAX_DOCUMENT_BYTES } from '@shared/domain/public-site/corporate-documents';
import { csrfAgent, createTestUser, signedInAgent, type TestAgent } from '../../testing/accounts';
import { refuseWritesOf } from '../../testing/refuse-writes';
import { createTestApp, type TestApp } from '../../testing/test-app';

let testApp: TestApp;
let admin: TestAgent;
let member: TestAgent;
let visitor: TestAgent;

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

const report = (fingerprint: string, timestamp: string, overrides: Record<string, unknown> = {}) => ({
  id: `client-${Math.random().toString(36).slice(2)}`,
  type: 'javascript',
  message: `Failure of ${fingerprint}`,
  stack: `Error: Failure\n    at render (https://site/assets/${fingerprint}.js:1:2)`,
  url: 'https://site/quote',
  userAgent: 'Mozilla/5.0 (Linux; Android 14) Chrome/126',
  timestamp,
  severity: 'medium',
  metadata: { path: '/quote' },
  fingerprint,
  ...overrides,
});

const event = (name: string, timestamp: string) => ({ event: name, timestamp, properties: { path: '/' } });

beforeAll(async () => {
  testApp = await createTestApp();
  await createTestUser(testApp.db, { email: 'admin@example.com', isAdmin: true });
  await createTestUser(testApp.db, { email: 'member@example.com' });
  admin = await signedInAgent(testApp.app, 'admin@example.com');
  member = await signedInAgent(testApp.app, 'member@example.com');
  visitor = await csrfAgent(testApp.app);
  const sent = await visitor.post('/api/errors/track').send({
    errors: [
      report('javascript-aaaaaaaaaaaaaaaa', '2025-09-01T01:00:00.000Z'),
      report('javascript-aaaaaaaaaaaaaaaa', '2025-09-02T01:00:00.000Z', { message: 'Newest failure', severity: 'high' }),
      report('javascript-aaaaaaaaaaaaaaaa', '2025-08-30T01:00:00.000Z'),
      report('api-bbbbbbbbbbbbbbbb', '2025-09-01T05:00:00.000Z', { type: 'api', severity: 'critical', stack: null }),
      report('react-cccccccccccccccc', '2025-08-01T05:00:00.000Z', { type: 'react', severity: 'low' }),
    ],
  });
  expect(sent.status).toBe(202);
  const events = await visitor.post('/api/analytics/events').send({
    events: [
      // 15:59 UTC is still 1 September in Perth; 16:00 UTC is 2 September.
      event('page_view', '2025-09-01T15:59:00.000Z'),
      event('page_view', '2025-09-01T16:00:00.000Z'),
      event('page_view', '2025-09-02T03:00:00.000Z'),
      event('quote_cta.clicked', '2025-09-02T03:00:01.000Z'),
      event('page_view', '2025-10-15T03:00:00.000Z'),
    ],
  });
  expect(events.status).toBe(202);
});
afterAll(async () => {
  await testApp.close();
});

describe('who may call the admin insights API', () => {
  it.each([
    ['get', '/api/admin/errors'],
    ['get', '/api/admin/errors/javascript-aaaaaaaaaaaaaaaa'],
    ['get', '/api/admin/analytics/summary'],
    ['get', '/api/admin/corporate-documents'],
    ['post', '/api/admin/corporate-documents'],
    ['put', '/api/admin/corporate-documents/order'],
    ['patch', '/api/admin/corporate-documents/any'],
    ['delete', '/api/admin/corporate-documents/any'],
  ] as const)('%s %s: 401 for a visitor, 403 for a member', async (method, path) => {
    expect((await visitor[method](path).send({})).status).toBe(401);
    const refused = await member[method](path).send({});
    expect(refused.status).toBe(403);
  });
});

describe('GET /api/admin/errors', () => {
  it('groups reports by fingerprint, the most recently seen first, with the newest report as the sample', async () => {
    const response = await admin.get('/api/admin/errors');
    expect(response.status).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.body).toMatchObject({ total: 3, page: 1, pageSize: ERRORS_PAGE_SIZE });
    expect(response.body.groups.map((group: { fingerprint: string }) => group.fingerprint)).toEqual(['javascript-aaaaaaaaaaaaaaaa', 'api-bbbbbbbbbbbbbbbb', 'react-cccccccccccccccc']);
    expect(response.body.groups[0]).toEqual({
      fingerprint: 'javascript-aaaaaaaaaaaaaaaa',
      count: 3,
      firstSeen: '2025-08-30T01:00:00.000Z',
      lastSeen: '2025-09-02T01:00:00.000Z',
      type: 'javascript',
      severity: 'high',
      message: 'Newest failure',
      stack: expect.stringContaining('at render'),
      url: 'https://site/quote',
      userAgent: expect.stringContaining('Android'),
    });
  });

  it('filters by the type and severity of the newest report and by the Perth days a group was seen, counting every report of a group', async () => {
    expect((await admin.get('/api/admin/errors?type=api')).body.groups.map((group: { fingerprint: string }) => group.fingerprint)).toEqual(['api-bbbbbbbbbbbbbbbb']);
    const severe = (await admin.get('/api/admin/errors?severity=high')).body;
    expect(severe.total).toBe(1);
    expect(severe.groups[0]).toMatchObject({ fingerprint: 'javascript-aaaaaaaaaaaaaaaa', count: 3 });
    expect((await admin.get('/api/admin/errors?severity=medium')).body.total).toBe(0);
    const dated = (await admin.get('/api/admin/errors?from=2025-09-01&to=2025-09-01&type=')).body;
    expect(dated.groups.map((group: { fingerprint: string; count: number }) => [group.fingerprint, group.count])).toEqual([
      ['javascript-aaaaaaaaaaaaaaaa', 3],
      ['api-bbbbbbbbbbbbbbbb', 1],
    ]);
    expect((await admin.get('/api/admin/errors?from=2025-08-02&to=2025-08-29')).body.total).toBe(0);
    expect((await admin.get('/api/admin/errors?page=2')).body).toMatchObject({ groups: [], total: 3, page: 2 });
  });

  it.each([
    ['type=fatal', 'type: must be one of javascript, react, api, custom'],
    ['severity=urgent', 'severity: must be one of low, medium, high, critical'],
    ['from=01/09/2025', 'from: must be a date written YYYY-MM-DD, e.g. 2025-09-01'],
    ['to=2025-02-30', 'to: must be a date written YYYY-MM-DD, e.g. 2025-09-01'],
    ['from=2025-09-02&to=2025-09-01', 'from: must be on or before to; swap the two dates'],
    ['page=0', 'page: must be a page number from 1'],
  ])('400 for %s, saying what to send', async (query, message) => {
    const response = await admin.get(`/api/admin/errors?${query}`);
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ error: 'validation_error', message });
  });
});

describe('GET /api/admin/errors/:fingerprint', () => {
  it("lists one group's reports, newest first", async () => {
    const response = await admin.get('/api/admin/errors/javascript-aaaaaaaaaaaaaaaa');
    expect(response.status).toBe(200);
    expect(response.body.group).toMatchObject({ count: 3, message: 'Newest failure' });
    expect(response.body.reportsKept).toBe(3);
    expect(response.body.reports.map((row: { occurredAt: string }) => row.occurredAt)).toEqual(['2025-09-02T01:00:00.000Z', '2025-09-01T01:00:00.000Z', '2025-08-30T01:00:00.000Z']);
    expect(response.body.reports[0]).toMatchObject({ severity: 'high', metadata: { path: '/quote' }, userId: null, clientId: expect.stringMatching(/^client-/) });
  });

  it('404 for a fingerprint with no reports, 400 for a bad page', async () => {
    expect((await admin.get('/api/admin/errors/javascript-0000000000000000')).status).toBe(404);
    expect((await admin.get('/api/admin/errors/javascript-aaaaaaaaaaaaaaaa?page=x')).body.message).toBe('page: must be a page number from 1');
  });

  it('answers an address no fingerprint can have with a 400 that says why', async () => {
    const response = await admin.get(`/api/admin/errors/${'x'.repeat(201)}`);
    expect(response.status).toBe(400);
    expect(response.body.message).toBe('fingerprint: A fingerprint has at most 200 characters');
  });
});

describe('GET /api/admin/analytics/summary', () => {
  it('counts an event per Perth day over the range, every day present, and the top events', async () => {
    const response = await admin.get('/api/admin/analytics/summary?from=2025-08-31&to=2025-09-03&event=page_view');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      from: '2025-08-31',
      to: '2025-09-03',
      event: 'page_view',
      total: 3,
      daily: [
        { day: '2025-08-31', count: 0 },
        { day: '2025-09-01', count: 1 },
        { day: '2025-09-02', count: 2 },
        { day: '2025-09-03', count: 0 },
      ],
      topEvents: [
        { event: 'page_view', count: 3 },
        { event: 'quote_cta.clicked', count: 1 },
      ],
    });
  });

  it('counts every event when none is chosen, and defaults to the last 30 days', async () => {
    const all = (await admin.get('/api/admin/analytics/summary?from=2025-09-01&to=2025-09-02')).body;
    expect(all).toMatchObject({ event: null, total: 4 });
    const recent = (await admin.get('/api/admin/analytics/summary')).body;
    expect(recent.daily).toHaveLength(30);
    expect(recent.to).toBe(new Intl.DateTimeFormat('en-CA', { timeZone: 'Australia/Perth' }).format(new Date()));
  });

  it.each([
    ['from=2025-9-1', 'from: must be a date written YYYY-MM-DD, e.g. 2025-09-01'],
    ['from=2025-09-02&to=2025-09-01', 'from: must be on or before to; swap the two dates'],
    ['from=2023-01-01&to=2025-01-01', 'from: must be at most 366 days before to; choose a shorter range'],
    ['event=page view', 'event: must be an event name of letters, digits and _ . : -'],
  ])('400 for %s, saying what to send', async (query, message) => {
    const response = await admin.get(`/api/admin/analytics/summary?${query}`);
    expect(response.status).toBe(400);
    expect(response.body.message).toBe(message);
  });
});

describe('corporate documents', () => {
  const upload = (title: string, file: Buffer, name = 'rules.pdf', type = 'application/pdf') =>
    admin.post('/api/admin/corporate-documents').field('title', title).field('description', 'For members').attach('file', file, { filename: name, contentType: type });

  it('uploads a PDF, which the public page then lists and serves, and records it in the audit log', async () => {
    const before = (await admin.get('/api/admin/corporate-documents')).body.documents as Array<{ sortOrder: number }>;
    const response = await upload('Hail Claims Guide', PDF, 'Hail claims guide (2025).pdf');
    expect(response.status).toBe(201);
    expect(response.body.document).toMatchObject({
      title: 'Hail Claims Guide',
      description: 'For members',
      fileName: 'Hail-claims-guide-2025.pdf',
      mimeType: 'application/pdf',
      sizeBytes: PDF.length,
      sortOrder: Math.max(...before.map((document) => document.sortOrder)) + 1,
    });
    const publicList = (await request(testApp.app).get('/api/corporate-documents')).body.documents as Array<{ title: string; downloadUrl: string }>;
    const listed = publicList.find((document) => document.title === 'Hail Claims Guide');
    expect(publicList.at(-1)?.title).toBe('Hail Claims Guide');
    const download = await request(testApp.app).get(listed!.downloadUrl).buffer(true);
    expect(Buffer.from(download.body as Buffer).equals(PDF)).toBe(true);
    const audit = await testApp.db.auditLog.findFirst({ where: { action: 'corporate_document.uploaded' } });
    expect(audit?.details).toMatchObject({ documentId: response.body.document.id, title: 'Hail Claims Guide' });
  });

  it('publishes a document once when Upload is pressed again after its answer was lost', async () => {
    const listed = async () => ((await request(testApp.app).get('/api/corporate-documents')).body.documents as Array<{ title: string }>).filter((document) => document.title === 'Storm Season Guide').length;
    const first = await upload('Storm Season Guide', PDF).set(IDEMPOTENCY_KEY_HEADER, 'document-upload-key-0001');
    const again = await upload('Storm Season Guide', PDF).set(IDEMPOTENCY_KEY_HEADER, 'document-upload-key-0001');
    expect([first.status, again.status]).toEqual([201, 201]);
    expect(again.headers[IDEMPOTENT_REPLAYED_HEADER.toLowerCase()]).toBe('true');
    expect(again.body.document.id).toBe(first.body.document.id);
    expect(await listed()).toBe(1);
  });

  it('refuses a file that is not a PDF whatever it is called (415), one over 10 MB (413), and a missing file or title (400)', async () => {
    const html = await upload('Sneaky', Buffer.from('<html><script>alert(1)</script></html>'), 'sneaky.pdf');
    expect(html.status).toBe(415);
    expect(html.body.message).toBe('Only PDF documents can be published; “sneaky.pdf” is not a PDF.');
    const large = await upload('Large', Buffer.concat([PDF, Buffer.alloc(MAX_DOCUMENT_BYTES)]));
    expect(large.status).toBe(413);
    expect(large.body.message).toBe('Documents are limited to 10 MB; make the PDF smaller and upload it again.');
    const missing = await admin.post('/api/admin/corporate-documents').field('title', 'No file');
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe('Choose a PDF file to upload, sent in the field named file.');
    const untitled = await upload('  ', PDF);
    expect(untitled.status).toBe(400);
    expect(untitled.body.message).toBe('title: Please give the document a title.');
  });

  it('renames and describes a document', async () => {
    const [first] = (await admin.get('/api/admin/corporate-documents')).body.documents as Array<{ id: string }>;
    const response = await admin.patch(`/api/admin/corporate-documents/${first!.id}`).send({ title: 'Constitution (2025)', description: 'As amended at the 2025 AGM.' });
    expect(response.status).toBe(200);
    expect(response.body.document).toMatchObject({ title: 'Constitution (2025)', description: 'As amended at the 2025 AGM.' });
    expect((await admin.patch(`/api/admin/corporate-documents/${first!.id}`).send({})).body.message).toBe('Send a title, a description or both.');
    expect((await admin.patch('/api/admin/corporate-documents/none').send({ title: 'x' })).status).toBe(404);
  });

  it('reorders the documents as the public page lists them, refusing a stale list', async () => {
    const ids = ((await admin.get('/api/admin/corporate-documents')).body.documents as Array<{ id: string }>).map((document) => document.id);
    const reversed = [...ids].reverse();
    const response = await admin.put('/api/admin/corporate-documents/order').send({ ids: reversed });
    expect(response.status).toBe(200);
    expect(response.body.documents.map((document: { id: string }) => document.id)).toEqual(reversed);
    const publicIds = ((await request(testApp.app).get('/api/corporate-documents')).body.documents as Array<{ id: string }>).map((document) => document.id);
    expect(publicIds).toEqual(reversed);
    const stale = await admin.put('/api/admin/corporate-documents/order').send({ ids: reversed.slice(1) });
    expect(stale.status).toBe(409);
    expect((await admin.put('/api/admin/corporate-documents/order').send({})).body.message).toBe('ids: Send ids, the list of every document id in the new order.');
  });

  it('publishes, renames, reorders and deletes nothing the audit log cannot record', async () => {
    const publicList = async () => ((await request(testApp.app).get('/api/corporate-documents')).body.documents as Array<{ id: string; title: string }>).map(({ id, title }) => ({ id, title }));
    const kept = await upload('Annual Report 2025', PDF).expect(201);
    const id = kept.body.document.id as string;
    const before = await publicList();
    const lift = await refuseWritesOf(testApp.db, testApp.env.DATABASE_URL, 'AuditLog', 'INSERT');
    try {
      const refused = [
        await upload('Unaudited notice', PDF),
        await admin.patch(`/api/admin/corporate-documents/${id}`).send({ title: 'Renamed unaudited' }),
        await admin.put('/api/admin/corporate-documents/order').send({ ids: before.map((document) => document.id).reverse() }),
        await admin.delete(`/api/admin/corporate-documents/${id}`),
      ];
      expect(refused.map((answer) => answer.status)).toEqual([500, 500, 500, 500]);
    } finally {
      await lift();
    }
    expect(await publicList()).toEqual(before);
  });

  it('deletes a document from the public list, and audits it', async () => {
    const created = (await upload('Temporary notice', PDF)).body.document as { id: string; downloadUrl: string };
    const response = await admin.delete(`/api/admin/corporate-documents/${created.id}`);
    expect(response.status).toBe(204);
    expect((await request(testApp.app).get(created.downloadUrl)).status).toBe(404);
    expect((await admin.delete(`/api/admin/corporate-documents/${created.id}`)).status).toBe(404);
    expect(await testApp.db.auditLog.count({ where: { action: 'corporate_document.deleted' } })).toBe(1);
  });
});
