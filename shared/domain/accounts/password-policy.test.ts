import { describe, expect, it } from 'vitest';
import { passwordProblem } from './password-policy';

const isCommon = (password: string) => ['password123', 'iloveyou'].includes(password.toLowerCase());

describe('password rules after ASVS 5', () => {
  it('needs 8 characters and allows up to 128, counting code points', () => {
    expect(passwordProblem('short12')).toBe('too_short');
    expect(passwordProblem('eight ch')).toBeUndefined();
    expect(passwordProblem('x'.repeat(128))).toBeUndefined();
    expect(passwordProblem('x'.repeat(129))).toBe('too_long');
    expect(passwordProblem('🌾🌾🌾🌾🌾🌾🌾')).toBe('too_short');
    expect(passwordProblem('🌾🌾🌾🌾🌾🌾🌾🌾')).toBeUndefined();
  });

  it('has no composition rules: any characters, spaces included', () => {
    expect(passwordProblem('all lower case words')).toBeUndefined();
    expect(passwordProblem('        ')).toBeUndefined();
  });

  it('refuses a common password', () => {
    expect(passwordProblem('Password123', isCommon)).toBe('common');
  });
});
