import { mkdtempSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CERTIFICATE_CODE_MESSAGE, certificateCheckSchema, certificateListSchema } from '@shared/contracts/certificates';
import { CERTIFICATE_BEFORE_COVER_MESSAGE, CERTIFICATE_NOT_FOUND_MESSAGE } from '@shared/domain/protection/certificate';
import { perthToday } from '@shared/perth-time';
import { repositoryRoot } from '../../lib/paths';
import { createTestUser, csrfAgent, signedInAgent, type TestAgent, waitForEmailTo } from '../../testing/accounts';
import { createApplication } from '../../testing/dashboard-fixtures';
import { refuseWritesOf } from '../../testing/refuse-writes';
import { extractPdfText } from '../../testing/pdf-text';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { binaryBody } from '../../testing/binary-body';

// The certificate of protection (docs/certificates.md) through the real routes: issued once cover has
// started, its code checked by a lender, withdrawn by staff, and a reversed payment or an ended season.

let t: TestApp;
let member: { id: string; email: string };
let neighbour: { id: string; email: string };
let memberAgent: TestAgent, neighbourAgent: TestAgent, brokerAgent: TestAgent, otherBrokerAgent: TestAgent, admin: TestAgent;
/** A lender: no account, no session. */
let lender: TestAgent;

const binary = (agent: TestAgent, path: string) => agent.get(path).buffer(true).parse(binaryBody);
const certificatePath = (applicationId: string) => `/api/dashboard/protections/${applicationId}/certificate.pdf`;
const check = (code: string) => lender.post('/api/certificates/check').send({ code });
const codeIn = (text: string) => /\b([0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4})\b/.exec(text)?.[1];

/** An accepted application whose fee staff record as paid: cover starts then. */
async function paidApplication(userId: string) {
  const application = await createApplication(t.db, userId, { status: 'accepted', premium: 4000 });
  // The membership fee on a member's first application; the contribution on the rest.
  const fee = await t.db.invoice.findFirstOrThrow({ where: { applicationId: application.id }, orderBy: { totalCents: 'asc' } });
  const paid = await payInFull(fee);
  return { application, fee, paymentId: paid.body.invoice.payments[0].id as string };
}

const payInFull = (invoice: { id: string; totalCents: number }) =>
  admin
    .post(`/api/invoices/${invoice.id}/payments`)
    .send({ amountDollars: invoice.totalCents / 100, receivedOn: perthToday(), method: 'eft', reference: 'EFT 9' })
    .expect(201);

beforeAll(async () => {
  t = await createTestApp({
    RATE_LIMITS: 'signInPerAccount=200/15m,signInPerAddress=200/15m,certificateChecksPerAddress=12/10m',
    BLOB_DIR: mkdtempSync(join(repositoryRoot, '.tmp', 'blobs-')),
  });
  const broker = await createTestUser(t.db, { email: 'broker@example.com', isBroker: true });
  await createTestUser(t.db, { email: 'broker2@example.com', isBroker: true });
  member = await createTestUser(t.db, { email: 'grower@example.com', firstName: 'Jo', lastName: 'Wheatley', brokerId: broker.id });
  await t.db.user.update({ where: { id: member.id }, data: { businessName: 'Wheatley Farms Pty Ltd' } });
  neighbour = await createTestUser(t.db, { email: 'neighbour@example.com', firstName: 'Sam', lastName: 'Barley' });
  await createTestUser(t.db, { email: 'staff@example.com', isAdmin: true });
  memberAgent = await signedInAgent(t.app, member.email);
  neighbourAgent = await signedInAgent(t.app, neighbour.email);
  brokerAgent = await signedInAgent(t.app, 'broker@example.com');
  otherBrokerAgent = await signedInAgent(t.app, 'broker2@example.com');
  admin = await signedInAgent(t.app, 'staff@example.com');
  lender = await csrfAgent(t.app);
});
afterAll(() => t?.close());

