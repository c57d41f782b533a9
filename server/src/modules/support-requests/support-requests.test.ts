import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { supportRequestDetailResponseSchema, supportRequestListResponseSchema, memberSupportRequestsResponseSchema } from '@shared/contracts/support-requests';
import { waitForEmailTo } from '../../testing/accounts';
import { createDashboardWorld, jpegWithExif } from '../../testing/dashboard-fixtures';
import { supportRequestsOfUser } from './support-requests.service';
import { linesOfCsv } from '../../testing/csv-file';

let world: Awaited<ReturnType<typeof createDashboardWorld>>;
const perth = (text: string) => new Date(`${text}+08:00`);
const visitor = () => ({
  post: (path: string) => request(world.t.app).post(path).set('Origin', 'http://127.0.0.1').set('Sec-Fetch-Site', 'same-origin'),
});
const queue = async (query = '') => supportRequestListResponseSchema.parse((await world.agents.admin.get(`/api/admin/support-requests${query}`).expect(200)).body);
const detail = async (id: string) => supportRequestDetailResponseSchema.parse((await world.agents.admin.get(`/api/admin/support-requests/${id}`).expect(200)).body).request;

beforeAll(async () => {
  world = await createDashboardWorld();
});
afterAll(async () => {
  await world.t.close();
});

describe('requests arrive from every door', () => {
  it('opens one for a callback request, linked to the member who asked signed in', async () => {
    const response = await world.agents.member.post('/api/callbacks/request').send({
      reason: 'Questions about my estimate',
      timePreference: 'Morning',
      customTime: 'before 10',
      description: 'Can canola be covered?',
      userInfo: { email: 'Grower@Example.com', firstName: 'Jo', lastName: 'Grower', phone: '0412 345 678' },
    });
    expect(response.status).toBe(201);
    const row = await world.t.db.supportRequest.findUniqueOrThrow({ where: { callbackRequestId: response.body.id } });
    expect(row).toMatchObject({
      source: 'callback',
      status: 'new',
      subject: 'Call back: Questions about my estimate',
      body: 'Please call 0412 345 678. Preferred time: Morning (before 10).\n\nCan canola be covered?',
      name: 'Jo Grower',
      phone: '0412 345 678',
      userId: world.users.member.id,
    });
  });

  it('opens one for a genuine contact message, never for spam or a registration of interest', async () => {
    const contact = { type: 'contact', name: 'Jan Mackie', email: 'jan@mackiefarms.example', phone: '', message: 'What does hail protection cost near Dalwallinu?\nWe crop 1,200 ha.', website: '' };
    await visitor().post('/api/form-submissions').send(contact).expect(201);
    await visitor()
      .post('/api/form-submissions')
      .send({ ...contact, email: 'bot@spam.example', website: 'https://cheap.example' })
      .expect(201);
    await visitor()
      .post('/api/form-submissions')
      .send({ ...contact, type: 'register', email: 'priya@example.com' })
      .expect(201);
    const rows = await world.t.db.supportRequest.findMany({ where: { source: 'contact' } });
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ subject: 'What does hail protection cost near Dalwallinu?', email: 'jan@mackiefarms.example', userId: null, phone: null });
  });

  it('opens one when the member answers a claim with information requested, and adds their next message to it', async () => {
    const lodged = await world.lodge(world.agents.member, world.claimFields(), [{ bytes: jpegWithExif(), name: 'hail.jpg' }]).expect(201);
    const claimId = lodged.body.claim.id as string;
    await world.agents.member.post(`/api/claims/${claimId}/messages`).send({ body: 'Before any request: nothing for the queue.' }).expect(201);
    await world.agents.admin.put(`/api/claims/${claimId}/status`).send({ status: 'information_requested', message: 'Please send the header yield records.' }).expect(200);
    await world.agents.member.post(`/api/claims/${claimId}/messages`).send({ body: 'Which season do you need?' }).expect(201);
    await world.agents.admin.post(`/api/claims/${claimId}/messages`).send({ body: 'This season, please.' }).expect(201);
    await world.agents.member.post(`/api/claims/${claimId}/messages`).send({ body: 'Attached them to my e-mail.' }).expect(201);
    const rows = await world.t.db.supportRequest.findMany({ where: { source: 'claim_information' }, include: { messages: true } });
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ subject: 'Claim CLM-2026-00001: information requested', body: 'Which season do you need?', claimId, userId: world.users.member.id, status: 'new' });
    expect(rows[0]!.messages.map((entry) => entry.body)).toEqual(['Attached them to my e-mail.']);
  });

  it("opens one from the dashboard's 'Ask for help' form, and refuses an empty subject with a sentence", async () => {
    const response = await world.agents.member.post('/api/support-requests').send({ topic: 'payment', subject: 'Pay by instalments?', message: 'Can I split the invoice over three months?' });
    expect(response.status).toBe(201);
    expect(response.body.request).toMatchObject({ source: 'help_form', status: 'new', subject: 'Invoices and payments: Pay by instalments?', messages: [] });
    const bad = await world.agents.member.post('/api/support-requests').send({ topic: 'payment', subject: ' ', message: 'x' });
    expect(bad.status).toBe(400);
    expect(bad.body.issues).toEqual([{ path: 'subject', message: 'Say in a few words what you need.' }]);
    expect((await request(world.t.app).get('/api/support-requests')).status).toBe(401);
  });

  it('counts 4 new requests for the menu badge, for administrators only', async () => {
    expect((await world.agents.admin.get('/api/admin/support-requests/count')).body).toEqual({ newCount: 4 });
    expect((await world.agents.member.get('/api/admin/support-requests/count')).status).toBe(403);
    expect((await world.agents.member.get('/api/admin/support-requests')).status).toBe(403);
  });
});

