import { describe, expect, it } from 'vitest';
import { answersInformationRequest, canMoveClaim, claimEventDateProblem, hurdleOutcome, isOpenClaim, latestClaimEventDate } from './claims';
import { detectPhotoType } from './uploads';

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

  it('considers no more than the value protected, and says a larger estimate needs checking', () => {
    // $250,000 estimated on $150,000 protected: a slip of a digit, most likely. It was told "about $237,500.00 is considered".
    const outcome = hurdleOutcome(paddocks, 25_000_000);
    expect(outcome.aboveHurdleCents).toBe(15_000_000 - 1_250_000);
    expect(outcome.lossPercentage).toBe(166.7);
    expect(outcome.explanation).toBe(
      'Your estimated loss of $250,000.00 is more than the $150,000.00 protected on these paddocks: check the amount. At most $137,500.00 (the value protected less the hurdle of each paddock, $12,500.00) can be considered once the loss is assessed.',
    );
    expect(hurdleOutcome([{ ...paddocks[0]!, hurdlePercentage: 0 }], 25_000_000, 'staff').explanation).toBe(
      'Their estimated loss of $250,000.00 is more than the $100,000.00 protected on these paddocks: check the amount. At most the value protected can be considered once the loss is assessed.',
    );
  });

  it('explains a loss within the hurdle', () => {
    const outcome = hurdleOutcome([paddocks[0]!], 300_000);
    expect(outcome.clearsHurdle).toBe(false);
    expect(outcome.explanation).toContain('within it');
    expect(outcome.explanation).toContain('5%');
  });

  it('speaks to whoever reads it: the member, their broker or staff', () => {
    const sentences = (['member', 'client', 'staff'] as const).map((reader) => hurdleOutcome([paddocks[0]!], 300_000, reader).explanation);
    expect(sentences).toEqual([
      'Your hurdle is 5% of the $100,000.00 protected on these paddocks: $5,000.00. Your estimated loss of $3,000.00 is within it, so unless the assessment finds a larger loss nothing is payable.',
      'Your client’s hurdle is 5% of the $100,000.00 protected on these paddocks: $5,000.00. Their estimated loss of $3,000.00 is within it, so unless the assessment finds a larger loss nothing is payable.',
      'The member’s hurdle is 5% of the $100,000.00 protected on these paddocks: $5,000.00. Their estimated loss of $3,000.00 is within it, so unless the assessment finds a larger loss nothing is payable.',
    ]);
    expect(hurdleOutcome([], 300_000, 'staff').explanation).toBe('No protected value is recorded on the affected paddocks, so the hurdle cannot be worked out yet. Confirm the paddocks with the member.');
  });

  it('moves claims only forward along the allowed paths', () => {
    expect(canMoveClaim('lodged', 'under_assessment')).toBe(true);
    expect(canMoveClaim('lodged', 'paid')).toBe(false);
    expect(canMoveClaim('paid', 'lodged')).toBe(false);
    expect(isOpenClaim('accepted')).toBe(true);
    expect(isOpenClaim('declined')).toBe(false);
  });

  it('sends the member’s answer to staff’s question to the support queue, and nothing else said on a claim', () => {
    expect(answersInformationRequest('information_requested', false)).toBe(true);
    expect(answersInformationRequest('information_requested', true)).toBe(false);
    expect(answersInformationRequest('under_assessment', false)).toBe(false);
  });
});

describe('photos', () => {
  it('recognises photos by their bytes', () => {
    expect(detectPhotoType(new Uint8Array([0xff, 0xd8, 0xff, 0xe0]))).toBe('image/jpeg');
    expect(detectPhotoType(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))).toBe('image/png');
    expect(detectPhotoType(new TextEncoder().encode('RIFF\0\0\0\0WEBPVP8 '))).toBe('image/webp');
    expect(detectPhotoType(new TextEncoder().encode('\0\0\0\x18ftypheic\0\0\0\0'))).toBe('image/heic');
    expect(detectPhotoType(new TextEncoder().encode('%PDF-1.7'))).toBeNull();
  });
});

describe('the day of a claim’s damage', () => {
  const cover = { startedOn: '2026-09-10', endsOn: '2027-03-31' };

  it('may be any day from the day cover started to today, both included', () => {
    for (const day of ['2026-09-10', '2026-10-14', '2026-12-03']) expect(claimEventDateProblem(day, '2026-12-03', cover)).toBeUndefined();
  });

  it('is refused in the future, before cover started and after it ended, each with its own sentence', () => {
    expect(claimEventDateProblem('2026-12-04', '2026-12-03', cover)?.error).toBe('event_in_future');
    expect(claimEventDateProblem('2026-09-09', '2026-12-03', cover)).toEqual({
      error: 'event_before_cover',
      message:
        'Cover on this protection started on 10 Sept 2026: the board considers claims only for damage from that day on. If the damage happened before it, tell us through Help all the same and we will talk it through with you.',
    });
    expect(claimEventDateProblem('2027-04-01', '2027-05-01', cover)).toEqual({
      error: 'event_after_cover',
      message: 'Cover on this protection ended on 31 Mar 2027: the board considers claims only for damage while cover ran.',
    });
  });

  it('can be at the latest today, or the day cover ended once it has', () => {
    expect(latestClaimEventDate('2026-12-03', cover)).toBe('2026-12-03');
    expect(latestClaimEventDate('2027-05-01', cover)).toBe('2027-03-31');
  });
});
