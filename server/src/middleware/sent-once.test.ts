import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IDEMPOTENCY_KEY_HEADER, IDEMPOTENT_REPLAYED_HEADER, SENT_ONCE_MESSAGES } from '@shared/contracts/idempotency-headers';
import { squareOutline } from '@shared/domain/geo/testing/square-outline';
import { createDashboardWorld } from '../testing/dashboard-fixtures';
import { SENT_ONCE_ABANDONED_AFTER_MS } from './sent-once';
import { drawnReport } from '../testing/alert-messages';
import { refuseWritesOf } from '../testing/refuse-writes';

let world: Awaited<ReturnType<typeof createDashboardWorld>>;
let claimId: string;
const messagesOn = (id: string) => world.t.db.claimMessage.count({ where: { claimId: id, status: null } });

beforeAll(async () => {
  world = await createDashboardWorld();
  const lodged = await world.lodge(world.agents.member, world.claimFields());
  expect(lodged.status).toBe(201);
  claimId = lodged.body.claim.id;
});
afterAll(async () => {
  await world.t.close();
});

describe('a message sent again after its answer was lost', () => {
  const send = (agent: keyof typeof world.agents, key: string | undefined, body: string, id = claimId) => {
    const sending = world.agents[agent].post(`/api/claims/${id}/messages`);
    return (key ? sending.set(IDEMPOTENCY_KEY_HEADER, key) : sending).send({ body });
  };

  it('is kept once, and the repeat is answered the first answer with Idempotent-Replayed', async () => {
    const before = await messagesOn(claimId);
    const words = 'Thanks, an assessor will call tomorrow.';
    const startedAt = new Date();
    const first = await send('admin', 'message-key-0000000001', words);
    expect(first.status).toBe(201);
    expect(first.headers[IDEMPOTENT_REPLAYED_HEADER.toLowerCase()]).toBeUndefined();
    const again = await send('admin', 'message-key-0000000001', words);
    expect(again.status).toBe(201);
    expect(again.headers[IDEMPOTENT_REPLAYED_HEADER.toLowerCase()]).toBe('true');
    expect(again.body).toEqual(first.body);
    expect(await messagesOn(claimId)).toBe(before + 1);
    // Staff's message is e-mailed to the member once.
    expect(await world.t.db.queuedEmail.count({ where: { toAddress: world.users.member.email, createdAt: { gte: startedAt } } })).toBe(1);
  });

  it('refuses the same key with other words or on another claim, keeping nothing', async () => {
    const before = await messagesOn(claimId);
    expect((await send('member', 'message-key-0000000002', 'The gate code is 1234.')).status).toBe(201);
    const otherWords = await send('member', 'message-key-0000000002', 'The gate code is 4321.');
    expect(otherWords.status).toBe(422);
    expect(otherWords.body.message).toBe(SENT_ONCE_MESSAGES.keyReused);
    const second = await world.lodge(world.agents.member, world.claimFields({ description: 'A second storm, the south paddocks.' }));
    const elsewhere = await send('member', 'message-key-0000000002', 'The gate code is 1234.', second.body.claim.id);
    expect(elsewhere.status).toBe(422);
    expect(await messagesOn(claimId)).toBe(before + 1);
    expect(await messagesOn(second.body.claim.id)).toBe(0);
  });

  it('is each caller’s own key: their broker sending the same key writes their own message', async () => {
    const before = await messagesOn(claimId);
    expect((await send('member', 'message-key-0000000003', 'Photos to follow.')).status).toBe(201);
    const broker = await send('broker', 'message-key-0000000003', 'Photos to follow.');
    expect(broker.status).toBe(201);
    expect(broker.headers[IDEMPOTENT_REPLAYED_HEADER.toLowerCase()]).toBeUndefined();
    expect(broker.body.claim.messages.at(-1)).toMatchObject({ author: 'broker', body: 'Photos to follow.' });
    expect(await messagesOn(claimId)).toBe(before + 2);
  });

  it('is kept once when both arrive at once; the later is told the first is still being sent, or answered it', async () => {
    const before = await messagesOn(claimId);
    const both = await Promise.all([1, 2].map(() => send('member', 'message-key-0000000004', 'Both presses at once.')));
    expect(both.map((answer) => answer.status).sort()).toEqual(expect.arrayContaining([201]));
    for (const answer of both) if (answer.status !== 201) expect(answer).toMatchObject({ status: 409, body: { message: SENT_ONCE_MESSAGES.stillSending } });
    expect(await messagesOn(claimId)).toBe(before + 1);
  });

  it('is handled by the next repeat when the first sending’s server stopped before it was kept', async () => {
    const before = await messagesOn(claimId);
    const reservation = { callerId_key: { callerId: world.users.member.id, key: 'message-key-0000000005' } };
    expect((await send('member', 'message-key-0000000005', 'After the restart.')).status).toBe(201);
    // As the server left it when it stopped after reserving the key: no answer, the message never written (nor marked kept).
    await world.t.db.sentOnceAnswer.update({ where: reservation, data: { status: null, answer: null, committedAt: null } });
    await world.t.db.claimMessage.deleteMany({ where: { claimId, body: 'After the restart.' } });
    const tooSoon = await send('member', 'message-key-0000000005', 'After the restart.');
    expect(tooSoon).toMatchObject({ status: 409, body: { message: SENT_ONCE_MESSAGES.stillSending } });
    await world.t.db.sentOnceAnswer.update({ where: reservation, data: { createdAt: new Date(Date.now() - SENT_ONCE_ABANDONED_AFTER_MS - 1000) } });
    const taken = await send('member', 'message-key-0000000005', 'After the restart.');
    expect(taken.status).toBe(201);
    expect(taken.headers[IDEMPOTENT_REPLAYED_HEADER.toLowerCase()]).toBeUndefined();
    expect(await messagesOn(claimId)).toBe(before + 1);
    expect((await send('member', 'message-key-0000000005', 'After the restart.')).headers[IDEMPOTENT_REPLAYED_HEADER.toLowerCase()]).toBe('true');
  });

  it('is never written again when its answer could not be kept after it was: the repeat is told it was kept', async () => {
    const before = await messagesOn(claimId);
    const reservation = { callerId_key: { callerId: world.users.member.id, key: 'message-key-0000000006' } };
    // The message is kept, then the database refuses to keep its answer (gone a moment).
    const lift = await refuseWritesOf(world.t.db, world.t.env.DATABASE_URL, 'SentOnceAnswer', 'UPDATE', 'NEW."answer" IS NOT NULL');
    try {
      expect((await send('member', 'message-key-0000000006', 'The header bin is full of hail.')).status).toBe(500);
    } finally {
      await lift();
    }
    expect(await messagesOn(claimId)).toBe(before + 1);
    const tooSoon = await send('member', 'message-key-0000000006', 'The header bin is full of hail.');
    expect(tooSoon).toMatchObject({ status: 409, body: { message: SENT_ONCE_MESSAGES.stillSending } });
    // Once the reservation would count as abandoned, it is not taken over: its writes were kept, and the repeat is told so.
    await world.t.db.sentOnceAnswer.update({ where: reservation, data: { createdAt: new Date(Date.now() - SENT_ONCE_ABANDONED_AFTER_MS - 1000) } });
    expect((await send('member', 'message-key-0000000006', 'The header bin is full of hail.')).body.message).toBe(SENT_ONCE_MESSAGES.keptAlready);
    expect(await messagesOn(claimId)).toBe(before + 1);
  });

  /**
   * Sends once while the database refuses to keep the answer (500: the writes are kept), then again
   * once the reservation would count as abandoned: the repeat is told it was kept, and nothing is
   * written twice (`kept` counts what the sending writes).
   */
  async function sentAgainAfterItsAnswerWasLost(callerId: string, key: string, sending: () => Promise<{ status: number; body: { message?: string } }>, kept: () => Promise<number>) {
    const lift = await refuseWritesOf(world.t.db, world.t.env.DATABASE_URL, 'SentOnceAnswer', 'UPDATE', 'NEW."answer" IS NOT NULL');
    try {
      expect((await sending()).status).toBe(500);
    } finally {
      await lift();
    }
    expect(await kept()).toBe(1);
    await world.t.db.sentOnceAnswer.update({ where: { callerId_key: { callerId, key } }, data: { createdAt: new Date(Date.now() - SENT_ONCE_ABANDONED_AFTER_MS - 1000) } });
    expect((await sending()).body.message).toBe(SENT_ONCE_MESSAGES.keptAlready);
    expect(await kept()).toBe(1);
  }

  it('is never written again when its answer could not be kept, for writes made in one batch too (a staff note)', async () => {
    const asked = await world.agents.member.post('/api/support-requests').send({ topic: 'payment', subject: 'Pay later?', message: 'Can I pay after harvest?' }).expect(201);
    const id = asked.body.request.id as string;
    await sentAgainAfterItsAnswerWasLost(
      world.users.admin.id,
      'note-key-000000000001',
      () => world.agents.admin.post(`/api/admin/support-requests/${id}/notes`).set(IDEMPOTENCY_KEY_HEADER, 'note-key-000000000001').send({ body: 'Rang them: after harvest is fine.' }),
      () => world.t.db.supportRequestNote.count({ where: { requestId: id } }),
    );
  });

  it('is never written again when its answer could not be kept, for a lone write too (asking for help)', async () => {
    await sentAgainAfterItsAnswerWasLost(
      world.users.member.id,
      'help-key-000000000001',
      () =>
        world.agents.member
          .post('/api/support-requests')
          .set(IDEMPOTENCY_KEY_HEADER, 'help-key-000000000001')
          .send({ topic: 'payment', subject: 'Harvest first?', message: 'Can I pay once the header is out?' }),
      () => world.t.db.supportRequest.count({ where: { subject: { endsWith: 'Harvest first?' } } }),
    );
  });

  it('without a key is a message of its own each time, as before', async () => {
    const before = await messagesOn(claimId);
    await send('member', undefined, 'Sent twice on purpose.').expect(201);
    await send('member', undefined, 'Sent twice on purpose.').expect(201);
    expect(await messagesOn(claimId)).toBe(before + 2);
  });

  it('refuses a key that is not one, in words a caller can act on', async () => {
    const bad = await send('member', 'short', 'Hello');
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('Send an Idempotency-Key header with the submission');
  });
});

