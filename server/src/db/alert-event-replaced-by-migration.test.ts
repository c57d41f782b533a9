/**
 * The alert_event_replaced_by migration rebuilds the AlertEvent table on SQLite (a column with a
 * foreign key cannot be added there in place): the events stored before it, ended or not, keep
 * their members' alerts, and none reads as replaced by an update (that was not recorded then).
 * Run on the database the suite runs on, after every migration before it.
 */
import { expect, it } from 'vitest';
import { rowsAcrossMigration } from '../testing/across-migration';

const MIGRATION = '20261204185134_alert_event_replaced_by';

const event = (id: string, cancelled: boolean) =>
  `INSERT INTO "AlertEvent" ("id", "source", "externalId", "kind", "title", "effectiveAt", "cancelledAt", "receivedVia") VALUES ('${id}', 'bom', 'IDW21037.${id}', 'hail', 'Severe thunderstorm warning', CURRENT_TIMESTAMP, ${cancelled ? 'CURRENT_TIMESTAMP' : 'NULL'}, 'api')`;
const match = (id: string, eventId: string) => `INSERT INTO "AlertMatch" ("id", "eventId", "userId", "paddocks") VALUES ('${id}', '${eventId}', 'member', '[]')`;

it('keeps every event stored before it with its members’ alerts, none of them replaced', async () => {
  const rows = [
    `INSERT INTO "User" ("id", "email", "firstName", "lastName", "permissions", "updatedAt") VALUES ('member', 'member@example.com', 'Dana', 'Farmer', '[]', CURRENT_TIMESTAMP)`,
    event('ended', true),
    event('current', false),
    match('alert-ended', 'ended'),
    match('alert-current', 'current'),
  ];
  const stored = (await rowsAcrossMigration(
    MIGRATION,
    rows,
    'SELECT m."id" AS "alertId", e."id" AS "eventId", e."cancelledAt" IS NOT NULL AS "ended", e."replacedById" FROM "AlertMatch" m JOIN "AlertEvent" e ON e."id" = m."eventId" ORDER BY m."id"',
  )) as Array<{ ended: unknown }>;
  // SQLite answers the comparison as 0 or 1, PostgreSQL as a boolean.
  expect(stored.map((row) => ({ ...row, ended: Boolean(row.ended) }))).toEqual([
    { alertId: 'alert-current', eventId: 'current', ended: false, replacedById: null },
    { alertId: 'alert-ended', eventId: 'ended', ended: true, replacedById: null },
  ]);
});
