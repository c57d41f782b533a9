/** Seasons as records (docs/seasons.md): staff's list, opening a season and changing its dates. */
import { z } from 'zod';
import { calendarDate } from './fields';
import { isCalendarDay } from '../perth-time';

/** A season's key and dates: what the rules of shared/domain/protection/seasons.ts read. */
export interface SeasonDates {
  year: number;
  opensOn: string;
  coverEndsOn: string;
}

const realDay = (label: string) => calendarDate.refine(isCalendarDay, `${label} is not a day that exists`);

export const seasonDatesInputSchema = z.object({
  opensOn: realDay('The opening day'),
  coverEndsOn: realDay('The last day of cover'),
});
export const openSeasonInputSchema = seasonDatesInputSchema.extend({
  year: z.coerce.number('Give the season’s year, such as 2027').int('Give the season’s year, such as 2027').min(2000, 'Give the season’s year, such as 2027').max(2100, 'Give the season’s year, such as 2027'),
});
export const seasonParamsSchema = z.object({ year: z.coerce.number().int().min(2000).max(2100) });

export const seasonSchema = z.object({
  year: z.number().int(),
  opensOn: calendarDate,
  coverEndsOn: calendarDate,
  standing: z.enum(['open', 'upcoming', 'closed']),
  /** Applications made in it, whatever they became. */
  applications: z.number().int(),
});
export type SeasonView = z.infer<typeof seasonSchema>;
export const seasonListSchema = z.object({
  seasons: z.array(seasonSchema),
  /** The dates offered for the next season. */
  proposal: z.object({ year: z.number().int(), opensOn: calendarDate, coverEndsOn: calendarDate }),
});
export const seasonResponseSchema = z.object({ season: seasonSchema });
