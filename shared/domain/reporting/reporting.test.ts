import { describe, expect, it } from 'vitest';
import { keepNewest, retryDelayMs } from './backoff';
import { fingerprint, hashText, normaliseText, topFrame } from './fingerprint';
import { shouldReportApiFailure } from './should-report';

describe('shouldReportApiFailure (docs/behaviour.md §8)', () => {
  it.each([
    [0, '/api/form-submissions', '', true],
    [500, '/api/anything', '', true],
    [502, '/api/anything', '', true],
    [503, '/api/health', '', true],
    [401, '/api/user', 'unauthorized', true],
    [401, '/api/auth/signin', 'Wrong e-mail or password.', false],
    [401, '/api/auth/session?x=1', '', false],
    [403, '/api/admin/users', '', true],
    [404, '/api/estimates/x', '', true],
    [400, '/api/form-submissions', 'Please enter your email address.', false],
    [400, '/api/pricing/calculate', 'Internal server error while pricing', true],
    [409, '/api/accounts', 'An account with this e-mail already exists.', false],
    [409, '/api/user/drafts/1', 'The draft was changed elsewhere.', true],
    [422, '/api/x', '', true],
    [429, '/api/form-submissions', 'Too many messages.', true],
    [200, '/api/x', '', false],
    [304, '/api/x', '', false],
  ])('status %i on %s (%s) → %s', (status, path, errorText, expected) => {
    expect(shouldReportApiFailure({ status, path, errorText })).toBe(expected);
  });
});

describe('fingerprint', () => {
  it('groups repeats whose numbers and ids differ', () => {
    const a = fingerprint({ type: 'javascript', message: 'Cannot read properties of undefined (reading "x") at row 12', stack: 'Error\n    at render (https://site/assets/home-page-AbC123xy.js:1:200)' });
    const b = fingerprint({ type: 'javascript', message: 'Cannot read properties of undefined (reading "y") at row 7', stack: 'Error\n    at render (https://site/assets/home-page-ZZZ999qq.js:1:900)' });
    expect(a).toBe(b);
    expect(a).toMatch(/^javascript-[0-9a-f]{16}$/);
  });

  it('separates different faults', () => {
    expect(fingerprint({ type: 'javascript', message: 'x is not a function' })).not.toBe(fingerprint({ type: 'javascript', message: 'y is undefined' }));
    expect(fingerprint({ type: 'react', message: 'same' })).not.toBe(fingerprint({ type: 'custom', message: 'same' }));
  });

  it('groups API failures by method, path shape and status', () => {
    const one = fingerprint({ type: 'api', message: 'a', method: 'get', path: '/api/estimates/123?isSupport=true', status: 500 });
    const two = fingerprint({ type: 'api', message: 'b', method: 'GET', path: '/api/estimates/456', status: 500 });
    expect(one).toBe(two);
    expect(one).not.toBe(fingerprint({ type: 'api', message: 'a', method: 'GET', path: '/api/estimates/1', status: 404 }));
  });

  it('normalises text and stacks', () => {
    expect(normaliseText('Draft 550e8400-e29b-41d4-a716-446655440000 failed after 3 tries')).toBe('Draft :uuid failed after N tries');
    expect(topFrame('TypeError: x\n    at Foo (http://localhost:3000/assets/index-abcdef12.js:10:5)')).toBe('Foo@/assets/index.js');
    expect(topFrame(undefined)).toBe('');
    expect(hashText('abc')).toBe(hashText('abc'));
    expect(hashText('abc')).toHaveLength(16);
  });
});

describe('retry backoff', () => {
  it('waits 1 s, 2 s, 4 s and then gives up', () => {
    expect([1, 2, 3, 4].map((retry) => retryDelayMs(retry))).toEqual([1000, 2000, 4000, undefined]);
    expect(retryDelayMs(0)).toBeUndefined();
  });

  it('keeps the newest items up to the cap', () => {
    const stored = Array.from({ length: 95 }, (_, index) => index);
    const kept = keepNewest(stored, [95, 96, 97, 98, 99, 100, 101], 100);
    expect(kept).toHaveLength(100);
    expect(kept[0]).toBe(2);
    expect(kept.at(-1)).toBe(101);
  });
});
