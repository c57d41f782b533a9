/**
 * The searchable_addresses migration copies the applicant's postal address of each application and
 * the farm's address of each draft out of their quotes into the columns staff's people search
 * matches in any case, so people who applied or saved before it are still found. Run on the
 * database the suite runs on, after every migration before it, against quotes as the earlier code
 * stored them (and ones no form would have sent).
 */
import { expect, it } from 'vitest';
import { applicationRow, rowsAcrossMigration } from '../testing/across-migration';

const MIGRATION = '20261203000639_searchable_addresses';

const application = (id: string, quoteData: unknown) => applicationRow(id, { quoteData });

const draft = (id: string, quoteData: unknown) =>
  `INSERT INTO "Draft" ("id", "userId", "step", "dataHash", "quoteData", "validationData", "uiState", "updatedAt") VALUES ('${id}', 'member', 'farm-mapping', 'hash', '${JSON.stringify(quoteData)}', '{}', '{}', CURRENT_TIMESTAMP)`;

it('keeps the postal address each application gave and the farm address each draft held, and none where the quote had none as text', async () => {
  const rows = [
    `INSERT INTO "Season" ("year", "opensOn", "coverEndsOn") VALUES (2026, '2026-01-01', '2027-03-31')`,
    `INSERT INTO "User" ("id", "email", "firstName", "lastName", "permissions", "updatedAt") VALUES ('member', 'member@example.com', 'Dana', 'Farmer', '[]', CURRENT_TIMESTAMP)`,
    application('postal', { personalDetails: { firstName: 'Dana', address: 'RMB 410 McDermott Road, Doodlakine WA' }, farmData: { address: 'Lot 9 McKenzie Road, Tammin' } }),
    application('no-address', { personalDetails: { firstName: 'Dana' } }),
    application('as-number', { personalDetails: { address: 6409 } }),
    application('empty-quote', {}),
    draft('farm', { farmData: { address: 'Lot 2 McLeod Road, Wyalkatchem', paddockSections: [] }, personalDetails: { address: 'PO Box 5, Tammin' } }),
    draft('not-yet', { personalDetails: { firstName: 'Dana' } }),
    draft('as-object', { farmData: { address: { street: 'McLeod Road' } } }),
  ];
  const select = `SELECT 'application' AS "kind", "id", "postalAddress" AS "address" FROM "ProtectionApplication" UNION ALL SELECT 'draft', "id", "farmAddress" FROM "Draft" ORDER BY 1, 2`;
  expect(await rowsAcrossMigration(MIGRATION, rows, select)).toEqual([
    { kind: 'application', id: 'as-number', address: '' },
    { kind: 'application', id: 'empty-quote', address: '' },
    { kind: 'application', id: 'no-address', address: '' },
    { kind: 'application', id: 'postal', address: 'RMB 410 McDermott Road, Doodlakine WA' },
    { kind: 'draft', id: 'as-object', address: '' },
    { kind: 'draft', id: 'farm', address: 'Lot 2 McLeod Road, Wyalkatchem' },
    { kind: 'draft', id: 'not-yet', address: '' },
  ]);
});
