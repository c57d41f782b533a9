import { describe, expect, it } from 'vitest';
import { maskIpAddress, maskStreetAddress } from './mask';

describe('maskIpAddress', () => {
  it('keeps the network part of IPv4, mapped IPv4 and IPv6 addresses', () => {
    expect(maskIpAddress('203.0.113.45')).toBe('203.0.x.x');
    expect(maskIpAddress('::ffff:127.0.0.1')).toBe('127.0.x.x');
    expect(maskIpAddress('2001:db8:85a3::8a2e:370:7334')).toBe('2001:db8:85a3:…');
  });

  it('shows nothing when there is no address', () => {
    expect(maskIpAddress(null)).toBeNull();
    expect(maskIpAddress('')).toBeNull();
  });
});

describe('maskStreetAddress', () => {
  it('keeps the first word and the locality after the last comma', () => {
    expect(maskStreetAddress('Lot 4 Great Eastern Hwy, Cunderdin WA')).toBe('Lot …, Cunderdin WA');
    expect(maskStreetAddress('12 Dryandra Road Cunderdin')).toBe('12 … Cunderdin');
    expect(maskStreetAddress('Cunderdin')).toBe('Cunderdin …');
    expect(maskStreetAddress('  ')).toBeNull();
  });
});
