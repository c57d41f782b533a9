import { describe, expect, it } from 'vitest';
import { claimsWindowOfEvent, claimStartFromAlert, corroborateClaim, eventDays, type StoredEventOverMember } from './alert-claims';

const protection = (overrides: Partial<Parameters<typeof claimStartFromAlert>[1][number]> = {}) => ({
  id: 'app-1',
  stage: 'protected' as const,
  coverageType: 'both' as const,
  paddocks: [
    { id: 'home', priced: true },
    { id: 'creek', priced: true },
    { id: 'bush', priced: false },
  ],
  ...overrides,
});

// 14 Nov 2026, 3:20 pm in Perth (UTC+8).
const hailAlert = {
  eventId: 'event-1',
  kind: 'hail' as const,
  effectiveAt: '2026-11-14T07:20:00Z',
  paddocks: [
    { applicationId: 'app-1', paddockId: 'home' },
    { applicationId: 'app-1', paddockId: 'bush' },
    { applicationId: 'app-2', paddockId: 'far' },
  ],
};

describe('claimStartFromAlert', () => {
  it('fills the protection, peril, Perth day and the priced paddocks under the event', () => {
    expect(claimStartFromAlert(hailAlert, [protection()], '2026-11-20')).toEqual({
      applicationId: 'app-1',
      peril: 'hail',
      eventDate: '2026-11-14',
      affectedPaddockIds: ['home'],
      alertEventId: 'event-1',
    });
  });

  it('takes the Perth day, not the UTC one, of an event that began after 4 pm UTC', () => {
    const late = { ...hailAlert, effectiveAt: '2026-11-14T17:00:00Z' };
    expect(claimStartFromAlert(late, [protection()], '2026-11-20')?.eventDate).toBe('2026-11-15');
  });

  it('passes over protections that cannot take a claim or do not cover what the event brings', () => {
    const fire = { ...hailAlert, kind: 'fire' as const };
    expect(claimStartFromAlert(fire, [protection({ coverageType: 'hail' })], '2026-11-20')).toBeNull();
    expect(claimStartFromAlert(hailAlert, [protection({ stage: 'submitted' })], '2026-11-20')).toBeNull();
    // Accepted and invoiced but not paid: cover has not started, so no claim is offered.
    expect(claimStartFromAlert(hailAlert, [protection({ stage: 'invoiced' })], '2026-11-20')).toBeNull();
    const second = protection({ id: 'app-2', paddocks: [{ id: 'far', priced: true }] });
    expect(claimStartFromAlert(fire, [protection({ coverageType: 'hail' }), second], '2026-11-20')).toMatchObject({ applicationId: 'app-2', peril: 'fire', affectedPaddockIds: ['far'] });
  });

  it('reads a storm as hail first, and as fire or lightning where only fire is covered', () => {
    const storm = { ...hailAlert, kind: 'storm' as const };
    expect(claimStartFromAlert(storm, [protection()], '2026-11-20')?.peril).toBe('hail');
    expect(claimStartFromAlert(storm, [protection({ coverageType: 'fire' })], '2026-11-20')?.peril).toBe('fire');
  });
});

const storedHail: StoredEventOverMember = {
  eventId: 'event-1',
  kind: 'hail',
  title: 'Severe thunderstorm warning for large hail',
  effectiveAt: '2026-11-14T07:20:00Z',
  expiresAt: '2026-11-14T13:20:00Z',
  cancelledAt: null,
  paddocks: [{ applicationId: 'app-1', paddockId: 'home', name: 'Home Paddock', share: 0.5 }],
};

const claim = { peril: 'hail' as const, eventDate: '2026-11-14', applicationId: 'app-1', paddockIds: ['home', 'creek'] };

