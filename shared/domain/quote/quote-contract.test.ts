/** Tests of shared/contracts/quote.ts (kept here, with the rest of the quote work). */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { everyQuestionAnswered } from '../../contracts/testing/fire-risk-answers';
import { ABN_INVALID_MESSAGE, emptyQuoteState, isValidAbn, isValidAustralianPhone, parseStoredQuote, personalDetailsFormSchema, quoteStateSchema } from '../../contracts/quote';

describe('isValidAbn (official weighted checksum)', () => {
  it('accepts valid ABNs, with or without spaces', () => {
    expect(isValidAbn('51 824 753 556')).toBe(true);
    expect(isValidAbn('51824753556')).toBe(true);
    expect(isValidAbn('53 004 085 616')).toBe(true);
  });

  it('refuses a wrong checksum, a wrong length and non-digits', () => {
    expect(isValidAbn('51 824 753 557')).toBe(false);
    expect(isValidAbn('5182475355')).toBe(false);
    expect(isValidAbn('518247535561')).toBe(false);
    expect(isValidAbn('51-824-753-556')).toBe(false);
    expect(isValidAbn('')).toBe(false);
    expect(isValidAbn('00000000000')).toBe(false);
  });

  it('refuses any single-digit change of a valid ABN', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10 }), fc.integer({ min: 1, max: 9 }), (position, delta) => {
        const digits = '51824753556'.split('').map(Number);
        digits[position] = ((digits[position] ?? 0) + delta) % 10;
        expect(isValidAbn(digits.join(''))).toBe(false);
      }),
    );
  });
});

describe('isValidAustralianPhone', () => {
  it.each(['0412 345 678', '0412345678', '+61 412 345 678', '+61 (0) 412 345 678', '61412345678', '(08) 9123 4567', '02 9876 5432', '1300 123 456', '1800-123-456'])('accepts %s', (phone) =>
    expect(isValidAustralianPhone(phone)).toBe(true),
  );
  it.each(['', '0512 345 678', '041234567', '04123456789', '+1 412 345 678', '9123 4567', 'phone me'])('refuses %s', (phone) => expect(isValidAustralianPhone(phone)).toBe(false));
});

describe('personalDetailsFormSchema', () => {
  const valid = { firstName: ' Jan ', lastName: 'Smit', email: 'Jan@Example.com', phone: '0412 345 678', address: '1 Main St, Merredin WA 6415' };

  it('accepts a complete form and normalises it', () => {
    const parsed = personalDetailsFormSchema.parse({ ...valid, abn: '51 824 753 556' });
    expect(parsed).toMatchObject({ firstName: 'Jan', email: 'jan@example.com', abn: '51824753556', allowMarketing: false });
  });

  it('has businessName, abn and referrerCode optional; an empty ABN is allowed', () => {
    expect(personalDetailsFormSchema.safeParse(valid).success).toBe(true);
    expect(personalDetailsFormSchema.safeParse({ ...valid, abn: '' }).success).toBe(true);
  });

  it(`says '${ABN_INVALID_MESSAGE}' for an invalid ABN`, () => {
    const result = personalDetailsFormSchema.safeParse({ ...valid, abn: '12 345 678 901' });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([['abn', 'Enter a valid 11-digit ABN']]);
  });

  it('requires names, a valid email, an Australian phone and an address', () => {
    const result = personalDetailsFormSchema.safeParse({ firstName: ' ', lastName: '', email: 'nope', phone: '123', address: '' });
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([
      'Enter your first name',
      'Enter your last name',
      'Enter a valid email address',
      'Enter a valid Australian phone number',
      'Enter your address',
    ]);
  });
});

