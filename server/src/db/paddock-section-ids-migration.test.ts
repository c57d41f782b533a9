/**
 * The paddock_section_ids_unique migration makes a paddock's section id unique within its
 * application. Applications stored before quotes refused paddocks sharing an id (an edited request
 * could send them) keep every paddock: the first of each id keeps it, each later one gets its own.
 * Run on the database the suite runs on, after every migration before it.
 */
import { expect, it } from 'vitest';
import { applicationRow, rowsAcrossMigration } from '../testing/across-migration';

const MIGRATION = '20261203100435_paddock_section_ids_unique';

const paddock = (id: string, applicationId: string, sectionId: string, sortOrder: number) =>
  `INSERT INTO "ProtectionPaddock" ("id", "applicationId", "sectionId", "name", "area", "priced", "sortOrder") VALUES ('${id}', '${applicationId}', '${sectionId}', 'Paddock ${id}', 10, true, ${sortOrder})`;

it('keeps every paddock of an application whose paddocks shared an id, the first keeping it', async () => {
  const rows = [
    `INSERT INTO "Season" ("year", "opensOn", "coverEndsOn") VALUES (2026, '2026-01-01', '2027-03-31')`,
    `INSERT INTO "User" ("id", "email", "firstName", "lastName", "permissions", "updatedAt") VALUES ('member', 'member@example.com', 'Dana', 'Farmer', '[]', CURRENT_TIMESTAMP)`,
    applicationRow('attacked'),
    applicationRow('ordinary'),
    paddock('c', 'attacked', 'p1', 2),
    paddock('a', 'attacked', 'p1', 0),
    paddock('b', 'attacked', 'p1', 1),
    paddock('d', 'attacked', 'p2', 3),
    // Another application may use the same ids: they are unique within one.
    paddock('e', 'ordinary', 'p1', 0),
    paddock('f', 'ordinary', 'p2', 1),
  ];
  const select = `SELECT "id", "applicationId", "sectionId" FROM "ProtectionPaddock" ORDER BY "id"`;
  expect(await rowsAcrossMigration(MIGRATION, [...rows], select)).toEqual([
    { id: 'a', applicationId: 'attacked', sectionId: 'p1' },
    { id: 'b', applicationId: 'attacked', sectionId: 'p1~b' },
    { id: 'c', applicationId: 'attacked', sectionId: 'p1~c' },
    { id: 'd', applicationId: 'attacked', sectionId: 'p2' },
    { id: 'e', applicationId: 'ordinary', sectionId: 'p1' },
    { id: 'f', applicationId: 'ordinary', sectionId: 'p2' },
  ]);
});
