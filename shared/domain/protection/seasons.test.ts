import { describe, expect, it } from 'vitest';
import { calendarSeason, nextSeasonProposal, seasonOn, seasonProblems, seasonStanding } from './seasons';

const s2025 = { year: 2025, opensOn: '2025-01-01', coverEndsOn: '2026-03-31' };
const s2026 = { year: 2026, opensOn: '2026-01-01', coverEndsOn: '2027-03-31' };
// Renewals for the 2027 crop open on 1 December 2026, while the 2026 cover still runs.
const s2027 = { year: 2027, opensOn: '2026-12-01', coverEndsOn: '2028-03-31' };
const seasons = [s2025, s2026, s2027];

describe('the season a day belongs to', () => {
  it('is the one opened latest on or before it, not the calendar year', () => {
    expect(seasonOn(seasons, '2026-11-30')?.year).toBe(2026);
    expect(seasonOn(seasons, '2026-12-01')?.year).toBe(2027);
    expect(seasonOn(seasons, '2027-06-15')?.year).toBe(2027);
    expect(seasonOn(seasons, '2024-12-31')).toBeUndefined();
  });

  it('is its calendar year’s when staff have opened none', () => {
    expect(calendarSeason('2026-11-28')).toEqual(s2026);
  });

  it('stands open, upcoming or closed', () => {
    expect(seasonStanding(seasons, s2026, '2026-11-28')).toBe('open');
    expect(seasonStanding(seasons, s2027, '2026-11-28')).toBe('upcoming');
    expect(seasonStanding(seasons, s2026, '2026-12-02')).toBe('closed');
    expect(seasonStanding(seasons, s2027, '2026-12-02')).toBe('open');
  });
});

describe('opening and changing a season', () => {
  it('offers the year after the latest, from 1 January to 31 March after harvest, or from today when that is past', () => {
    expect(nextSeasonProposal([s2025, s2026], '2026-11-28')).toEqual({ year: 2027, opensOn: '2027-01-01', coverEndsOn: '2028-03-31' });
    expect(nextSeasonProposal([s2025], '2026-11-28')).toEqual({ year: 2026, opensOn: '2026-11-28', coverEndsOn: '2027-03-31' });
    expect(nextSeasonProposal([], '2026-11-28')).toEqual({ year: 2026, opensOn: '2026-11-28', coverEndsOn: '2027-03-31' });
  });

  it('fits when it follows the seasons before it', () => {
    expect(seasonProblems(s2027, [s2025, s2026], '2026-11-28')).toEqual([]);
  });

  it('says what is wrong beside the field: a year taken, a day past, out of order, cover ending too soon', () => {
    expect(seasonProblems(s2026, seasons, '2025-11-28')).toEqual([{ path: 'year', message: 'The 2026 season is already open or set to open.' }]);
    expect(seasonProblems({ year: 2028, opensOn: '2026-11-01', coverEndsOn: '2029-03-31' }, seasons, '2026-11-28')).toEqual([
      { path: 'opensOn', message: 'A season cannot open on a day already past: choose today or a later day.' },
      { path: 'opensOn', message: 'The 2028 season must open after the 2027 season, which opened on 1 December 2026.' },
    ]);
    expect(seasonProblems({ year: 2028, opensOn: '2027-12-01', coverEndsOn: '2027-11-30' }, seasons, '2026-11-28')).toEqual([{ path: 'coverEndsOn', message: 'Cover must end after the season opens.' }]);
    expect(seasonProblems({ year: 2028, opensOn: '2027-12-01', coverEndsOn: '2028-12-31' }, seasons, '2026-11-28')).toEqual([
      { path: 'coverEndsOn', message: 'Cover of the 2028 season runs through its harvest: it ends in 2029 or later.' },
    ]);
  });

  it('changes the dates of a season not yet open, between its neighbours; an opened one keeps its dates', () => {
    expect(seasonProblems({ ...s2027, opensOn: '2027-01-01' }, seasons, '2026-11-28', s2027)).toEqual([]);
    expect(seasonProblems({ ...s2027, opensOn: '2025-06-01' }, seasons, '2025-05-01', s2027)).toEqual([
      { path: 'opensOn', message: 'The 2027 season must open after the 2026 season, which opened on 1 January 2026.' },
    ]);
    expect(seasonProblems({ ...s2026, coverEndsOn: '2027-04-30' }, seasons, '2026-11-28', s2026)).toEqual([
      { path: 'opensOn', message: 'The 2026 season opened on 1 January 2026: its dates can no longer change, as quotes were made in it.' },
    ]);
  });
});
