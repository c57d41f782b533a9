/**
 * The seasons migration makes a season record for every season the applications already held
 * belong to, with the dates the calendar-year rule gave them, before their applications are tied to
 * it. Run on the database the suite runs on, after every migration before it, against rows as the
 * earlier code wrote them.
 */
import { expect, it } from 'vitest';
import { applicationRow, rowsAcrossMigration } from '../testing/across-migration';

const MIGRATION = '20261128210310_seasons';

it('makes the seasons of the applications already held, once each, opened 1 January and ending 31 March after', async () => {
  const rows = [applicationRow('a', { seasonYear: 2025 }), applicationRow('b', { seasonYear: 2026 }), applicationRow('c', { seasonYear: 2026 })];
  const seasons = await rowsAcrossMigration(MIGRATION, rows, 'SELECT "year", "opensOn", "coverEndsOn", "openedById" FROM "Season" ORDER BY "year"');
  expect(seasons).toEqual([
    { year: 2025, opensOn: '2025-01-01', coverEndsOn: '2026-03-31', openedById: null },
    { year: 2026, opensOn: '2026-01-01', coverEndsOn: '2027-03-31', openedById: null },
  ]);
});