describe('the queue', () => {
  beforeAll(async () => {
    const base = { name: 'Ali Other', email: 'other@example.com', body: 'Seeded', userId: world.users.other.id };
    // Monday 10 am, answered 11:15 am: 75 business minutes, on time.
    await world.t.db.supportRequest.create({
      data: {
        ...base,
        id: 'seed-answered',
        source: 'help_form',
        status: 'waiting_on_member',
        subject: 'Answered quickly',
        createdAt: perth('2026-10-05T10:00:00'),
        firstAnsweredAt: perth('2026-10-05T11:15:00'),
      },
    });
    // Friday 3 pm, answered Monday 4 pm: 2 h on Friday + 7½ h on Monday = 570 minutes, past the 510-minute target.
    await world.t.db.supportRequest.create({
      data: {
        ...base,
        id: 'seed-late',
        source: 'contact',
        status: 'resolved',
        subject: 'Answered late',
        createdAt: perth('2026-10-09T15:00:00'),
        firstAnsweredAt: perth('2026-10-12T16:00:00'),
        resolvedAt: perth('2026-10-12T16:00:00'),
      },
    });
    // Unanswered since 1 October: overdue.
    await world.t.db.supportRequest.create({ data: { ...base, id: 'seed-waiting', source: 'callback', subject: 'Nobody has called', createdAt: perth('2026-10-01T09:00:00') } });
  });

  it('lists open requests oldest first, with the counts by status and the one overdue', async () => {
    const open = await queue();
    expect(open.total).toBe(6);
    expect(open.requests.map((row) => row.subject).slice(0, 2)).toEqual(['Nobody has called', 'Answered quickly']);
    expect(open.counts).toEqual({ new: 5, assigned: 0, in_progress: 0, waiting_on_member: 1, resolved: 1 });
    expect(open.overdue).toBe(1);
    expect(open.requests[0]!.age).toMatchObject({ dueAt: '2026-10-02T01:00:00.000Z', overdue: true });
    expect(open.requests[1]).toMatchObject({ member: { id: world.users.other.id, email: 'other@example.com' }, assignee: null, age: { businessMinutes: 75, dueAt: '2026-10-06T02:00:00.000Z', overdue: false } });
    const claimRow = open.requests.find((row) => row.source === 'claim_information');
    expect(claimRow?.claim).toEqual({ id: expect.any(String), reference: 'CLM-2026-00001' });
  });

  it('filters by status, source, assignee and text', async () => {
    const resolved = await queue('?status=resolved');
    expect(resolved.total).toBe(1);
    expect(resolved.requests[0]).toMatchObject({ subject: 'Answered late', age: { businessMinutes: 570, overdue: true } });
    expect((await queue('?source=contact')).requests.map((row) => row.subject)).toEqual(['What does hail protection cost near Dalwallinu?']);
    expect((await queue('?status=all&source=contact')).total).toBe(2);
    expect((await queue('?assignee=unassigned')).total).toBe(6);
    expect((await queue('?assignee=me')).total).toBe(0);
    expect((await queue('?search=MACKIE')).total).toBe(1);
    const bad = await world.agents.admin.get('/api/admin/support-requests?status=closed');
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('status must be one of: open, all, new');
  });
});