describe('a refused sending', () => {
  it('frees its key: the repeat is checked afresh, not told it is still being sent', async () => {
    const asked = await world.agents.member.post('/api/support-requests').send({ topic: 'payment', subject: 'Pay by instalments?', message: 'Can I split the invoice?' });
    const id = asked.body.request.id;
    await world.agents.admin.post(`/api/admin/support-requests/${id}/replies`).send({ body: 'Yes, three instalments.', resolve: true }).expect(201);
    const followUp = () => world.agents.member.post(`/api/support-requests/${id}/messages`).set(IDEMPOTENCY_KEY_HEADER, 'follow-up-key-00000001').send({ body: 'Thanks!' });
    for (const attempt of [await followUp(), await followUp()]) {
      expect(attempt.status).toBe(409);
      expect(attempt.body.message).toBe('This request is resolved. Ask again with a new request if you still need help.');
    }
    expect(await world.t.db.sentOnceAnswer.count({ where: { key: 'follow-up-key-00000001' } })).toBe(0);
  });
});

describe('a visitor’s contact message sent again', () => {
  it('reaches staff once: one message, one support request, its e-mails once', async () => {
    const contact = { type: 'contact', name: 'Jan Mackie', email: 'jan@mackiefarms.example', phone: '', message: 'What does hail protection cost near Dalwallinu?', website: '' };
    const post = () =>
      request(world.t.app).post('/api/form-submissions').set('Origin', 'http://127.0.0.1').set('Sec-Fetch-Site', 'same-origin').set(IDEMPOTENCY_KEY_HEADER, 'contact-key-000000001').send(contact);
    const startedAt = new Date();
    const mailsSince = () => world.t.db.queuedEmail.count({ where: { createdAt: { gte: startedAt } } });
    expect((await post()).status).toBe(201);
    const mailsOfOne = await mailsSince();
    expect(mailsOfOne).toBeGreaterThan(0);
    const again = await post();
    expect(again.status).toBe(201);
    expect(again.headers[IDEMPOTENT_REPLAYED_HEADER.toLowerCase()]).toBe('true');
    expect(await world.t.db.formSubmission.count({ where: { email: contact.email } })).toBe(1);
    expect(await world.t.db.supportRequest.count({ where: { email: contact.email } })).toBe(1);
    expect(await mailsSince()).toBe(mailsOfOne);
  });
});

describe('a storm staff draw from a phone report, pressed again after its answer was lost', () => {
  it('is one event, matched and e-mailed once', async () => {
    const report = drawnReport(squareOutline(117.2, -31.6, 0.2));
    const draw = () => world.agents.admin.post('/api/admin/events/drawn').set(IDEMPOTENCY_KEY_HEADER, 'drawn-report-key-0001').send(report);
    const first = await draw();
    expect(first.status).toBe(201);
    const again = await draw();
    expect(again.status).toBe(201);
    expect(again.headers[IDEMPOTENT_REPLAYED_HEADER.toLowerCase()]).toBe('true');
    expect(again.body).toEqual(first.body);
    expect(await world.t.db.alertEvent.count({ where: { title: report.title } })).toBe(1);
  });
});
