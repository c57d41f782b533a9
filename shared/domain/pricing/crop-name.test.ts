import { describe, expect, it } from 'vitest';
import { cropName } from './crop-name';

describe('cropName', () => {
  it('writes the model’s lower-case keys with a capital', () => {
    expect(cropName('wheat')).toBe('Wheat');
    expect(cropName('field peas')).toBe('Field peas');
    expect(cropName(' canola ')).toBe('Canola');
  });

  it('keeps a name’s own capitals and an empty name empty', () => {
    expect(cropName('Faba beans')).toBe('Faba beans');
    expect(cropName('')).toBe('');
  });
});