describe('quoteStateSchema', () => {
  it('fills the docs/behaviour.md §3 defaults for an empty quote', () => {
    const quote = emptyQuoteState();
    expect(quote.status).toBe('draft');
    expect(quote.farmData).toMatchObject({ pricingMode: 'crop', yieldPriceMode: 'crop', paddockName: 'Main Paddock', paddockSections: [] });
    expect(quote.validationData.global.totalSections).toBe(0);
    expect(emptyQuoteState().validationData.global.errors).not.toBe(quote.validationData.global.errors);
  });

  it('fills section defaults: variant standard, riskZone moderate, status active', () => {
    const quote = quoteStateSchema.parse({ farmData: { paddockSections: [{ id: 'a' }] } });
    expect(quote.farmData.paddockSections[0]).toMatchObject({ variant: 'standard', riskZone: 'moderate', status: 'active', area: 0 });
  });

  it('refuses unknown statuses and pricing modes', () => {
    expect(quoteStateSchema.safeParse({ status: 'paid' }).success).toBe(false);
    expect(quoteStateSchema.safeParse({ farmData: { pricingMode: 'section' } }).success).toBe(false);
    expect(quoteStateSchema.safeParse({ estimates: { selectedCoverageType: 'flood' } }).success).toBe(false);
  });

  it('keeps unknown estimate fields (the pricing module owns that shape)', () => {
    const quote = quoteStateSchema.parse({ estimates: { fire: { premium: 10, premiumBreakdown: { basePremium: 9 } } } });
    expect(quote.estimates.fire).toEqual({ premium: 10, premiumBreakdown: { basePremium: 9 } });
  });

  it('parseStoredQuote reads JSON strings and treats null as not set', () => {
    const result = parseStoredQuote(JSON.stringify({ status: null, personalDetails: { referrerCode: null, firstName: 'Jan' } }));
    expect(result.success && result.data.status).toBe('draft');
    expect(result.success && result.data.personalDetails.firstName).toBe('Jan');
    expect(parseStoredQuote('{oops').success).toBe(false);
  });

  it('holds the survey’s copy to the survey’s answers, and parseStoredQuote reads a copy kept before that rule as none', () => {
    const copy = { ...everyQuestionAnswered(2), completedAt: '2026-11-20T01:00:00.000Z' };
    expect(quoteStateSchema.parse({ coverage: { fireRiskSurveyData: copy } }).coverage.fireRiskSurveyData).toEqual(copy);
    expect(quoteStateSchema.safeParse({ coverage: { fireRiskSurveyData: { ...copy, firebreaks: 'maintained' } } }).success).toBe(false);
    const keptBefore = parseStoredQuote({ personalDetails: { firstName: 'Jan', fireRiskSurveyData: { source: 'survey' } }, coverage: { selectedOption: 'submit', fireRiskSurveyData: copy } });
    expect(keptBefore.success && keptBefore.data.personalDetails).toMatchObject({ firstName: 'Jan' });
    expect(keptBefore.success && keptBefore.data.personalDetails.fireRiskSurveyData).toBeUndefined();
    expect(keptBefore.success && keptBefore.data.coverage).toMatchObject({ selectedOption: 'submit', fireRiskSurveyData: copy });
  });

  it('holds a paddock’s copies of its outline to the globe, and parseStoredQuote reads one kept off it as none', () => {
    const paddock = { id: 'home', coordinates: [[116.5, -31.5]], centroid: { lat: -31.5, lng: 116.5 }, boundingBox: [116.5, -31.51, 116.51, -31.5] };
    expect(quoteStateSchema.parse({ farmData: { paddockSections: [paddock] } }).farmData.paddockSections[0]).toMatchObject(paddock);
    expect(quoteStateSchema.safeParse({ farmData: { paddockSections: [{ ...paddock, coordinates: [[116.5, -91]] }] } }).success).toBe(false);
    expect(quoteStateSchema.safeParse({ farmData: { paddockSections: [{ ...paddock, boundingBox: [116.5, -31.51, 181, -31.5] }] } }).success).toBe(false);
    const keptBefore = parseStoredQuote({ farmData: { paddockSections: [{ ...paddock, name: 'Home', centroid: { lat: 1000, lng: 5000 } }] } });
    expect(keptBefore.success && keptBefore.data.farmData.paddockSections[0]).toMatchObject({ id: 'home', name: 'Home', coordinates: paddock.coordinates, boundingBox: paddock.boundingBox });
    expect(keptBefore.success && keptBefore.data.farmData.paddockSections[0]).not.toHaveProperty('centroid');
  });
});
