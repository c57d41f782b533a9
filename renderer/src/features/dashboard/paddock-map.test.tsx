// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import PaddockMap from './paddock-map';

vi.stubGlobal(
  'ResizeObserver',
  class {
    observe() {}
    disconnect() {}
  },
);
afterEach(() => {
  cleanup();
  vi.unstubAllEnvs();
});

const paddock = {
  id: 'p1',
  name: 'Home Paddock',
  tone: 'protected' as const,
  geometry: {
    type: 'Polygon',
    coordinates: [
      [
        [117.0, -31.0],
        [117.01, -31.0],
        [117.01, -31.01],
        [117.0, -31.0],
      ],
    ],
  },
};

describe('the dashboard’s paddock map (maps say so when there is no imagery)', () => {
  it('says the paddocks are drawn on the grid when no map images are configured', () => {
    vi.stubEnv('VITE_MAP_TILES', 'off');
    render(<PaddockMap paddocks={[paddock]} label="Map of your protected paddocks" />);
    expect(screen.getByRole('status').textContent).toBe('Map images are not available right now. Your paddocks are drawn on the grid.');
  });

  it('says nothing of the kind while imagery is configured and has not failed', () => {
    render(<PaddockMap paddocks={[paddock]} label="Map of your protected paddocks" />);
    expect(screen.queryByRole('status')).toBeNull();
  });
});
