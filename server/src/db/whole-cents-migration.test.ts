/**
 * The whole_cents_as_doubles migration gives the money columns room past $21,474,836.47 (PostgreSQL's
 * integer): an invoice stored before keeps its amounts to the cent. Run on the database the suite
 * runs on, after every migration before it.
 */
import { expect, it } from 'vitest';
import { applicationRow, rowsAcrossMigration } from '../testing/across-migration';

const MIGRATION = '20261203141924_whole_cents_as_doubles';

it('keeps an invoice’s amounts to the cent', async () => {
  const rows = [
    `INSERT INTO "Season" ("year", "opensOn", "coverEndsOn") VALUES (2026, '2026-01-01', '2027-03-31')`,
    `INSERT INTO "User" ("id", "email", "firstName", "lastName", "permissions", "updatedAt") VALUES ('member', 'member@example.com', 'Dana', 'Farmer', '[]', CURRENT_TIMESTAMP)`,
    applicationRow('application'),
    `INSERT INTO "Invoice" ("id", "number", "issueKey", "userId", "applicationId", "kind", "season", "lines", "subtotalCents", "gstCents", "totalCents", "issuedAt", "updatedAt")
      VALUES ('invoice', 'INV-2026-00001', 'application:contribution', 'member', 'application', 'contribution', '2026', '[]', 2147483000, 647, 2147483647, CURRENT_TIMESTAMP, CURRENT_TIMESTAMP)`,
  ];
  const select = `SELECT "subtotalCents", "gstCents", "totalCents" FROM "Invoice"`;
  expect(await rowsAcrossMigration(MIGRATION, rows, select)).toEqual([{ subtotalCents: 2_147_483_000, gstCents: 647, totalCents: 2_147_483_647 }]);
});
