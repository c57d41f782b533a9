import { describe, expect, it } from 'vitest';
import { alertIssuer } from './alert-source';

describe('alertIssuer', () => {
  it('names the agencies and our staff in a member’s sentence, the e-mail’s line and staff’s list', () => {
    expect(alertIssuer('bom')).toEqual({ inSentence: 'the Bureau of Meteorology', issuedBy: 'the Bureau of Meteorology', label: 'Bureau of Meteorology' });
    expect(alertIssuer('dfes')).toEqual({ inSentence: 'DFES', issuedBy: 'DFES', label: 'DFES' });
    expect(`A hail warning from ${alertIssuer('staff').inSentence} covers one paddock`).toBe('A hail warning from a report to our staff covers one paddock');
    expect(alertIssuer('staff')).toMatchObject({ issuedBy: 'Our staff, from a report to us', label: 'Reported to staff' });
  });

  it('shows a source it does not know as it came', () => {
    expect(alertIssuer('nsw-rfs')).toEqual({ inSentence: 'nsw-rfs', issuedBy: 'nsw-rfs', label: 'nsw-rfs' });
    expect(alertIssuer('constructor')).toEqual({ inSentence: 'constructor', issuedBy: 'constructor', label: 'constructor' });
  });
});
