import { describe, expect, it } from 'vitest';
import { SESSION_FRESHNESS_MS } from '../../constants';
import { isSessionActive } from './session-activity';

const now = Date.UTC(2026, 10, 22, 12);
const user = { id: 'u1' };

describe('session activity (docs/behaviour.md §4)', () => {
  it('is active with a user, authenticated, and active under 24 hours ago', () => {
    expect(isSessionActive({ user, isAuthenticated: true, lastActivity: now - SESSION_FRESHNESS_MS + 1 }, now)).toBe(true);
  });

  it('is not active at 24 hours or more of inactivity', () => {
    expect(isSessionActive({ user, isAuthenticated: true, lastActivity: now - SESSION_FRESHNESS_MS }, now)).toBe(false);
  });

  it('is not active without a user, when not authenticated, or with no recorded activity', () => {
    expect(isSessionActive({ user: null, isAuthenticated: true, lastActivity: now }, now)).toBe(false);
    expect(isSessionActive({ user, isAuthenticated: false, lastActivity: now }, now)).toBe(false);
    expect(isSessionActive({ user, isAuthenticated: true, lastActivity: null }, now)).toBe(false);
  });
});
