import { describe, expect, it } from 'vitest';
import { layoutForPath } from './layout-for-path';

describe('layoutForPath (SPEC §2 layout choice)', () => {
  it.each([
    ['/admin', 'admin'],
    ['/admin/dashboard', 'admin'],
    ['/dashboard', 'member'],
    ['/dashboard/claims', 'member'],
    ['/', 'public'],
    ['/quote', 'public'],
    ['/administrator-info', 'public'],
    ['/dashboards', 'public'],
  ] as const)('%s uses the %s layout', (path, layout) => {
    expect(layoutForPath(path)).toBe(layout);
  });
});
