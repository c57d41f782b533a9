import { describe, expect, it } from 'vitest';
import { totalPayable } from '../estimates';
import { toCents } from '../pricing/money';
import { canMoveClaim, hurdleOutcome, isOpenClaim } from './claims';
import { contributionLines, gstInPayment, gstOn, invoiceTotals, membershipFeeLines } from './invoice';
import { formatCents, formatCentsForCsv } from '../../format';
import { afterHarvestDueDate, invoiceStanding, paymentSchedule } from './payment-plan';
import { apportion, seasonReport, seasonReportCsv } from './season-report';
import { detectPhotoType } from './uploads';

describe('GST and invoices', () => {
  it('charges GST at 10% to the cent, half up', () => {
    expect(gstOn(50_000)).toBe(5_000);
    expect(gstOn(5)).toBe(1);
    expect(gstOn(4)).toBe(0);
    expect(() => gstOn(-1)).toThrow(RangeError);
  });

  it('bills the membership fee as $500 + $50 GST', () => {
    expect(invoiceTotals(membershipFeeLines('2026'))).toEqual({ subtotalCents: 50_000, gstCents: 5_000, totalCents: 55_000 });
  });

  it('makes the two invoices add up to the quote’s total payable (docs/behaviour.md §9) for any premium', () => {
    for (const premium of [0, 250, 1234.56, 5857.32, 99_999.99]) {
      const total = invoiceTotals(contributionLines(premium, 'hail', '2026')).totalCents + invoiceTotals(membershipFeeLines('2026')).totalCents;
      expect(total).toBe(toCents(totalPayable(premium)));
    }
  });

  it('names the cover on the contribution line, with GST of 10% of it, and the loading GST-free on its own line', () => {
    expect(contributionLines(1000, 'both', '2026')).toEqual([
      { description: 'Contribution for Hail, Fire & Lightning protection, season 2026', amountCents: 100_000, gstCents: 10_000 },
      { description: 'Mutual loading, 10% of the contribution (GST-free)', amountCents: 10_000, gstCents: 0, gstFree: true },
    ]);
  });

  it('shows the GST within a part payment in proportion', () => {
    expect(gstInPayment(55_000, { gstCents: 5_000, totalCents: 55_000 })).toBe(5_000);
    expect(gstInPayment(18_334, { gstCents: 5_000, totalCents: 55_000 })).toBe(1_667);
    expect(gstInPayment(100, { gstCents: 0, totalCents: 0 })).toBe(0);
  });
});

describe('payment plans', () => {
  const issued = new Date('2026-06-10T02:00:00Z');

  it('pay now is due in 14 days', () => {
    expect(paymentSchedule('pay_now', 55_000, issued)).toEqual([{ dueDate: '2026-06-24', amountCents: 55_000 }]);
  });

  it('splits instalments evenly with the odd cents first, a month apart', () => {
    expect(paymentSchedule('instalments', 100_001, issued)).toEqual([
      { dueDate: '2026-06-24', amountCents: 33_335 },
      { dueDate: '2026-07-24', amountCents: 33_333 },
      { dueDate: '2026-08-24', amountCents: 33_333 },
    ]);
  });

  it('after harvest is due 31 January', () => {
    expect(afterHarvestDueDate(issued)).toBe('2027-01-31');
    expect(afterHarvestDueDate(new Date('2027-01-05T00:00:00Z'))).toBe('2027-01-31');
  });

  it('works out where an invoice stands', () => {
    const schedule = paymentSchedule('instalments', 90_000, issued);
    expect(invoiceStanding(schedule, 0, '2026-06-20').status).toBe('unpaid');
    expect(invoiceStanding(schedule, 0, '2026-06-25').status).toBe('overdue');
    expect(invoiceStanding(schedule, 30_000, '2026-06-25')).toMatchObject({ status: 'part_paid', outstandingCents: 60_000, next: { dueDate: '2026-07-24', amountCents: 30_000 } });
    expect(invoiceStanding(schedule, 90_000, '2026-12-01')).toMatchObject({ status: 'paid', next: null });
  });
});

