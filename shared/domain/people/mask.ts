/**
 * Staff see where a sign-in came from without the full client address (docs/people.md): an IPv4
 * address keeps its first two parts (203.0.x.x), an IPv6 address its first three groups
 * (2001:db8:85a3:…), which names the network, not the household.
 */
export function maskIpAddress(ip: string | null | undefined): string | null {
  if (!ip) return null;
  const v4 = /^(?:::ffff:)?(\d{1,3})\.(\d{1,3})\.\d{1,3}\.\d{1,3}$/i.exec(ip);
  if (v4) return `${v4[1]}.${v4[2]}.x.x`;
  if (ip.includes(':')) {
    const groups = ip.split(':').filter((group) => group !== '');
    return `${groups.slice(0, 3).join(':')}:…`;
  }
  return '…';
}

/**
 * A postal or farm address on the timeline: the first word and the locality after the last comma,
 * e.g. 'Lot 4 Great Eastern Hwy, Cunderdin WA' → 'Lot …, Cunderdin WA'; without a comma, the first and last words.
 */
export function maskStreetAddress(address: string | null | undefined): string | null {
  const text = address?.trim() ?? '';
  if (!text) return null;
  const first = text.split(/[\s,]+/)[0];
  const comma = text.lastIndexOf(',');
  if (comma > 0 && text.slice(comma + 1).trim()) return `${first} …, ${text.slice(comma + 1).trim()}`;
  const words = text.split(/\s+/);
  return words.length <= 2 ? `${first} …` : `${first} … ${words[words.length - 1]}`;
}
