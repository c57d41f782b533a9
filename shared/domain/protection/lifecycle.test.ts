import { describe, expect, it } from 'vitest';
import { farmPaddockCover, protectionStage } from './lifecycle';

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
