import { expect, it } from 'vitest';
import { cameraTime } from './files.service';

it('reads a camera’s clock at the offset it wrote, else on Perth’s clock, and nothing from what is not a time', () => {
  expect(cameraTime('2026:11:20 15:42:00', undefined)?.toISOString()).toBe('2026-11-20T07:42:00.000Z');
  expect(cameraTime('2026:11:20 15:42:00', '+10:30')?.toISOString()).toBe('2026-11-20T05:12:00.000Z');
  expect(cameraTime('2026:11:20 15:42:00', 'local')?.toISOString()).toBe('2026-11-20T07:42:00.000Z');
  for (const nonsense of ['0000:00:00 00:00:00', 'yesterday', '', 42, undefined]) expect(cameraTime(nonsense, undefined)).toBeNull();
});
