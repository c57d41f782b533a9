import { describe, expect, it } from 'vitest';
import { renewalFrom, renewalStage } from './renewal';

const protection = (id: string, season: string, stage: 'submitted' | 'invoiced' | 'protected' | 'ended', submittedAt = `${season}-06-01T00:00:00.000Z`) => ({ id, season, stage, submittedAt });

describe('the renewal due when a season opens', () => {
  it('starts from the latest application of an earlier season whose cover started', () => {
    const protections = [
      protection('2025-hail', '2025', 'ended'),
      protection('2026-early', '2026', 'protected', '2026-05-01T00:00:00.000Z'),
      protection('2026-late', '2026', 'protected', '2026-07-01T00:00:00.000Z'),
    ];
    expect(renewalFrom(protections, 2027)?.id).toBe('2026-late');
  });

  it('skips applications whose cover never started', () => {
    expect(renewalFrom([protection('ended-2025', '2025', 'ended'), protection('unpaid-2026', '2026', 'invoiced')], 2027)?.id).toBe('ended-2025');
    expect(renewalFrom([protection('unpaid-2026', '2026', 'invoiced')], 2027)).toBeNull();
  });

  it('is not due once the member has applied in the open season, whatever became of it, nor before a new season opens', () => {
    expect(renewalFrom([protection('2026', '2026', 'protected'), protection('2027', '2027', 'submitted')], 2027)).toBeNull();
    expect(renewalFrom([protection('2026', '2026', 'protected')], 2026)).toBeNull();
    expect(renewalFrom([], 2027)).toBeNull();
  });
});

describe('the renewal pipeline', () => {
  const facts = { appliedInSeason: false, draftSinceOpen: false, renewsCoverEndsOn: '2027-03-31' };

  it('is submitted once they applied in the open season, started with a quote in progress, lapsed when their cover ran out, else due', () => {
    expect(renewalStage({ ...facts, appliedInSeason: true, draftSinceOpen: true }, '2027-05-01')).toBe('submitted');
    expect(renewalStage({ ...facts, draftSinceOpen: true }, '2027-05-01')).toBe('started');
    expect(renewalStage(facts, '2027-03-31')).toBe('due');
    expect(renewalStage(facts, '2027-04-01')).toBe('lapsed');
  });
});
