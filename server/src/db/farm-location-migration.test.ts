/**
 * The farm_location migration copies each application's farm (address, location and its label) out
 * of its quote into the columns a warning and the dashboard read, so members who applied before it
 * are still matched by their farm and see it on their protection. Run on
 * the database the suite runs on, after every migration before it, against quotes as the earlier code
 * stored them (and ones no form would have sent).
 */
import { expect, it } from 'vitest';
import { applicationRow, rowsAcrossMigration } from '../testing/across-migration';

const MIGRATION = '20261202134742_farm_location';

const application = (id: string, quoteData: unknown) => applicationRow(id, { quoteData });

const outline = {
  type: 'Polygon',
  coordinates: [
    [
      [117.1, -31.6],
      [117.12, -31.6],
      [117.12, -31.62],
      [117.1, -31.6],
    ],
  ],
};

it('keeps the address and location the quote held, and none where the quote had none or not as text and numbers in range', async () => {
  const rows = [
    `INSERT INTO "Season" ("year", "opensOn", "coverEndsOn") VALUES (2026, '2026-01-01', '2027-03-31')`,
    application('cunderdin', {
      farmData: { address: 'Lot 4 Great Eastern Hwy, Cunderdin WA', farmLocation: { lat: -31.65, lng: 117.24, label: 'Cunderdin WA 6407' }, paddockSections: [{ id: 'p1', geometry: outline }] },
    }),
    application('whole-degrees', { farmData: { farmLocation: { lat: -31, lng: 117 } } }),
    application('no-location', { farmData: { address: 'Merredin WA', paddockSections: [] } }),
    application('empty-quote', {}),
    application('as-text', { farmData: { address: 42, farmLocation: { lat: '-31.5', lng: '117.2', label: 'Tammin' } } }),
    application('out-of-range', { farmData: { farmLocation: { lat: -131.5, lng: 117.2 } } }),
    application('half', { farmData: { farmLocation: { lat: -31.5, label: 'Kellerberrin' } } }),
  ];
  const stored = await rowsAcrossMigration(MIGRATION, rows, 'SELECT "id", "farmAddress", "farmLatitude", "farmLongitude", "farmLocationLabel" FROM "ProtectionApplication" ORDER BY "id"');
  const none = { farmLatitude: null, farmLongitude: null, farmLocationLabel: null };
  expect(stored).toEqual([
    { id: 'as-text', farmAddress: '', ...none },
    { id: 'cunderdin', farmAddress: 'Lot 4 Great Eastern Hwy, Cunderdin WA', farmLatitude: -31.65, farmLongitude: 117.24, farmLocationLabel: 'Cunderdin WA 6407' },
    { id: 'empty-quote', farmAddress: '', ...none },
    { id: 'half', farmAddress: '', ...none },
    { id: 'no-location', farmAddress: 'Merredin WA', ...none },
    { id: 'out-of-range', farmAddress: '', ...none },
    { id: 'whole-degrees', farmAddress: '', farmLatitude: -31, farmLongitude: 117, farmLocationLabel: null },
  ]);
});
