/**
 * The seasons migration makes a season record for every season the applications already held
 * belong to, with the dates the calendar-year rule gave them, before their applications are tied to
 * it. Run on the database the suite runs on, after every migration before it, against rows as the
 * earlier code wrote them.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { rowsAcrossMigration } from '../testing/across-migration';
import { createTestDatabaseUrl } from '../testing/test-database';

const MIGRATION = '20261128210310_seasons';

let database: { url: string; drop: () => Promise<void> };
beforeAll(async () => {
  database = await createTestDatabaseUrl();
});
afterAll(() => database.drop());

const application = (id: string, seasonYear: number) =>
  `INSERT INTO "ProtectionApplication" ("id", "userId", "coverageType", "zoneCode", "quoteDate", "seasonYear", "modelVersion", "premium", "displayedPremium", "totalPayable", "insuredValue", "coveredArea", "estimate", "pricing", "quoteData", "acknowledgements", "updatedAt") VALUES ('${id}', 'member', 'hail', 'CWB', '${seasonYear}-06-01', ${seasonYear}, 'v1', 1, 1, 1, 1, 1, '{}', '{}', '{}', '{}', CURRENT_TIMESTAMP)`;

it('makes the seasons of the applications already held, once each, opened 1 January and ending 31 March after', async () => {
  const rows = [application('a', 2025), application('b', 2026), application('c', 2026)];
  const seasons = await rowsAcrossMigration(database.url, MIGRATION, rows, 'SELECT "year", "opensOn", "coverEndsOn", "openedById" FROM "Season" ORDER BY "year"');
  expect(seasons).toEqual([
    { year: 2025, opensOn: '2025-01-01', coverEndsOn: '2026-03-31', openedById: null },
    { year: 2026, opensOn: '2026-01-01', coverEndsOn: '2027-03-31', openedById: null },
  ]);
});
