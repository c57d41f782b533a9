import { expect, it } from 'vitest';
import { alertEventStatus } from './event-status';

it('calls an event ended once cancelled, expired after its expiry, and current until then', () => {
  const now = new Date('2026-11-14T08:00:00Z');
  expect(alertEventStatus({ cancelledAt: '2026-11-14T07:00:00Z', expiresAt: '2026-11-14T10:00:00Z' }, now)).toBe('ended');
  expect(alertEventStatus({ cancelledAt: null, expiresAt: '2026-11-14T08:00:00Z' }, now)).toBe('expired');
  expect(alertEventStatus({ cancelledAt: null, expiresAt: '2026-11-14T08:00:01Z' }, now)).toBe('current');
  expect(alertEventStatus({ cancelledAt: null, expiresAt: null }, now)).toBe('current');
});