describe('a request worked to the end', () => {
  let callbackId = '';
  beforeAll(async () => {
    callbackId = (await world.t.db.supportRequest.findFirstOrThrow({ where: { source: 'callback', userId: world.users.member.id } })).id;
  });

  it('is assigned to an administrator, and refuses anyone else', async () => {
    const assignees = (await world.agents.admin.get('/api/admin/support-requests/assignees')).body.assignees;
    expect(assignees).toEqual([{ id: world.users.admin.id, name: 'Test User', email: 'admin@example.com' }]);
    const assigned = await world.agents.admin.patch(`/api/admin/support-requests/${callbackId}`).send({ assigneeId: world.users.admin.id });
    expect(assigned.status).toBe(200);
    expect(assigned.body.request).toMatchObject({ status: 'assigned', assignee: { id: world.users.admin.id } });
    const notStaff = await world.agents.admin.patch(`/api/admin/support-requests/${callbackId}`).send({ assigneeId: world.users.member.id });
    expect(notStaff.status).toBe(400);
    expect(notStaff.body.message).toBe('Requests can be assigned to administrators only; choose someone from the list.');
    const nobody = await world.agents.admin.patch(`/api/admin/support-requests/${callbackId}`).send({ status: 'assigned', assigneeId: null });
    expect(nobody.body).toMatchObject({ error: 'support_request_status', message: 'Choose who the request is assigned to.' });
    expect((await world.agents.admin.patch('/api/admin/support-requests/no-such-request').send({ status: 'in_progress' })).status).toBe(404);
    expect((await world.agents.admin.get('/api/admin/support-requests/count')).body).toEqual({ newCount: 4 });
    expect((await queue('?assignee=me')).total).toBe(1);
  });

  it('keeps internal notes from the member', async () => {
    await world.agents.admin.post(`/api/admin/support-requests/${callbackId}/notes`).send({ body: 'Tried twice, no answer; voicemail left.' }).expect(201);
    expect((await detail(callbackId)).notes).toEqual([{ id: expect.any(String), authorName: 'Test User', body: 'Tried twice, no answer; voicemail left.', createdAt: expect.any(String) }]);
    const mine = await world.agents.member.get('/api/support-requests');
    expect(JSON.stringify(mine.body)).not.toContain('voicemail');
  });

  it('e-mails the answer, shows it in the dashboard and waits on the member, whose follow-up brings it back', async () => {
    const reply = await world.agents.admin.post(`/api/admin/support-requests/${callbackId}/replies`).send({ body: 'Canola is covered up to the cap; I will call at 9.' });
    expect(reply.status).toBe(201);
    expect(reply.body).toMatchObject({ request: { status: 'waiting_on_member', firstAnsweredAt: expect.any(String) } });
    const mail = await waitForEmailTo(world.t.env.MAIL_OUTBOX_DIR, 'grower@example.com', 'Canola is covered up to the cap');
    expect(mail).toContain('Subject: Re: Call back: Questions about my estimate');
    expect(mail).toContain('Canola is covered up to the cap; I will call at 9.');
    expect(mail).toContain('/dashboard/help');

    const mine = memberSupportRequestsResponseSchema.parse((await world.agents.member.get('/api/support-requests')).body).requests;
    expect(mine.map((row) => row.source)).toEqual(['help_form', 'claim_information', 'callback']);
    expect(mine[2]).toMatchObject({ status: 'waiting_on_member', messages: [{ fromStaff: true, authorName: 'Member support team', body: 'Canola is covered up to the cap; I will call at 9.' }] });

    expect((await world.agents.other.post(`/api/support-requests/${callbackId}/messages`).send({ body: 'Not mine' })).status).toBe(404);
    const followUp = await world.agents.member.post(`/api/support-requests/${callbackId}/messages`).send({ body: 'Thanks, 9 suits.' });
    expect(followUp.status).toBe(201);
    expect(followUp.body.request.status).toBe('in_progress');
  });

  it('is resolved with a last answer; a resolved request takes no more messages', async () => {
    const reply = await world.agents.admin.post(`/api/admin/support-requests/${callbackId}/replies`).send({ body: 'Spoke on the phone; all sorted.', resolve: true });
    expect(reply.body.request).toMatchObject({ status: 'resolved', resolvedAt: expect.any(String) });
    expect(reply.body.request.messages.map((entry: { authorName: string }) => entry.authorName)).toEqual(['Test User', 'Jo Grower', 'Test User']);
    const closed = await world.agents.member.post(`/api/support-requests/${callbackId}/messages`).send({ body: 'One more thing' });
    expect(closed.status).toBe(409);
    expect(closed.body.message).toBe('This request is resolved. Ask again with a new request if you still need help.');
  });

  it('writes every staff change to the audit log, against the member', async () => {
    const entries = await world.t.db.auditLog.findMany({ where: { actorId: world.users.admin.id, action: { startsWith: 'support_request.' } }, orderBy: { createdAt: 'asc' } });
    expect(entries.map((entry) => entry.action)).toEqual(['support_request.updated', 'support_request.note_added', 'support_request.replied', 'support_request.replied']);
    expect(entries.every((entry) => entry.customerId === world.users.member.id)).toBe(true);
    expect(entries[0]!.details).toEqual({ supportRequestId: callbackId, from: { status: 'new', assigneeId: null }, to: { status: 'assigned', assigneeId: world.users.admin.id } });
  });

  it('exports the filtered queue as CSV, and audits the export', async () => {
    const csv = await world.agents.admin.get('/api/admin/support-requests/export.csv?status=resolved');
    expect(csv.status).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    const lines = linesOfCsv(csv.text);
    expect(lines).toHaveLength(3);
    expect(lines[0]).toBe('Received,Source,Status,Subject,Name,E-mail,Phone,Member,Assignee,Claim,Business time waited,Minutes waited,Overdue,First answered,Resolved');
    expect(lines[2]).toBe('"9 Oct 2026, 3:00 pm AWST",Contact message,Resolved,Answered late,Ali Other,other@example.com,,Test User,,,1 d 1 h,570,yes,"12 Oct 2026, 4:00 pm AWST","12 Oct 2026, 4:00 pm AWST"');
    expect(await world.t.db.auditLog.count({ where: { action: 'support_request.exported' } })).toBe(1);
  });

  it('exports every request the filters match, however many, and audits how many (it stopped at 10,000)', async () => {
    // 10,001 answered requests received at one moment (so the newest first is the last id first), written in one statement.
    const received = new Date('2026-03-02T01:00:00Z');
    const answered = new Date('2026-03-02T02:00:00Z');
    await world.t.db.$executeRaw`
      WITH RECURSIVE n(i) AS (SELECT 100000 UNION ALL SELECT i + 1 FROM n WHERE i < 110000)
      INSERT INTO "SupportRequest" ("id", "source", "status", "subject", "body", "name", "email", "createdAt", "updatedAt", "firstAnsweredAt", "resolvedAt")
      SELECT 'bulk-' || i, 'contact', 'resolved', 'Bulk question ' || i, 'When does cover start?', 'Bulk Asker', 'asker' || i || '@bulk-requests.example', ${received}, ${received}, ${answered}, ${answered} FROM n`;
    const csv = await world.agents.admin.get('/api/admin/support-requests/export.csv?status=all&search=bulk-requests.example');
    expect(csv.status).toBe(200);
    const subjects = linesOfCsv(csv.text)
      .slice(1)
      .map((line) => /Bulk question \d+/.exec(line)?.[0]);
    expect(subjects).toEqual(Array.from({ length: 10_001 }, (_, index) => `Bulk question ${110_000 - index}`));
    const audit = await world.t.db.auditLog.findFirstOrThrow({ where: { action: 'support_request.exported' }, orderBy: { createdAt: 'desc' } });
    expect(audit.details).toMatchObject({ rows: 10_001 });
    await world.t.db.supportRequest.deleteMany({ where: { email: { endsWith: '@bulk-requests.example' } } });
  });

  it("gives the person lookup page a person's requests as the queue shows them", async () => {
    const rows = await supportRequestsOfUser(world.t.db, world.users.member.id);
    expect(rows.map((row) => [row.source, row.status])).toEqual([
      ['help_form', 'new'],
      ['claim_information', 'new'],
      ['callback', 'resolved'],
    ]);
  });
});