describe('the member’s certificate', () => {
  it('is refused, in words, before cover has started', async () => {
    const application = await createApplication(t.db, member.id, { status: 'accepted' });
    const refused = await memberAgent.get(certificatePath(application.id)).expect(409);
    expect(refused.body.message).toBe(CERTIFICATE_BEFORE_COVER_MESSAGE);
  });

  it('states the mutual, the member, the season, each paddock and when cover started and ends, with a code and where to check it', async () => {
    const { application } = await paidApplication(member.id);
    const payment = await t.db.invoicePayment.findFirstOrThrow({ where: { invoice: { applicationId: application.id } } });
    const pdf = await binary(memberAgent, certificatePath(application.id)).expect(200).expect('Content-Type', 'application/pdf');
    const text = await extractPdfText(pdf.body as Buffer);
    expect(text).toContain('Certificate of protection');
    expect(text).toContain('Grain Growers Mutual Limited (ABN 51 824 753 556) certifies that Jo Wheatley, Wheatley Farms Pty Ltd is a member of the mutual');
    expect(text).toContain('Hail, Fire & Lightning protection, season 2026');
    // The fixture's two priced paddocks (wheat 200 ha at $300,000, canola 100 ha at $200,000); the excluded one is not listed.
    expect(text).toMatch(/North Paddock\s+Wheat\s+200 ha\s+5%\s+\$300,000\.00/);
    expect(text).toMatch(/Creek Flat\s+Canola\s+100 ha\s+15%\s+\$200,000\.00/);
    expect(text).not.toContain('Bush Block');
    expect(text).toMatch(/2 paddocks\s+300 ha/);
    // Perth time, to the minute, of the moment the payment was recorded.
    const started = new Intl.DateTimeFormat('en-AU', { day: 'numeric', month: 'short', year: 'numeric', hour: 'numeric', minute: '2-digit', timeZone: 'Australia/Perth', timeZoneName: 'short' }).format(
      payment.createdAt,
    );
    expect(text).toMatch(new RegExp(`Cover started\\s+${started}`));
    expect(text).toMatch(/Cover ends\s+31 March 2027, end of day/);
    expect(text).toContain(`${t.context.site.origin()}/certificate`);
    const code = codeIn(text);
    expect(code).toBeDefined();

    // The same certificate on every download, to the member, their broker and staff; hidden from anyone else.
    for (const agent of [memberAgent, brokerAgent, admin]) expect(codeIn(await extractPdfText((await binary(agent, certificatePath(application.id)).expect(200)).body as Buffer))).toBe(code);
    await neighbourAgent.get(certificatePath(application.id)).expect(404);
    await otherBrokerAgent.get(certificatePath(application.id)).expect(404);
    expect(await t.db.protectionCertificate.count({ where: { applicationId: application.id } })).toBe(1);
  });

  it('is issued for a farm insured for more than $21,474,836.47, as a large farm is, with its value to the cent', async () => {
    const { application } = await paidApplication(member.id);
    // Two crops of $12.5 million: $25 million in all, past what an integer column held in cents.
    await t.db.protectionCrop.updateMany({ where: { applicationId: application.id }, data: { insuredValue: 12_500_000 } });
    const pdf = await binary(memberAgent, certificatePath(application.id)).expect(200).expect('Content-Type', 'application/pdf');
    expect(await extractPdfText(pdf.body as Buffer)).toContain('$25,000,000');
    expect(await t.db.protectionCertificate.findFirstOrThrow({ where: { applicationId: application.id }, select: { valueCents: true } })).toEqual({ valueCents: 2_500_000_000 });
  });

  it('is issued once when two first downloads race', async () => {
    const { application } = await paidApplication(member.id);
    const [first, second] = await Promise.all([binary(memberAgent, certificatePath(application.id)), binary(memberAgent, certificatePath(application.id))]);
    expect([first.status, second.status]).toEqual([200, 200]);
    expect(codeIn(await extractPdfText(first.body as Buffer))).toBe(codeIn(await extractPdfText(second.body as Buffer)));
    expect(await t.db.protectionCertificate.count({ where: { applicationId: application.id } })).toBe(1);
  });
});

