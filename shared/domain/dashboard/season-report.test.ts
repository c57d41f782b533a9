import { describe, expect, it } from 'vitest';
import { apportion, seasonReport, seasonReportCsv } from './season-report';

describe('season report', () => {
  it('apportions cents so the parts add up', () => {
    expect(apportion(100, [1, 1, 1])).toEqual([34, 33, 33]);
    expect(apportion(10, [0, 0])).toEqual([5, 5]);
    expect(apportion(0, [])).toEqual([]);
  });

  it('sums by paddock and by crop, and the contributions add up to the protection’s', () => {
    const report = seasonReport(
      [
        {
          id: 'a',
          season: '2026',
          stage: 'protected',
          coverageDescription: 'Hail',
          contributionCents: 100_001,
          paddocks: [
            { id: 'p1', name: 'North', crop: 'wheat', areaHa: 100, valueCents: 2_000_000, priced: true },
            { id: 'p2', name: 'South', crop: 'wheat', areaHa: 50, valueCents: 1_000_000, priced: true },
            { id: 'p3', name: 'Bush', crop: null, areaHa: 20, valueCents: 0, priced: false },
          ],
        },
        { id: 'old', season: '2025', stage: 'ended', coverageDescription: 'Hail', contributionCents: 5, paddocks: [] },
        // Submitted, not protected: never value protected, only counted apart.
        {
          id: 'waiting',
          season: '2026',
          stage: 'invoiced',
          coverageDescription: 'Fire',
          contributionCents: 9_999,
          paddocks: [{ id: 'w1', name: 'West', crop: 'canola', areaHa: 80, valueCents: 34_504_764, priced: true }],
        },
      ],
      [{ applicationId: 'a', estimatedLossCents: 30_000, affectedPaddocks: [{ paddockId: 'p1', valueCents: 2_000_000 }] }],
    );
    expect(report.season).toBe('2026');
    expect(report.seasons).toEqual(['2026', '2025']);
    expect(report.applicationsNotYetProtected).toBe(1);
    expect(report.totals.valueCents).toBe(3_000_000);
    expect(report.byPaddock.map((row) => row.contributionCents)).toEqual([66_667, 33_334]);
    expect(report.byCrop).toEqual([{ crop: 'wheat', areaHa: 150, valueCents: 3_000_000, contributionCents: 100_001, claims: 1, claimedCents: 30_000 }]);
    const csv = seasonReportCsv(report);
    expect(csv.split('\r\n')[1]).toBe('2026,North,wheat,Hail,100,20000.00,666.67,1,300.00');
    expect(csv).toContain('2026,Total,,,150,30000.00,1000.01,1,300.00');
  });
});
