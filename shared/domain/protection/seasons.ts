/**
 * Seasons as records (docs/seasons.md): staff open each with its dates, and a day's quotes and
 * applications are for the season opened latest on or before it. These rules decide which season
 * a day belongs to, how a season stands, and whether a season staff open or change fits the others.
 */
import type { SeasonDates } from '../../contracts/seasons';
import { formatLongDate } from '../../format';

/** The season a WA day's quotes are for: the one opened latest on or before it (none before the first opens). */
export function seasonOn<S extends SeasonDates>(seasons: readonly S[], day: string): S | undefined {
  return seasons.filter((season) => season.opensOn <= day).reduce<S | undefined>((latest, season) => (!latest || season.opensOn > latest.opensOn ? season : latest), undefined);
}

/** The season a day belongs to when staff have opened none yet: its calendar year's, opened 1 January, its cover ending 31 March after harvest. */
export const calendarSeason = (day: string): SeasonDates => {
  const year = Number(day.slice(0, 4));
  return { year, opensOn: `${year}-01-01`, coverEndsOn: `${year + 1}-03-31` };
};

export type SeasonStanding = 'open' | 'upcoming' | 'closed';

export const SEASON_STANDING_LABELS: Record<SeasonStanding, string> = { open: 'Open: new quotes are for it', upcoming: 'Opens later', closed: 'Closed to new quotes' };

/** Open: today's quotes are for it; upcoming: it opens later; closed: a later season has opened (its cover may still run). */
export function seasonStanding(seasons: readonly SeasonDates[], season: SeasonDates, today: string): SeasonStanding {
  if (season.opensOn > today) return 'upcoming';
  return seasonOn(seasons, today)?.year === season.year ? 'open' : 'closed';
}

/** The dates staff are offered for the next season: the year after the latest, opening 1 January of it, cover to 31 March after. */
export function nextSeasonProposal(seasons: readonly SeasonDates[], today: string): SeasonDates {
  const latest = seasons.reduce<SeasonDates | undefined>((last, season) => (!last || season.year > last.year ? season : last), undefined);
  const proposed = calendarSeason(`${latest ? latest.year + 1 : Number(today.slice(0, 4))}-01-01`);
  // Never offer a day already past: a season opened today starts now.
  return proposed.opensOn < today ? { ...proposed, opensOn: today } : proposed;
}

/**
 * What is wrong with a season staff open or change, among the others (`seasons` holds them all, the
 * one changed too), in words beside the fields; empty when it fits. Seasons follow one another: each
 * opens after the one before it and before the one after, and its cover ends after it opens. A day
 * already past is not moved, so no quote changes season after it was made.
 */
export function seasonProblems(candidate: SeasonDates, seasons: readonly SeasonDates[], today: string, changing?: SeasonDates): Array<{ path: 'year' | 'opensOn' | 'coverEndsOn'; message: string }> {
  const problems: Array<{ path: 'year' | 'opensOn' | 'coverEndsOn'; message: string }> = [];
  const others = seasons.filter((season) => season.year !== (changing?.year ?? candidate.year));
  if (!changing && seasons.some((season) => season.year === candidate.year)) problems.push({ path: 'year', message: `The ${candidate.year} season is already open or set to open.` });
  if (changing && changing.opensOn <= today)
    problems.push({ path: 'opensOn', message: `The ${changing.year} season opened on ${formatLongDate(changing.opensOn)}: its dates can no longer change, as quotes were made in it.` });
  else if (candidate.opensOn < today) problems.push({ path: 'opensOn', message: 'A season cannot open on a day already past: choose today or a later day.' });
  const before = others.filter((season) => season.year < candidate.year).sort((a, b) => b.year - a.year)[0];
  const after = others.filter((season) => season.year > candidate.year).sort((a, b) => a.year - b.year)[0];
  if (before && candidate.opensOn <= before.opensOn)
    problems.push({ path: 'opensOn', message: `The ${candidate.year} season must open after the ${before.year} season, which opened on ${formatLongDate(before.opensOn)}.` });
  if (after && candidate.opensOn >= after.opensOn)
    problems.push({ path: 'opensOn', message: `The ${candidate.year} season must open before the ${after.year} season, which opens on ${formatLongDate(after.opensOn)}.` });
  if (candidate.coverEndsOn <= candidate.opensOn) problems.push({ path: 'coverEndsOn', message: 'Cover must end after the season opens.' });
  else if (candidate.coverEndsOn < `${candidate.year + 1}-01-01`)
    problems.push({ path: 'coverEndsOn', message: `Cover of the ${candidate.year} season runs through its harvest: it ends in ${candidate.year + 1} or later.` });
  return problems;
}
