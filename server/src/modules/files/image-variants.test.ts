import { expect, it } from 'vitest';
import { nearestCopyWidth } from './image-variants';

it('answers a width with the smallest copy made at least as wide, else the widest made, and nothing when none was made', () => {
  const made = [640, 750, 828, 1080, 1200, 1920, 2048];
  expect(nearestCopyWidth(made, 640)).toBe(640);
  expect(nearestCopyWidth(made, 1080)).toBe(1080);
  expect(nearestCopyWidth([640, 1200], 750)).toBe(1200);
  expect(nearestCopyWidth(made, 3840)).toBe(2048);
  expect(nearestCopyWidth([1200, 640], undefined)).toBe(1200);
  expect(nearestCopyWidth([], 640)).toBeUndefined();
});
