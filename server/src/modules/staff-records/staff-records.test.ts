import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SqliteJobQueue } from '../../jobs/sqlite-job-queue';
import { createTestUser, csrfAgent, latestCodeTo, signedInAgent } from '../../testing/accounts';
import { cunderdinQuote } from '../../testing/cunderdin-quote';
import { createDashboardWorld, jpegWithExif } from '../../testing/dashboard-fixtures';
import { refuseWritesOf } from '../../testing/refuse-writes';

// The CRM lead and the support request kept beside a person's action (modules/staff-records), through
// the real routes with the database itself refusing them: the person's action stands, and the records
// are written by the job a minute later, once.

let world: Awaited<ReturnType<typeof createDashboardWorld>>;
/** The job queue's clock: moved a minute past the actions by aMinuteLater(). */
let now = new Date();

beforeAll(async () => {
  world = await createDashboardWorld({ jobClock: () => now, env: { RATE_LIMIT_DISABLED: '1' } });
  await createTestUser(world.t.db, { email: 'agri@example.com', referrerCode: 'AGRI' });
});
afterAll(() => world.t.close());

const db = () => world.t.db;
const visitor = (path: string, body: object) => request(world.t.app).post(path).set('Origin', 'http://127.0.0.1').set('Sec-Fetch-Site', 'same-origin').send(body);
const contactMessage = (email: string) => visitor('/api/form-submissions', { type: 'contact', name: 'Jan Mackie', email, phone: '', message: 'What does hail protection cost near Dalwallinu?', website: '' });
const callbackRequest = (email: string) =>
  visitor('/api/callbacks/request', {
    reason: 'Questions about my estimate',
    timePreference: 'Morning',
    customTime: '',
    description: 'Is canola covered?',
    userInfo: { email, firstName: 'Bob', lastName: 'Header', phone: '0400 333 444' },
  });

/** Runs the jobs due a minute after now, as the queue would once that minute has passed. */
async function aMinuteLater() {
  now = new Date(Date.now() + 61_000);
  await (world.t.context.jobs as SqliteJobQueue).runDueJobs();
}

/** Does `action` while the database refuses each of `writes`. */
async function whileRefused<T>(writes: Array<[table: string, operation: 'INSERT' | 'UPDATE']>, action: () => Promise<T>): Promise<T> {
  const lifts = [];
  for (const [table, operation] of writes) lifts.push(await refuseWritesOf(db(), world.t.env.DATABASE_URL, table, operation));
  try {
    return await action();
  } finally {
    for (const lift of lifts) await lift();
  }
}

/** The support requests and lead events a contact message and a callback request made, by their rows. */
async function recordsOf(formSubmissionId: string, callbackRequestId: string) {
  return {
    supportRequests: (await db().supportRequest.findMany({ where: { OR: [{ formSubmissionId }, { callbackRequestId }] }, select: { source: true }, orderBy: { source: 'asc' } })).map((row) => row.source),
    leadEvents: (await db().leadEvent.findMany({ where: { sourceRef: { in: [formSubmissionId, callbackRequestId] } }, select: { source: true }, orderBy: { source: 'asc' } })).map((row) => row.source),
  };
}