describe('corroborateClaim', () => {
  it('corroborates a hail claim on a paddock under a hail warning that day, naming the event and paddocks', () => {
    expect(corroborateClaim(claim, [storedHail])).toEqual({
      status: 'corroborated',
      eventId: 'event-1',
      title: 'Severe thunderstorm warning for large hail',
      kind: 'hail',
      paddocks: ['Home Paddock'],
      summary: 'Hail: Severe thunderstorm warning for large hail, from 14 Nov 2026, 3:20 pm AWST, covered Home Paddock.',
    });
  });

  it('still corroborates the day after the event (damage found the next morning), not two days after', () => {
    expect(corroborateClaim({ ...claim, eventDate: '2026-11-15' }, [storedHail]).status).toBe('corroborated');
    expect(corroborateClaim({ ...claim, eventDate: '2026-11-16' }, [storedHail])).toEqual({
      status: 'not_corroborated',
      summary: 'Stored events covered these paddocks, but none on 16 Nov 2026 or the day before.',
    });
    expect(corroborateClaim({ ...claim, eventDate: '2026-11-13' }, [storedHail]).status).toBe('not_corroborated');
  });

  it('does not corroborate paddocks the event missed, or another protection’s paddock of the same id', () => {
    expect(corroborateClaim({ ...claim, paddockIds: ['creek'] }, [storedHail])).toEqual({ status: 'not_corroborated', summary: 'No stored event covered these paddocks.' });
    expect(corroborateClaim({ ...claim, applicationId: 'app-9' }, [storedHail]).status).toBe('not_corroborated');
    expect(corroborateClaim(claim, [])).toEqual({ status: 'not_corroborated', summary: 'No stored event covered these paddocks.' });
  });

  it('does not corroborate a fire claim with a hail warning, but does with a thunderstorm (lightning)', () => {
    expect(corroborateClaim({ ...claim, peril: 'fire' }, [storedHail])).toEqual({
      status: 'not_corroborated',
      summary: 'The stored events over these paddocks that day were not fire or lightning.',
    });
    expect(corroborateClaim({ ...claim, peril: 'fire' }, [{ ...storedHail, kind: 'storm' }]).status).toBe('corroborated');
  });

  it('gives the claims an event can bear out: its perils, from its first Perth day to the day after its last', () => {
    expect(claimsWindowOfEvent(storedHail)).toEqual({ perils: ['hail'], from: '2026-11-14', to: '2026-11-15' });
    expect(claimsWindowOfEvent({ ...storedHail, kind: 'storm', expiresAt: '2026-11-16T01:00:00Z' })).toEqual({ perils: ['hail', 'fire'], from: '2026-11-14', to: '2026-11-17' });
    expect(claimsWindowOfEvent({ ...storedHail, kind: 'lightning', cancelledAt: '2026-11-14T09:00:00Z' })).toEqual({ perils: ['fire'], from: '2026-11-14', to: '2026-11-15' });
  });

  it('ends a cancelled event on the day it was cancelled, and picks the event that covered most of the claim', () => {
    const cancelledEarly = { ...storedHail, expiresAt: '2026-11-20T00:00:00Z', cancelledAt: '2026-11-14T09:00:00Z' };
    expect(eventDays(cancelledEarly)).toEqual({ first: '2026-11-14', last: '2026-11-14' });
    expect(corroborateClaim({ ...claim, eventDate: '2026-11-17' }, [cancelledEarly]).status).toBe('not_corroborated');
    const wider = { ...storedHail, eventId: 'event-2', title: 'Wider swath', paddocks: [{ applicationId: 'app-1', paddockId: 'home', name: 'Home Paddock', share: 0.9 }] };
    expect(corroborateClaim(claim, [storedHail, wider])).toMatchObject({ status: 'corroborated', eventId: 'event-2' });
  });

  it('names the alert the member started the claim from when it bears the claim out, though another covered more', () => {
    const wider = { ...storedHail, eventId: 'event-2', title: 'Wider swath', paddocks: [{ applicationId: 'app-1', paddockId: 'home', name: 'Home Paddock', share: 1 }] };
    expect(corroborateClaim({ ...claim, alertEventId: 'event-1' }, [wider, storedHail])).toMatchObject({ status: 'corroborated', eventId: 'event-1', title: 'Severe thunderstorm warning for large hail' });
    // An alert that does not bear the claim out (another day) leaves the choice to the ground covered.
    const otherDay = { ...storedHail, eventId: 'event-3', effectiveAt: '2026-11-01T07:20:00Z', expiresAt: '2026-11-01T13:20:00Z' };
    expect(corroborateClaim({ ...claim, alertEventId: 'event-3' }, [wider, otherDay])).toMatchObject({ eventId: 'event-2' });
  });
});
