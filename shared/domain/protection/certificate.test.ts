import { describe, expect, it } from 'vitest';
import { formatCertificateCode, normaliseCertificateCode } from '../../contracts/certificates';
import { certificateStanding, certificateStandingSentence, certificateTotals, coverStartDay, coverStartedAt } from './certificate';

describe('a certificate code', () => {
  it('is printed in groups of four and read back however a person types it', () => {
    expect(formatCertificateCode('K7QM4XPD9TWB')).toBe('K7QM-4XPD-9TWB');
    expect(normaliseCertificateCode('K7QM-4XPD-9TWB')).toBe('K7QM4XPD9TWB');
    expect(normaliseCertificateCode(' k7qm 4xpd 9twb ')).toBe('K7QM4XPD9TWB');
    // Crockford's alphabet has no O, I or L: typed for 0 and 1, they still match.
    expect(normaliseCertificateCode('O1IL-0000-0000')).toBe('011100000000');
  });

  it('is not a code when it is too short, too long or holds a character the alphabet lacks', () => {
    expect(normaliseCertificateCode('K7QM-4XPD-9TW')).toBeNull();
    expect(normaliseCertificateCode('K7QM-4XPD-9TWBB')).toBeNull();
    expect(normaliseCertificateCode('K7QM-4XPD-9TWU')).toBeNull();
    expect(normaliseCertificateCode('K7QM-4XPD-9TW!')).toBeNull();
  });
});

describe('how a certificate stands when a lender checks it', () => {
  const standing = { withdrawnAt: null, stage: 'protected' as const, endsOn: '2027-03-31' };

  it('is current while cover runs, to its last day', () => {
    expect(certificateStanding(standing, '2026-12-01')).toBe('current');
    expect(certificateStanding(standing, '2027-03-31')).toBe('current');
  });

  it('has ended after its last day, or once its application ended', () => {
    expect(certificateStanding(standing, '2027-04-01')).toBe('ended');
    expect(certificateStanding({ ...standing, stage: 'ended' }, '2026-12-01')).toBe('ended');
  });

  it('is withdrawn once staff withdrew it, or when the payment that started cover was reversed', () => {
    expect(certificateStanding({ ...standing, withdrawnAt: '2026-12-02T01:00:00Z' }, '2026-12-01')).toBe('withdrawn');
    expect(certificateStanding({ ...standing, stage: 'invoiced' }, '2026-12-01')).toBe('withdrawn');
    // Withdrawn says more to a lender than ended: it wins.
    expect(certificateStanding({ ...standing, stage: 'ended', withdrawnAt: '2026-12-02T01:00:00Z' }, '2027-05-01')).toBe('withdrawn');
  });

  it('says so in a sentence naming the mutual', () => {
    expect(certificateStandingSentence('current', 'Grain Growers Mutual Limited', '31 March 2027')).toBe(
      'Genuine and current: Grain Growers Mutual Limited issued this certificate and the protection it describes is in force until 31 March 2027.',
    );
    expect(certificateStandingSentence('ended', 'Grain Growers Mutual Limited', '31 March 2027')).toBe(
      'Genuine, but no longer current: the protection this certificate describes has ended (its last day was 31 March 2027).',
    );
    expect(certificateStandingSentence('withdrawn', 'Grain Growers Mutual Limited', '31 March 2027')).toBe(
      'Withdrawn: Grain Growers Mutual Limited issued this certificate but has withdrawn it, and it no longer stands. Ask the member for their current certificate.',
    );
  });
});

describe('what a certificate certifies', () => {
  it('totals its paddocks, worked by hand: 200 + 100.255 ha to the hundredth, $300,000 + $200,000', () => {
    expect(
      certificateTotals([
        { name: 'North Paddock', crop: 'wheat', hectares: 200, valueCents: 30_000_000 },
        { name: 'Creek Flat', crop: 'canola', hectares: 100.255, valueCents: 20_000_000 },
      ]),
    ).toEqual({ paddocks: 2, hectares: 300.26, valueCents: 50_000_000 });
  });

  it('dates the start of cover by the first payment that counts or staff marking it active, whichever came first', () => {
    const paid = new Date('2026-11-02T03:14:00Z');
    const marked = new Date('2026-11-03T01:00:00Z');
    expect(coverStartedAt(paid, marked)).toEqual(paid);
    expect(coverStartedAt(null, marked)).toEqual(marked);
    expect(coverStartedAt(paid, null)).toEqual(paid);
    expect(coverStartedAt(null, null)).toBeNull();
  });
});

describe('the day cover started, as members are told it and claims are judged by it', () => {
  it('is the day the first payment reached the mutual or the Perth day staff marked the application active, whichever came first', () => {
    expect(coverStartDay('2026-10-03', null)).toBe('2026-10-03');
    // Marked active at 7 am on 1 October in Perth (23:00 UTC the day before).
    expect(coverStartDay('2026-10-03', new Date('2026-09-30T23:00:00Z'))).toBe('2026-10-01');
    expect(coverStartDay('2026-09-20', new Date('2026-09-30T23:00:00Z'))).toBe('2026-09-20');
    expect(coverStartDay(null, null)).toBeNull();
  });
});
