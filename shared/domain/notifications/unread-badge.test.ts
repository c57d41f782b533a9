import { expect, it } from 'vitest';
import { unreadBadgeText } from './unread-badge';

it('caps the unread badge at 99+ and hides it at zero', () => {
  expect(unreadBadgeText(0)).toBeUndefined();
  expect(unreadBadgeText(7)).toBe('7');
  expect(unreadBadgeText(99)).toBe('99');
  expect(unreadBadgeText(100)).toBe('99+');
  expect(unreadBadgeText(2500)).toBe('99+');
});
