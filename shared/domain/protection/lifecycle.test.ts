import { describe, expect, it } from 'vitest';
import { PROTECTION_STAGES } from '../../contracts/protection-status';
import { claimBeforeCoverMessage, farmPaddockCover, protectionStage, protectionStageDescription } from './lifecycle';

const nothing = { invoices: 0, paidCents: 0 };

describe('the one lifecycle of an application', () => {
  it('is not protected while submitted, under review, accepted or invoiced', () => {
    expect(protectionStage('submitted', nothing)).toBe('submitted');
    expect(protectionStage('under_review', nothing)).toBe('under_review');
    expect(protectionStage('accepted', nothing)).toBe('accepted');
    expect(protectionStage('accepted', { invoices: 2, paidCents: 0 })).toBe('invoiced');
  });

  it('is protected from the first payment received, or when staff mark it active, until it ends', () => {
    expect(protectionStage('accepted', { invoices: 2, paidCents: 55_000 })).toBe('protected');
    expect(protectionStage('active', { invoices: 2, paidCents: 0 })).toBe('protected');
    expect(protectionStage('ended', { invoices: 2, paidCents: 830_200 })).toBe('ended');
  });
});

describe('what a stage means, to who reads it', () => {
  it('speaks to the member of their own application', () => {
    expect(protectionStageDescription('under_review', 'member')).toBe('Our underwriting team is reviewing your paddocks and figures. You are not protected yet.');
    expect(protectionStageDescription('protected', 'member')).toBe('Your crop is protected for this season.');
  });

  it('speaks to a broker of their client, and to staff of the member, never as if they held the cover', () => {
    expect(protectionStageDescription('submitted', 'client')).toBe('We have your client’s application and will review it within five business days. Your client is not protected yet.');
    expect(protectionStageDescription('invoiced', 'staff')).toBe('Accepted and invoiced. Protection starts when the member’s first payment reaches us.');
    for (const stage of PROTECTION_STAGES) {
      expect(protectionStageDescription(stage, 'client')).not.toMatch(/\b(you are|your (crop|application|invoices|paddocks|first payment))\b/i);
      expect(protectionStageDescription(stage, 'staff')).not.toMatch(/\byou(r)?\b/i);
    }
  });

  it('says why a claim waits for cover in the reader’s words, and tells staff nothing about ringing themselves', () => {
    expect(claimBeforeCoverMessage('member')).toContain('it starts when your first payment reaches us');
    expect(claimBeforeCoverMessage('client')).toContain('it starts when your client’s first payment reaches us');
    expect(claimBeforeCoverMessage('staff')).toBe(
      'Cover on this application has not started: it starts when the member’s first payment reaches us. The board considers claims only on paddocks under cover, so a claim cannot be lodged for it.',
    );
  });
});

describe('a farm paddock on the map', () => {
  const applied = {
    stage: 'submitted' as const,
    paddocks: [
      { name: 'Home Paddock', priced: true },
      { name: 'Creek', priced: false },
    ],
  };
  const running = { stage: 'protected' as const, paddocks: [{ name: 'Back 40', priced: true }] };
  const ended = { stage: 'ended' as const, paddocks: [{ name: 'Old Lease', priced: true }] };

  it('is awaiting acceptance while its application is submitted, not protected', () => {
    expect(farmPaddockCover('Home Paddock', [applied])).toBe('pending');
    expect(farmPaddockCover(' home paddock ', [applied])).toBe('pending');
  });

  it('is protected once cover has started, even beside an application for it', () => {
    expect(farmPaddockCover('Back 40', [running])).toBe('protected');
    expect(farmPaddockCover('Back 40', [{ ...applied, paddocks: [{ name: 'Back 40', priced: true }] }, running])).toBe('protected');
  });

  it('is not protected when no running or applied cover prices it', () => {
    expect(farmPaddockCover('Creek', [applied])).toBe('unprotected');
    expect(farmPaddockCover('Old Lease', [ended])).toBe('unprotected');
    expect(farmPaddockCover('New Block', [applied, running])).toBe('unprotected');
  });
});
