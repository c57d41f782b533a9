import { describe, expect, it } from 'vitest';
import { describeDanger, describeRaise, warningRaise, worstTold } from './escalation';

describe('whether an update raised a warning', () => {
  it('raises on a higher CAP severity or on the fire warning scale, as the issuer wrote it', () => {
    expect(warningRaise({ severity: 'Severe', hailSizeMm: null }, { severity: 'Extreme', hailSizeMm: null })).toEqual({ level: ['Severe', 'Extreme'], hailMm: null });
    expect(warningRaise({ severity: 'Advice', hailSizeMm: null }, { severity: 'Emergency Warning', hailSizeMm: null })?.level).toEqual(['Advice', 'Emergency Warning']);
    expect(warningRaise({ severity: 'watch and act', hailSizeMm: null }, { severity: 'Emergency Warning ', hailSizeMm: null })?.level).toEqual(['watch and act', 'Emergency Warning']);
  });

  it('does not raise on the same level, a lower one, an unknown one, or levels of two scales', () => {
    for (const [before, after] of [
      ['Severe', 'Severe'],
      ['Extreme', 'Severe'],
      ['Severe', 'Unknown'],
      ['Unknown', 'Extreme'],
      [null, 'Extreme'],
      ['Advice', 'Extreme'],
      ['Emergency Warning', 'Watch and Act'],
    ] as const) {
      expect(warningRaise({ severity: before, hailSizeMm: null }, { severity: after, hailSizeMm: null })).toBeNull();
    }
  });

  it('raises on hail bigger than any size given before, and not on the same or smaller hail', () => {
    expect(warningRaise({ severity: 'Severe', hailSizeMm: 20 }, { severity: 'Severe', hailSizeMm: 50 })).toEqual({ level: null, hailMm: [20, 50] });
    expect(warningRaise({ severity: 'Severe', hailSizeMm: null }, { severity: 'Severe', hailSizeMm: 30 })).toEqual({ level: null, hailMm: [null, 30] });
    expect(warningRaise({ severity: 'Severe', hailSizeMm: 50 }, { severity: 'Severe', hailSizeMm: 50 })).toBeNull();
    expect(warningRaise({ severity: 'Severe', hailSizeMm: 50 }, { severity: 'Severe', hailSizeMm: null })).toBeNull();
  });

  it('compares with the worst a member was told among the issues replaced', () => {
    const told = worstTold([
      { severity: 'Moderate', hailSizeMm: 40 },
      { severity: 'Severe', hailSizeMm: 20 },
      { severity: 'Unknown', hailSizeMm: null },
    ]);
    expect(told).toEqual({ severity: 'Severe', hailSizeMm: 40 });
    expect(warningRaise(told, { severity: 'Severe', hailSizeMm: 30 })).toBeNull();
    expect(worstTold([])).toEqual({ severity: null, hailSizeMm: null });
  });

  it('says what rose in words for the e-mail', () => {
    expect(describeRaise({ level: ['Severe', 'Extreme'], hailMm: [20, 50] })).toBe('from Severe to Extreme, hail up to 5 cm (was up to 2 cm)');
    expect(describeRaise({ level: null, hailMm: [null, 30] })).toBe('hail up to 3 cm');
  });

  it('says what one issue gave, for the member’s list of a warning’s issues', () => {
    expect(describeDanger({ severity: 'Severe', hailSizeMm: 45 })).toBe('Severe, hail up to 4.5 cm');
    expect(describeDanger({ severity: 'Watch and Act', hailSizeMm: null })).toBe('Watch and Act');
    expect(describeDanger({ severity: null, hailSizeMm: null })).toBe('');
  });
});
