import { describe, expect, it } from 'vitest';
import { conversionByReferrer, conversionBySource, conversionTotal, type ConvertingLead } from './conversion';

const leads: ConvertingLead[] = [
  { source: 'register_interest', referrerCode: null, stage: 'won' },
  { source: 'register_interest', referrerCode: null, stage: 'new' },
  { source: 'register_interest', referrerCode: null, stage: 'lost' },
  { source: 'register_interest', referrerCode: null, stage: 'contacted' },
  { source: 'referrer', referrerCode: 'AGRI', stage: 'won' },
  { source: 'referrer', referrerCode: 'AGRI', stage: 'quoted' },
  { source: 'callback', referrerCode: 'BANK', stage: 'won' },
];

describe('lead conversion', () => {
  it('counts every source in a fixed order, with a rate of won to leads', () => {
    expect(conversionBySource(leads)).toEqual([
      { key: 'register_interest', leads: 4, won: 1, lost: 1, open: 2, rate: 0.25 },
      { key: 'contact', leads: 0, won: 0, lost: 0, open: 0, rate: 0 },
      { key: 'callback', leads: 1, won: 1, lost: 0, open: 0, rate: 1 },
      { key: 'referrer', leads: 2, won: 1, lost: 0, open: 1, rate: 0.5 },
      { key: 'draft', leads: 0, won: 0, lost: 0, open: 0, rate: 0 },
    ]);
  });

  it('ranks referrers by leads and puts leads without one last', () => {
    expect(conversionByReferrer(leads).map((row) => [row.key, row.leads, row.won])).toEqual([
      ['AGRI', 2, 1],
      ['BANK', 1, 1],
      ['', 4, 1],
    ]);
  });

  it('adds up the period', () => {
    expect(conversionTotal(leads)).toEqual({ key: 'all', leads: 7, won: 3, lost: 1, open: 3, rate: 3 / 7 });
    expect(conversionTotal([]).rate).toBe(0);
  });
});
