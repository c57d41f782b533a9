import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { admits, endpoint, endpointPath } from './endpoint';

describe('who an access lets through', () => {
  it('lets everyone through an open route, and no visitor through any other', () => {
    expect(admits('everyone', 'visitor')).toBe(true);
    expect(admits('signedIn', 'visitor')).toBe(false);
    expect(admits('signedIn', 'member')).toBe(true);
  });

  it('lets brokers and referrers through their own routes only, and administrators through staff’s and support’s', () => {
    expect(admits('broker', 'broker')).toBe(true);
    expect(admits('broker', 'referrer')).toBe(false);
    expect(admits('broker', 'administrator')).toBe(false);
    expect(admits('administrator', 'member')).toBe(false);
    expect(admits('supportStaff', 'administrator')).toBe(true);
    expect(admits({ anyPermission: ['view_reports'] }, 'administrator')).toBe(true);
  });
});

describe('an endpoint’s path', () => {
  const claimMessages = endpoint({ method: 'POST', path: '/api/claims/:id/messages', access: 'signedIn', params: z.object({ id: z.string() }), summary: 'Test.' });

  it('fills each parameter as one encoded segment', () => {
    expect(endpointPath(claimMessages, { id: 'a/b c' })).toBe('/api/claims/a%2Fb%20c/messages');
  });
});