describe('claims', () => {
  const paddocks = [
    { name: 'North', crop: 'wheat', areaHa: 100, valueCents: 10_000_000, hurdlePercentage: 5 },
    { name: 'Creek', crop: 'canola', areaHa: 50, valueCents: 5_000_000, hurdlePercentage: 15 },
  ];

  it('adds each paddock’s hurdle and says what is above it', () => {
    const outcome = hurdleOutcome(paddocks, 2_000_000);
    expect(outcome.hurdleCents).toBe(500_000 + 750_000);
    expect(outcome.aboveHurdleCents).toBe(750_000);
    expect(outcome.clearsHurdle).toBe(true);
    expect(outcome.lossPercentage).toBe(13.3);
    expect(outcome.explanation).toContain('$12,500.00');
  });

  it('explains a loss within the hurdle', () => {
    const outcome = hurdleOutcome([paddocks[0]!], 300_000);
    expect(outcome.clearsHurdle).toBe(false);
    expect(outcome.explanation).toContain('within it');
    expect(outcome.explanation).toContain('5%');
  });

  it('moves claims only forward along the allowed paths', () => {
    expect(canMoveClaim('lodged', 'under_assessment')).toBe(true);
    expect(canMoveClaim('lodged', 'paid')).toBe(false);
    expect(canMoveClaim('paid', 'lodged')).toBe(false);
    expect(isOpenClaim('accepted')).toBe(true);
    expect(isOpenClaim('declined')).toBe(false);
  });
});

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

describe('money and photos', () => {
  it('formats cents', () => {
    expect(formatCents(123_456)).toBe('$1,234.56');
    expect(formatCentsForCsv(-5)).toBe('-0.05');
  });

  it('recognises photos by their bytes', () => {
    expect(detectPhotoType(new Uint8Array([0xff, 0xd8, 0xff, 0xe0]))).toBe('image/jpeg');
    expect(detectPhotoType(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))).toBe('image/png');
    expect(detectPhotoType(new TextEncoder().encode('RIFF\0\0\0\0WEBPVP8 '))).toBe('image/webp');
    expect(detectPhotoType(new TextEncoder().encode('\0\0\0\x18ftypheic\0\0\0\0'))).toBe('image/heic');
    expect(detectPhotoType(new TextEncoder().encode('%PDF-1.7'))).toBeNull();
  });
});

describe('next season’s quote', () => {
  it('carries each paddock with its boundary or typed area into a valid new draft', async () => {
    const { createDraftBodySchema } = await import('../../contracts/drafts');
    const { nextSeasonDraft } = await import('./next-season');
    const square = {
      type: 'Polygon',
      coordinates: [
        [
          [117, -31],
          [117.01, -31],
          [117.01, -31.01],
          [117, -31.01],
          [117, -31],
        ],
      ],
    };
    const body = nextSeasonDraft(
      'draft_next_1',
      'user-1',
      [
        { id: 'p1', name: 'North', areaHa: 120, crop: 'wheat', expectedYield: 2.5, pricePerTonne: 330, hurdlePercentage: 5, geometry: square },
        { id: 'p2', name: 'Creek', areaHa: 40, crop: null, expectedYield: null, pricePerTonne: null, hurdlePercentage: null, geometry: null },
      ],
      'CWB',
    );
    expect(createDraftBodySchema.safeParse(body).success).toBe(true);
    const sections = (body.data as { farmData: { paddockSections: Array<{ area: number; userDefinedArea?: number; crop?: string }> } }).farmData.paddockSections;
    expect(sections[0]).toMatchObject({ area: 120, crop: 'wheat' });
    expect(sections[1]).toMatchObject({ area: 0, userDefinedArea: 40 });
  });
});
