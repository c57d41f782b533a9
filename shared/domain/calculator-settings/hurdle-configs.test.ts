import { describe, expect, it } from 'vitest';
import { hurdleConfigProblem } from './hurdle-configs';

const options = [0, 5, 10, 15, 20].map((percentage) => ({ percentage, isActive: percentage !== 20 }));
const canola = { cropType: 'canola', minimumHurdlePercentage: 10, defaultHurdlePercentage: 15, isActive: true };

describe('hurdleConfigProblem', () => {
  it('accepts configs whose minimum and default are active hurdle options', () => {
    expect(hurdleConfigProblem([canola], options)).toBeNull();
  });

  it('names the crop, the hurdle and the options when the default is not offered', () => {
    expect(hurdleConfigProblem([{ ...canola, defaultHurdlePercentage: 20 }], options)).toBe('The default hurdle of canola (20%) must be one of the active hurdle options: 0%, 5%, 10%, 15%.');
    expect(hurdleConfigProblem([{ ...canola, minimumHurdlePercentage: 7 }], options)).toBe('The minimum hurdle of canola (7%) must be one of the active hurdle options: 0%, 5%, 10%, 15%.');
  });

  it('ignores an inactive config', () => {
    expect(hurdleConfigProblem([{ ...canola, defaultHurdlePercentage: 20, isActive: false }], options)).toBeNull();
  });
});
