import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestUser } from '../testing/accounts';
import { createTestApp, type TestApp } from '../testing/test-app';
import { pruneVisitorWrites } from './visitor-retention';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const now = new Date('2026-11-27T00:00:00.000Z');
const daysBefore = (days: number) => new Date(now.getTime() - days * 24 * 60 * 60 * 1000);

it('deletes what visitors (and kept first answers) leave behind once it is of no use, and keeps what belongs to an account or is recent', async () => {
  const member = await createTestUser(t.db, { email: 'kept@example.com' });
  await t.db.emailVerification.createMany({
    data: [
      { email: 'stranger@example.com', codeHash: 'x', expiresAt: daysBefore(2), createdAt: daysBefore(2) },
      { email: 'today@example.com', codeHash: 'y', expiresAt: now, createdAt: daysBefore(0.01) },
    ],
  });
  await t.db.passwordResetToken.createMany({
    data: [
      { userId: member.id, tokenHash: 'old', expiresAt: daysBefore(3) },
      { userId: member.id, tokenHash: 'live', expiresAt: new Date(now.getTime() + 60_000) },
    ],
  });
  await t.db.securityEvent.createMany({
    data: [
      { type: 'sign_in_failure', email: 'nobody@example.com', details: { reason: 'unknown account' }, createdAt: daysBefore(91) },
      { type: 'sign_in_failure', email: 'nobody@example.com', details: { reason: 'unknown account' }, createdAt: daysBefore(10) },
      { type: 'sign_in_failure', userId: member.id, email: member.email, details: { reason: 'wrong password' }, createdAt: daysBefore(400) },
    ],
  });
  await t.db.formSubmission.createMany({
    data: [
      { type: 'contact', name: 'Bot', email: 'bot@example.com', message: 'spam', isSpam: true, createdAt: daysBefore(31) },
      { type: 'contact', name: 'Bot', email: 'bot@example.com', message: 'spam', isSpam: true, createdAt: daysBefore(5) },
      { type: 'contact', name: 'Jo', email: 'jo@example.com', message: 'Please call me', createdAt: daysBefore(700) },
    ],
  });

  await t.db.sentOnceAnswer.createMany({
    data: [
      { callerId: '', key: 'yesterdays-contact-key', route: 'POST /api/form-submissions', bodyHash: 'a', status: 201, answer: '{"success":true}', createdAt: daysBefore(1.5) },
      { callerId: member.id, key: 'this-mornings-message', route: 'POST /api/claims/c1/messages', bodyHash: 'b', status: 201, answer: '{}', createdAt: daysBefore(0.2) },
    ],
  });

  expect(await pruneVisitorWrites(t.context, now)).toEqual({ emailVerificationsDeleted: 1, passwordResetTokensDeleted: 1, securityEventsDeleted: 1, spamSubmissionsDeleted: 1, sentOnceAnswersDeleted: 1 });
  expect((await t.db.emailVerification.findMany()).map((row) => row.email)).toEqual(['today@example.com']);
  expect((await t.db.passwordResetToken.findMany()).map((row) => row.tokenHash)).toEqual(['live']);
  expect(await t.db.securityEvent.count({ where: { type: 'sign_in_failure' } })).toBe(2);
  expect((await t.db.formSubmission.findMany({ orderBy: { createdAt: 'asc' } })).map((row) => row.message)).toEqual(['Please call me', 'spam']);
  expect((await t.db.sentOnceAnswer.findMany()).map((row) => row.key)).toEqual(['this-mornings-message']);
  expect(await pruneVisitorWrites(t.context, now)).toEqual({ emailVerificationsDeleted: 0, passwordResetTokensDeleted: 0, securityEventsDeleted: 0, spamSubmissionsDeleted: 0, sentOnceAnswersDeleted: 0 });
});