describe('the staff records of a person’s action', () => {
  it('keep the contact message and the callback request when the database refuses their lead and support request, and are written a minute later', async () => {
    const [contact, callback] = await whileRefused(
      [
        ['SupportRequest', 'INSERT'],
        ['Lead', 'INSERT'],
      ],
      async () => [await contactMessage('jan@mackie.example').expect(201), await callbackRequest('bob@header.example').expect(201)],
    );
    const submission = await db().formSubmission.findFirstOrThrow({ where: { email: 'jan@mackie.example' } });
    expect(await recordsOf(submission.id, callback.body.id)).toEqual({ supportRequests: [], leadEvents: [] });
    expect(contact.body).toMatchObject({ success: true });

    await aMinuteLater();
    expect(await recordsOf(submission.id, callback.body.id)).toEqual({ supportRequests: ['callback', 'contact'], leadEvents: ['callback', 'contact'] });
    expect(await db().lead.findMany({ where: { email: { in: ['jan@mackie.example', 'bob@header.example'] } }, select: { email: true, stage: true }, orderBy: { email: 'asc' } })).toEqual([
      { email: 'bob@header.example', stage: 'new' },
      { email: 'jan@mackie.example', stage: 'new' },
    ]);
  });

  it('are written at once when the database takes them, and the job a minute later adds nothing', async () => {
    await contactMessage('cat@example.com').expect(201);
    const callback = await callbackRequest('dan@example.com').expect(201);
    const submission = await db().formSubmission.findFirstOrThrow({ where: { email: 'cat@example.com' } });
    const written = { supportRequests: ['callback', 'contact'], leadEvents: ['callback', 'contact'] };
    expect(await recordsOf(submission.id, callback.body.id)).toEqual(written);
    await aMinuteLater();
    expect(await recordsOf(submission.id, callback.body.id)).toEqual(written);
  });

  it('put each answer of the member’s to staff’s question on the support queue once and in the order sent, whichever write the database refused', async () => {
    const lodged = await world.lodge(world.agents.member, world.claimFields(), [{ bytes: jpegWithExif(), name: 'hail.jpg' }]).expect(201);
    const claimId = lodged.body.claim.id as string;
    await world.agents.admin.put(`/api/claims/${claimId}/status`).send({ status: 'information_requested', message: 'Please send the header yield records.' }).expect(200);
    const answer = (body: string) => world.agents.member.post(`/api/claims/${claimId}/messages`).send({ body }).expect(201);
    const queued = async () => db().supportRequest.findMany({ where: { claimId }, select: { body: true, messages: { select: { body: true }, orderBy: { createdAt: 'asc' } } } });

    await whileRefused([['SupportRequest', 'INSERT']], () => answer('Which season do you need?'));
    expect(await queued()).toEqual([]);
    await aMinuteLater();
    expect(await queued()).toEqual([{ body: 'Which season do you need?', messages: [] }]);

    await whileRefused([['SupportRequestMessage', 'INSERT']], () => answer('Attached them to my e-mail.'));
    await answer('And the assessor may use the east gate.');
    await aMinuteLater();
    expect(await queued()).toEqual([{ body: 'Which season do you need?', messages: [{ body: 'Attached them to my e-mail.' }, { body: 'And the assessor may use the east gate.' }] }]);
    // The claim's own conversation has every answer, whatever the queue refused.
    const conversation = await db().claimMessage.findMany({ where: { claimId, fromStaff: false }, select: { body: true }, orderBy: { createdAt: 'asc' } });
    expect(conversation.map((message) => message.body).slice(-3)).toEqual(['Which season do you need?', 'Attached them to my e-mail.', 'And the assessor may use the east gate.']);
  });

  it('win the lead of a person whose application the database kept without it, a minute later', async () => {
    await contactMessage('ann@example.com').expect(201);
    await createTestUser(db(), { email: 'ann@example.com', firstName: 'Ann', lastName: 'Paddock' });
    const ann = await signedInAgent(world.t.app, 'ann@example.com');
    const quote = cunderdinQuote();
    const submitted = await whileRefused([['Lead', 'UPDATE']], () =>
      ann
        .post('/api/protection')
        .set('Idempotency-Key', randomUUID())
        .send({ ...quote, personalDetails: { ...quote.personalDetails, email: 'ann@example.com' } })
        .expect(201),
    );
    expect(await db().lead.findUniqueOrThrow({ where: { email: 'ann@example.com' }, select: { stage: true } })).toEqual({ stage: 'new' });
    await aMinuteLater();
    expect(await db().lead.findUniqueOrThrow({ where: { email: 'ann@example.com' }, select: { stage: true, wonApplicationId: true } })).toEqual({
      stage: 'won',
      wonApplicationId: submitted.body.application.id,
    });
  });

  it('make the referrer’s lead of a grower who registered with their code while the database refused it, a minute later', async () => {
    const agent = await csrfAgent(world.t.app);
    await agent.post('/api/auth/email-verification/send').send({ email: 'sam@example.com', firstName: 'Sam', lastName: 'Farmer' }).expect(200);
    const verified = await agent
      .post('/api/auth/email-verification/verify')
      .send({ email: 'sam@example.com', code: latestCodeTo(world.t.env.MAIL_OUTBOX_DIR, 'sam@example.com') })
      .expect(200);
    const registration = {
      firstName: 'Sam',
      lastName: 'Farmer',
      email: 'sam@example.com',
      phone: '0412 345 678',
      password: 'paddock gate left open',
      verificationToken: verified.body.verificationToken,
      referrerCode: 'AGRI',
    };
    await whileRefused([['Lead', 'INSERT']], () => agent.post('/api/auth/register').send(registration).expect(201));
    expect(await db().lead.findUnique({ where: { email: 'sam@example.com' } })).toBeNull();
    await aMinuteLater();
    expect(await db().lead.findUniqueOrThrow({ where: { email: 'sam@example.com' }, select: { source: true, referrerCode: true } })).toEqual({ source: 'referrer', referrerCode: 'AGRI' });
  });
});
