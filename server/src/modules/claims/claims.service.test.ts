import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestUser } from '../../testing/accounts';
import { refuseWritesOf } from '../../testing/refuse-writes';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { moveClaim, queueClaimNotice, sendClaimMessage } from './claims.service';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function newClaim(userId: string) {
  return t.db.claim.create({
    data: {
      reference: `CLM-2026-${Math.random().toString().slice(2, 7)}`,
      userId,
      applicationId: 'app-1',
      peril: 'hail',
      eventDate: '2026-10-14',
      affectedPaddocks: [],
      estimatedLossCents: 100_000,
      description: 'Hail on the north paddock.',
      lodgedById: userId,
    },
  });
}

describe('a claim message and its claim are written together', () => {
  it('keeps the message and moves the claim on', async () => {
    const member = await createTestUser(t.db, { email: 'kept@example.com' });
    const claim = await newClaim(member.id);
    await sendClaimMessage(t.context, claim, { authorId: member.id, fromStaff: false, body: 'The assessor can use the east gate.' });
    expect(await t.db.claimMessage.count({ where: { claimId: claim.id } })).toBe(1);
    expect((await t.db.claim.findUniqueOrThrow({ where: { id: claim.id } })).updatedAt.getTime()).toBeGreaterThanOrEqual(claim.updatedAt.getTime());
  });

  it('leaves no message behind when the claim cannot be updated', async () => {
    const member = await createTestUser(t.db, { email: 'half@example.com' });
    const claim = await newClaim(member.id);
    const lift = await refuseWritesOf(t.db, t.env.DATABASE_URL, 'Claim');
    try {
      await expect(sendClaimMessage(t.context, claim, { authorId: member.id, fromStaff: false, body: 'This message must not be kept alone.' })).rejects.toThrow();
    } finally {
      await lift();
    }
    expect(await t.db.claimMessage.count({ where: { claimId: claim.id } })).toBe(0);
    expect((await t.db.claim.findUniqueOrThrow({ where: { id: claim.id } })).updatedAt).toEqual(claim.updatedAt);
  });
});

describe('a claim’s change and the member’s e-mail about it are written together', () => {
  const notice = (claim: { id: string; userId: string; reference: string }) => (tx: Parameters<typeof queueClaimNotice>[0]['writer']) =>
    queueClaimNotice({ writer: tx, mailer: t.context.mailer }, claim, { status: 'under_assessment', message: 'Assessor booked.' });

  it('keeps the e-mail in the mail queue with the move', async () => {
    const member = await createTestUser(t.db, { email: 'moved@example.com' });
    const claim = await newClaim(member.id);
    await moveClaim(t.db, claim, { actorId: member.id, from: 'lodged', to: 'under_assessment', message: 'Assessor booked.' }, notice(claim));
    expect((await t.db.claim.findUniqueOrThrow({ where: { id: claim.id } })).status).toBe('under_assessment');
    expect(await t.db.queuedEmail.count({ where: { toAddress: 'moved@example.com' } })).toBe(1);
  });

  it('leaves the claim as it was when its e-mail cannot be written', async () => {
    const member = await createTestUser(t.db, { email: 'unmoved@example.com' });
    const claim = await newClaim(member.id);
    const lift = await refuseWritesOf(t.db, t.env.DATABASE_URL, 'QueuedEmail', 'INSERT');
    try {
      await expect(moveClaim(t.db, claim, { actorId: member.id, from: 'lodged', to: 'under_assessment', message: 'Assessor booked.' }, notice(claim))).rejects.toThrow();
    } finally {
      await lift();
    }
    expect((await t.db.claim.findUniqueOrThrow({ where: { id: claim.id } })).status).toBe(claim.status);
    expect(await t.db.claimMessage.count({ where: { claimId: claim.id } })).toBe(0);
  });
});
