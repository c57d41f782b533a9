import { expect, it } from 'vitest';
import { alertEventStatus, endableByHand } from './event-status';

const now = new Date('2026-11-14T08:00:00Z');

it('calls an event ended once cancelled, expired after its expiry, and current until then', () => {
  expect(alertEventStatus({ cancelledAt: '2026-11-14T07:00:00Z', expiresAt: '2026-11-14T10:00:00Z' }, now)).toBe('ended');
  expect(alertEventStatus({ cancelledAt: null, expiresAt: '2026-11-14T08:00:00Z' }, now)).toBe('expired');
  expect(alertEventStatus({ cancelledAt: null, expiresAt: '2026-11-14T08:00:01Z' }, now)).toBe('current');
  expect(alertEventStatus({ cancelledAt: null, expiresAt: null }, now)).toBe('current');
});

it('lets staff end by hand an event that stands or waits to be placed, not one held, ended or expired', () => {
  const endable = (event: Parameters<typeof alertEventStatus>[0]) => endableByHand(alertEventStatus(event, now));
  expect(endable({ cancelledAt: null, expiresAt: null, areaKm2: 12 })).toBe(true);
  expect(endable({ cancelledAt: null, expiresAt: null, areaKm2: null })).toBe(true);
  expect(endable({ cancelledAt: null, expiresAt: null, heldAt: '2026-11-14T07:00:00Z', confirmedAt: null, areaKm2: 9e7 })).toBe(false);
  expect(endable({ cancelledAt: null, expiresAt: null, heldAt: '2026-11-14T07:00:00Z', confirmedAt: '2026-11-14T07:10:00Z', areaKm2: 9e7 })).toBe(true);
  expect(endable({ cancelledAt: '2026-11-14T07:00:00Z', expiresAt: null, areaKm2: 12 })).toBe(false);
  expect(endable({ cancelledAt: null, expiresAt: '2026-11-14T07:59:00Z', areaKm2: 12 })).toBe(false);
});
