/**
 * The paddock_boxes migration gives every outline already stored its box, so a warning's read of the
 * live paddocks can leave out the outlines its own box does not meet. A value that is not an outline
 * keeps no box (a paddock without one is read by every warning). Run on the database the suite runs
 * on, after every migration before it, against paddocks as the earlier code stored them.
 */
import { expect, it } from 'vitest';
import { applicationRow, rowsAcrossMigration } from '../testing/across-migration';

const MIGRATION = '20261204160455_paddock_boxes';

const paddock = (id: string, geometry: unknown) =>
  `INSERT INTO "ProtectionPaddock" ("id", "applicationId", "sectionId", "name", "area", "priced", "sortOrder", "geometry") VALUES ('${id}', 'farm', '${id}', 'Paddock ${id}', 10, true, 0, ${geometry === undefined ? 'NULL' : `'${JSON.stringify(geometry)}'`})`;

it('boxes every outline stored, a polygon with a hole and a paddock of two parts among them, and nothing that is not an outline', async () => {
  const rows = [
    `INSERT INTO "Season" ("year", "opensOn", "coverEndsOn") VALUES (2026, '2026-01-01', '2027-03-31')`,
    `INSERT INTO "User" ("id", "email", "firstName", "lastName", "permissions", "updatedAt") VALUES ('member', 'member@example.com', 'Dana', 'Farmer', '[]', CURRENT_TIMESTAMP)`,
    applicationRow('farm'),
    paddock('polygon', {
      type: 'Polygon',
      coordinates: [
        [
          [117.1, -31.6],
          [117.25, -31.6],
          [117.2, -31.5],
          [117.1, -31.6],
        ],
        [
          [117.15, -31.58],
          [117.18, -31.58],
          [117.16, -31.56],
          [117.15, -31.58],
        ],
      ],
    }),
    paddock('two-parts', {
      type: 'MultiPolygon',
      coordinates: [
        [
          [
            [118, -32],
            [118.01, -32],
            [118, -31.99],
            [118, -32],
          ],
        ],
        [
          [
            [116.5, -31],
            [116.51, -31],
            [116.5, -30.99],
            [116.5, -31],
          ],
        ],
      ],
    }),
    paddock('whole-degrees', {
      type: 'Polygon',
      coordinates: [
        [
          [117, -31],
          [118, -31],
          [118, -30],
          [117, -31],
        ],
      ],
    }),
    paddock('by-area', undefined),
    paddock('a-point', { type: 'Point', coordinates: [117.3, -31.4] }),
    paddock('as-text', { type: 'Polygon', coordinates: [[['117.1', '-31.6']]] }),
    paddock('no-coordinates', { type: 'Polygon' }),
  ];
  const stored = await rowsAcrossMigration(MIGRATION, rows, 'SELECT "id", "boxWest", "boxSouth", "boxEast", "boxNorth" FROM "ProtectionPaddock" ORDER BY "id"');
  const none = { boxWest: null, boxSouth: null, boxEast: null, boxNorth: null };
  expect(stored).toEqual([
    { id: 'a-point', ...none },
    { id: 'as-text', ...none },
    { id: 'by-area', ...none },
    { id: 'no-coordinates', ...none },
    { id: 'polygon', boxWest: 117.1, boxSouth: -31.6, boxEast: 117.25, boxNorth: -31.5 },
    { id: 'two-parts', boxWest: 116.5, boxSouth: -32, boxEast: 118.01, boxNorth: -30.99 },
    { id: 'whole-degrees', boxWest: 117, boxSouth: -31, boxEast: 118, boxNorth: -30 },
  ]);
});
