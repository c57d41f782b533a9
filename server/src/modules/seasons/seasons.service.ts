/**
 * Seasons as records (docs/seasons.md): the season a day's quotes are for, staff's list, opening a
 * season and changing the dates of one not yet open.
 */
import type { SeasonDates, SeasonView } from '@shared/contracts/seasons';
import { calendarSeason, nextSeasonProposal, seasonOn, seasonProblems, seasonStanding } from '@shared/domain/protection/seasons';
import { perthToday } from '@shared/perth-time';
import type { Database, DatabaseWriter } from '../../db/client';
import { badRequest, notFound } from '../../lib/app-error';
import { auditEntry } from '../../lib/audit-log';
import { isUniqueViolation } from '../../lib/sequential-number';
import { ValidationError } from '../../lib/validate';

export const SEASON_OPENED_AUDIT_ACTION = 'season.opened';
export const SEASON_CHANGED_AUDIT_ACTION = 'season.changed';

const allSeasons = (db: DatabaseWriter): Promise<SeasonDates[]> => db.season.findMany({ select: { year: true, opensOn: true, coverEndsOn: true }, orderBy: { year: 'asc' } });

/**
 * The season a WA day's quotes and applications are for. Before staff have opened any season that
 * covers the day (a new install), its calendar year's season is made, as the mutual always counted it.
 */
export async function seasonFor(db: DatabaseWriter, day: string): Promise<SeasonDates> {
  // Seasons are a handful of rows (one a year): the shared rule picks the open one.
  const open = seasonOn(await allSeasons(db), day);
  if (open) return open;
  const season = calendarSeason(day);
  try {
    await db.season.create({ data: season });
  } catch (error) {
    // Another request made it first, or staff already opened that year later than the day: answer what is there.
    if (!isUniqueViolation(error)) throw error;
  }
  return seasonOn(await allSeasons(db), day) ?? season;
}

/** Every season, newest first, the one open today among them (made on a new install, as quotes would make it). */
export async function listSeasons(db: Database, today = perthToday()): Promise<{ seasons: SeasonView[]; proposal: SeasonDates }> {
  await seasonFor(db, today);
  const [seasons, counts] = await Promise.all([allSeasons(db), db.protectionApplication.groupBy({ by: ['seasonYear'], _count: { _all: true } })]);
  const applications = new Map(counts.map((row) => [row.seasonYear, row._count._all]));
  return {
    seasons: seasons.reverse().map((season) => ({ ...season, standing: seasonStanding(seasons, season, today), applications: applications.get(season.year) ?? 0 })),
    proposal: nextSeasonProposal(seasons, today),
  };
}

/** The problems beside their fields, as a form shows a schema's. */
const refuse = (problems: ReturnType<typeof seasonProblems>) => {
  if (problems.length > 0) throw new ValidationError(problems);
};

async function present(db: Database, year: number): Promise<SeasonView> {
  const season = (await listSeasons(db)).seasons.find((item) => item.year === year);
  if (!season) throw notFound('That season does not exist.');
  return season;
}

/** Staff open a season with its dates: from its first day, quotes are for it. */
export async function openSeason(db: Database, actorId: string, candidate: SeasonDates, today = perthToday()): Promise<SeasonView> {
  refuse(seasonProblems(candidate, await allSeasons(db), today));
  try {
    await db.$transaction([db.season.create({ data: { ...candidate, openedById: actorId } }), auditEntry(db, { actorId, customerId: null, action: SEASON_OPENED_AUDIT_ACTION, details: { ...candidate } })]);
  } catch (error) {
    if (isUniqueViolation(error)) throw badRequest('Another season opens on that day, or that year was opened a moment ago. Reload and look again.', 'season_dates');
    throw error;
  }
  return present(db, candidate.year);
}

/** Staff move the dates of a season that has not opened yet. */
export async function changeSeason(db: Database, actorId: string, year: number, dates: Omit<SeasonDates, 'year'>, today = perthToday()): Promise<SeasonView> {
  const seasons = await allSeasons(db);
  const current = seasons.find((season) => season.year === year);
  if (!current) throw notFound('That season does not exist.');
  refuse(seasonProblems({ year, ...dates }, seasons, today, current));
  await db.$transaction([
    db.season.update({ where: { year }, data: dates }),
    auditEntry(db, { actorId, customerId: null, action: SEASON_CHANGED_AUDIT_ACTION, details: { year, from: { opensOn: current.opensOn, coverEndsOn: current.coverEndsOn }, to: dates } }),
  ]);
  return present(db, year);
}
