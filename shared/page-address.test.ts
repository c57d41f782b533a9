import { expect, it } from 'vitest';
import { canonicalPagePath } from './page-address';

it('reads a page address as the router does: case and trailing or doubled slashes do not matter', () => {
  expect(canonicalPagePath('/About/')).toBe('/about');
  expect(canonicalPagePath('//auth//signin')).toBe('/auth/signin');
  expect(canonicalPagePath('/')).toBe('/');
  expect(canonicalPagePath('')).toBe('/');
});
