/**
 * The support_requests_signed_in_links migration undoes the links that only an
 * address typed into a public form made: every contact message's, and a callback's asked for without
 * signing in. Links made signed in, and requests the member has since written on, stay. Run on the
 * database the suite runs on, against rows as the earlier code wrote them.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestUser } from '../testing/accounts';
import { createTestApp, type TestApp } from '../testing/test-app';
import { migrationsDir } from './migrations';
import { providerOf } from './provider';

const MIGRATION = '20261127184403_support_requests_signed_in_links';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

it('unlinks the requests linked by a typed address alone, and keeps those sent signed in', async () => {
  const alice = await createTestUser(t.db, { email: 'alice@farm.example' });
  const row = { subject: 'Subject', body: 'Words', name: 'Alice', email: 'alice@farm.example', userId: alice.id };
  const callback = (userId: string | null) =>
    t.db.callbackRequest.create({ data: { userId, email: 'alice@farm.example', firstName: 'Alice', lastName: 'Farmer', phone: '0400 000 000', reason: 'Other', timePreference: 'Morning' } });
  await t.db.supportRequest.create({ data: { ...row, id: 'contact-by-address', source: 'contact' } });
  await t.db.supportRequest.create({ data: { ...row, id: 'contact-taken-up', source: 'contact', messages: { create: { authorId: alice.id, fromStaff: false, body: 'Yes, that was me.' } } } });
  await t.db.supportRequest.create({ data: { ...row, id: 'callback-signed-in', source: 'callback', callbackRequestId: (await callback(alice.id)).id } });
  await t.db.supportRequest.create({ data: { ...row, id: 'callback-by-address', source: 'callback', callbackRequestId: (await callback(null)).id } });
  await t.db.supportRequest.create({ data: { ...row, id: 'help-form', source: 'help_form' } });
  await t.db.supportRequest.create({ data: { ...row, id: 'claim-information', source: 'claim_information' } });

  await t.db.$executeRawUnsafe(readFileSync(join(migrationsDir(providerOf(t.env.DATABASE_URL)), MIGRATION, 'migration.sql'), 'utf8'));

  const rows = await t.db.supportRequest.findMany({ orderBy: { id: 'asc' }, select: { id: true, userId: true } });
  expect(Object.fromEntries(rows.map((request) => [request.id, request.userId]))).toEqual({
    'callback-by-address': null,
    'callback-signed-in': alice.id,
    'claim-information': alice.id,
    'contact-by-address': null,
    'contact-taken-up': alice.id,
    'help-form': alice.id,
  });
});