describe('a message from the public never lands in a member’s account by e-mail alone', () => {
  const spoof = { type: 'contact', name: 'Jo Grower', email: 'grower@example.com', phone: '0400 000 000', message: 'Please send my refund to a new account: BSB 000-000 1234.', website: '' };
  const mine = async (agent = world.agents.member) => memberSupportRequestsResponseSchema.parse((await agent.get('/api/support-requests').expect(200)).body).requests;

  it('the spoofed contact message not in Alice’s list', async () => {
    await visitor().post('/api/form-submissions').send(spoof).expect(201);
    const row = await world.t.db.supportRequest.findFirstOrThrow({ where: { source: 'contact', body: spoof.message } });
    expect(row.userId).toBeNull();
    expect((await mine()).map((request) => request.body)).not.toContain(spoof.message);

    // Staff see it as from a visitor with that address, not as the member's.
    const shown = await detail(row.id);
    expect(shown).toMatchObject({ member: null, email: 'grower@example.com', addressHasAccount: true });
    expect(JSON.stringify(shown)).not.toContain(world.users.member.id);
  });

  it('leaves a callback asked for without signing in unlinked too', async () => {
    const response = await visitor()
      .post('/api/callbacks/request')
      .send({ reason: 'Other', timePreference: 'Morning', description: 'Call me about my claim', userInfo: { email: 'grower@example.com', firstName: 'Jo', lastName: 'Grower', phone: '0400 000 000' } })
      .expect(201);
    const row = await world.t.db.supportRequest.findUniqueOrThrow({ where: { callbackRequestId: response.body.id } });
    expect(row.userId).toBeNull();
    expect((await mine()).map((request) => request.id)).not.toContain(row.id);
  });

  it('links a message sent signed in to the sender’s own account, whatever address the form names', async () => {
    await world.agents.other
      .post('/api/form-submissions')
      .send({ ...spoof, message: 'Signed in as Ali, naming Jo’s address.' })
      .expect(201);
    const row = await world.t.db.supportRequest.findFirstOrThrow({ where: { body: 'Signed in as Ali, naming Jo’s address.' } });
    expect(row.userId).toBe(world.users.other.id);
    expect((await mine(world.agents.other)).map((request) => request.id)).toContain(row.id);
    expect((await mine()).map((request) => request.id)).not.toContain(row.id);
    expect(await detail(row.id)).toMatchObject({ member: { id: world.users.other.id }, addressHasAccount: false });
  });

  it('is linked by staff by hand only once the person confirmed it is theirs, and the link is audited', async () => {
    const row = await world.t.db.supportRequest.findFirstOrThrow({ where: { source: 'contact', body: spoof.message } });
    const unconfirmed = await world.agents.admin.post(`/api/admin/support-requests/${row.id}/link`).send({});
    expect(unconfirmed.status).toBe(400);
    expect(unconfirmed.body.issues).toEqual([{ path: 'confirmed', message: 'Confirm with the person that the message is theirs before you link it to their account.' }]);
    expect((await world.agents.member.post(`/api/admin/support-requests/${row.id}/link`).send({ confirmed: true })).status).toBe(403);

    const linked = await world.agents.admin.post(`/api/admin/support-requests/${row.id}/link`).send({ confirmed: true });
    expect(linked.status).toBe(200);
    expect(linked.body.request).toMatchObject({ member: { id: world.users.member.id }, addressHasAccount: false });
    expect((await mine()).map((request) => request.id)).toContain(row.id);
    const entry = await world.t.db.auditLog.findFirstOrThrow({ where: { action: 'support_request.linked' } });
    expect(entry).toMatchObject({ actorId: world.users.admin.id, customerId: world.users.member.id, details: { supportRequestId: row.id, email: 'grower@example.com' } });

    const again = await world.agents.admin.post(`/api/admin/support-requests/${row.id}/link`).send({ confirmed: true });
    expect(again.status).toBe(409);
    const stranger = await world.t.db.supportRequest.findFirstOrThrow({ where: { source: 'contact', email: 'jan@mackiefarms.example' } });
    const nobody = await world.agents.admin.post(`/api/admin/support-requests/${stranger.id}/link`).send({ confirmed: true });
    expect(nobody.status).toBe(409);
    expect(nobody.body.message).toBe('No account uses jan@mackiefarms.example. The person can ask again from their dashboard once they have an account.');
  });
});