describe('a lender’s check', () => {
  const issue = async (agent: TestAgent, applicationId: string) => codeIn(await extractPdfText((await binary(agent, certificatePath(applicationId)).expect(200)).body as Buffer))!;

  it('confirms a genuine, current certificate with its holder and totals, and nothing else of the member’s', async () => {
    const { application } = await paidApplication(member.id);
    const code = await issue(memberAgent, application.id);
    // Typed as a person might: small letters, spaces for dashes.
    const answer = certificateCheckSchema.parse((await check(code.toLowerCase().replace(/-/g, ' ')).expect(200)).body);
    expect(answer).toMatchObject({
      code,
      standing: 'current',
      sentence: 'Genuine and current: Grain Growers Mutual Limited issued this certificate and the protection it describes is in force until 31 March 2027.',
      holderName: 'Jo Wheatley, Wheatley Farms Pty Ltd',
      season: '2026',
      coverageDescription: 'Hail, Fire & Lightning',
      totals: { paddocks: 2, hectares: 300, valueCents: 50_000_000 },
      endsOn: '2027-03-31',
    });
    const body = JSON.stringify(answer);
    for (const privateFact of [member.email, member.id, application.id, 'North Paddock', 'APP-']) expect(body).not.toContain(privateFact);
  });

  it('answers a wrong code and a mistyped one with what to do, and another member’s code with that member', async () => {
    expect((await check('K7QM-4XPD-9TWB').expect(404)).body.message).toBe(CERTIFICATE_NOT_FOUND_MESSAGE);
    expect((await check('K7QM-4XPD').expect(400)).body.issues).toEqual([{ path: 'code', message: CERTIFICATE_CODE_MESSAGE }]);
    const theirs = await issue(neighbourAgent, (await paidApplication(neighbour.id)).application.id);
    expect((await check(theirs).expect(200)).body).toMatchObject({ holderName: 'Sam Barley', standing: 'current' });
  });

  it('says withdrawn once staff withdraw it, tells the member why, and issues a new code on the next download', async () => {
    const { application } = await paidApplication(member.id);
    const code = await issue(memberAgent, application.id);
    const [listed] = certificateListSchema.parse((await admin.get(`/api/admin/applications/${application.id}/certificates`).expect(200)).body).certificates;
    expect(listed).toMatchObject({ code, standing: 'current', withdrawnAt: null });
    expect((await admin.post(`/api/admin/certificates/${listed!.id}/withdraw`).send({ reason: 'no' }).expect(400)).body.issues[0].path).toBe('reason');
    await memberAgent.post(`/api/admin/certificates/${listed!.id}/withdraw`).send({ reason: 'Issued against the wrong paddock list.' }).expect(403);

    const withdrawn = await admin.post(`/api/admin/certificates/${listed!.id}/withdraw`).send({ reason: 'Issued against the wrong paddock list.' }).expect(200);
    expect(withdrawn.body.certificate).toMatchObject({ standing: 'withdrawn', withdrawnReason: 'Issued against the wrong paddock list.' });
    expect((await admin.post(`/api/admin/certificates/${listed!.id}/withdraw`).send({ reason: 'Twice over.' }).expect(409)).body.message).toMatch(/^This certificate was already withdrawn on /);
    expect((await check(code).expect(200)).body).toMatchObject({
      standing: 'withdrawn',
      sentence: 'Withdrawn: Grain Growers Mutual Limited issued this certificate but has withdrawn it, and it no longer stands. Ask the member for their current certificate.',
    });
    const mail = await waitForEmailTo(t.env.MAIL_OUTBOX_DIR, member.email, `Your certificate of protection ${code} has been withdrawn`);
    expect(mail).toContain('Issued against the wrong paddock list.');

    const renewed = await issue(memberAgent, application.id);
    expect(renewed).not.toBe(code);
    expect((await check(renewed).expect(200)).body.standing).toBe('current');
    expect((await check(code).expect(200)).body.standing).toBe('withdrawn');
  });

  it('says withdrawn when the payment that started cover is reversed, and ended once the application has ended', async () => {
    const reversedOne = await paidApplication(member.id);
    const reversedCode = await issue(memberAgent, reversedOne.application.id);
    await admin.post(`/api/invoices/${reversedOne.fee.id}/payments/${reversedOne.paymentId}/reversal`).send({ reason: 'The transfer bounced.' }).expect(200);
    expect((await check(reversedCode).expect(200)).body.standing).toBe('withdrawn');
    expect((await memberAgent.get(certificatePath(reversedOne.application.id)).expect(409)).body.message).toBe(CERTIFICATE_BEFORE_COVER_MESSAGE);

    const endedOne = await paidApplication(member.id);
    const endedCode = await issue(memberAgent, endedOne.application.id);
    await admin.put(`/api/dashboard/protections/${endedOne.application.id}/status`).send({ status: 'ended' }).expect(200);
    expect((await check(endedCode).expect(200)).body).toMatchObject({
      standing: 'ended',
      sentence: 'Genuine, but no longer current: the protection this certificate describes has ended (its last day was 31 March 2027).',
    });
  });

  it('is replaced when cover starts again after a reversed payment, the old one standing until its replacement is stored', async () => {
    const { application, fee, paymentId } = await paidApplication(member.id);
    const firstCode = await issue(memberAgent, application.id);
    await admin.post(`/api/invoices/${fee.id}/payments/${paymentId}/reversal`).send({ reason: 'The transfer bounced.' }).expect(200);
    await payInFull(fee);

    const lift = await refuseWritesOf(t.db, t.env.DATABASE_URL, 'ProtectionCertificate', 'INSERT');
    try {
      expect((await binary(memberAgent, certificatePath(application.id))).status).toBe(500);
    } finally {
      await lift();
    }
    // Nothing half-done: the certificate the member holds still stands for a lender.
    expect((await check(firstCode).expect(200)).body.standing).toBe('current');

    const secondCode = await issue(memberAgent, application.id);
    expect(secondCode).not.toBe(firstCode);
    expect((await check(secondCode).expect(200)).body.standing).toBe('current');
    expect((await check(firstCode).expect(200)).body.standing).toBe('withdrawn');
    const listed = certificateListSchema.parse((await admin.get(`/api/admin/applications/${application.id}/certificates`).expect(200)).body).certificates;
    expect(listed.map(({ code, withdrawnReason }) => ({ code, withdrawnReason }))).toEqual([
      { code: secondCode, withdrawnReason: null },
      { code: firstCode, withdrawnReason: 'Replaced: the payment that started cover was reversed, and cover started again later.' },
    ]);
  });

  it('is rate-limited per address, saying when to try again', async () => {
    let answer;
    for (let attempt = 0; attempt < 12; attempt += 1) {
      answer = await check('ZZZZ-ZZZZ-ZZZZ');
      if (answer.status === 429) break;
    }
    expect(answer!.status).toBe(429);
    expect(answer!.body.message).toMatch(/^Too many certificate checks from your network\. Please try again in \d+ minutes?\.$/);
  });
});
