import { describe, expect, it } from 'vitest';
import { fillTemplate } from './site';

describe('a content template', () => {
  it('takes its values as words, or as functions called only for a placeholder the template uses', () => {
    const worded: string[] = [];
    const values = {
      name: 'Grain Growers Mutual',
      fee: () => (worded.push('fee'), '500'),
      unused: () => (worded.push('unused'), 'never'),
    };
    expect(fillTemplate('{name} asks {fee} a year; {fee} again', values)).toBe('Grain Growers Mutual asks 500 a year; 500 again');
    expect(worded).toEqual(['fee', 'fee']);
  });

  it('leaves an unknown placeholder as written, so a typo shows', () => {
    expect(fillTemplate('Fee: {membershipFe}', { membershipFee: '500' })).toBe('Fee: {membershipFe}');
  });
});
