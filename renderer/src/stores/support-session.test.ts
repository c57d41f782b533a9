// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { cachedSupportCustomerId, SESSION_CACHE_KEY, supportQuotePath } from './session-cache';
import { SUPPORT_APPLICATIONS, theirQuotePath } from './support-session';

const draft = (id: string, step: string, updatedAt: string, status: 'DRAFT' | 'COMPLETED' = 'DRAFT') => ({ id, step, status, updatedAt });
const submitted = (submittedAt: string) => ({ submittedAt });

describe('the support bar’s Their quote (theirQuotePath)', () => {
  it('opens a new quote for a member with no draft and no application', () => {
    expect(theirQuotePath('c1', { applications: [], drafts: [] })).toBe('/quote?support=true&customerId=c1');
  });

  it('opens the application of a member who has submitted (their Protection page), not a blank quote', () => {
    expect(theirQuotePath('c1', { applications: [submitted('2026-11-20T01:00:00Z')], drafts: [draft('d1', 'final-submission', '2026-11-20T00:59:00Z', 'COMPLETED')] })).toBe(SUPPORT_APPLICATIONS);
    expect(SUPPORT_APPLICATIONS).toBe('/dashboard/protection');
  });

  it('resumes the member’s newest draft at its step, with no Resume to press', () => {
    const drafts = [draft('older', 'estimate-display', '2026-11-10T01:00:00Z'), draft('newer', 'farm-mapping', '2026-11-12T01:00:00Z')];
    expect(theirQuotePath('c1', { applications: [], drafts })).toBe('/quote?support=true&customerId=c1&step=farm-mapping');
  });

  it('takes whichever is newer when a member has both: a draft started after the application, or the application after an old draft', () => {
    const application = submitted('2026-11-15T01:00:00Z');
    expect(theirQuotePath('c1', { applications: [application], drafts: [draft('next', 'protection-calculator', '2026-11-16T01:00:00Z')] })).toBe('/quote?support=true&customerId=c1&step=protection-calculator');
    expect(theirQuotePath('c1', { applications: [application], drafts: [draft('stale', 'protection-calculator', '2026-11-01T01:00:00Z')] })).toBe(SUPPORT_APPLICATIONS);
  });

  it('opens get-started, which lists it, for a newest draft saved no further than get-started', () => {
    expect(theirQuotePath('c1', { applications: [], drafts: [draft('early', 'get-started', '2026-11-16T01:00:00Z')] })).toBe('/quote?support=true&customerId=c1');
    expect(theirQuotePath('c1', { applications: [submitted('2026-11-01T01:00:00Z')], drafts: [draft('early', 'get-started', '2026-11-16T01:00:00Z')] })).toBe(SUPPORT_APPLICATIONS);
  });
});

describe('the session cache’s support customer (the public header reads it)', () => {
  it('reads the customer of a running support session, and nothing from a missing or broken cache', () => {
    localStorage.removeItem(SESSION_CACHE_KEY);
    expect(cachedSupportCustomerId()).toBeNull();
    localStorage.setItem(SESSION_CACHE_KEY, JSON.stringify({ supportMode: { enabled: true, customerId: 'c1' } }));
    expect(cachedSupportCustomerId()).toBe('c1');
    expect(supportQuotePath('c1')).toBe('/quote?support=true&customerId=c1');
    localStorage.setItem(SESSION_CACHE_KEY, '{not json');
    expect(cachedSupportCustomerId()).toBeNull();
    localStorage.removeItem(SESSION_CACHE_KEY);
  });
});
