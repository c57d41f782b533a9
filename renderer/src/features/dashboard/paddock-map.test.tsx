// @vitest-environment happy-dom
import { cleanup, render, screen, waitFor } from '@testing-library/react';
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
  it('says the paddocks are drawn on the grid when no map images are configured', async () => {
    vi.stubEnv('VITE_MAP_TILES', 'off');
    render(<PaddockMap paddocks={[paddock]} label="Map of your protected paddocks" />);
    expect(await screen.findByText('Map images are not available right now. Your paddocks are drawn on the grid.')).toHaveProperty('tagName', 'P');
  });

  it('says nothing of the kind while imagery is configured and has not failed', async () => {
    const { container } = render(<PaddockMap paddocks={[paddock]} label="Map of your protected paddocks" />);
    await waitFor(() => expect(container.querySelector('.leaflet-container')).not.toBeNull());
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('holds the map’s place, with its key, while the map loads', async () => {
    // A fresh module: the map's code has not been loaded yet, as on a page's first visit.
    vi.resetModules();
    const { default: FirstVisitMap } = await import('./paddock-map');
    render(<FirstVisitMap paddocks={[paddock]} label="Map of your protected paddocks" onToggle={() => {}} />);
    expect(screen.getByRole('status').textContent).toBe('Loading the map…');
    expect(screen.getByRole('list', { name: 'Map key' }).textContent).toContain('Picked for this claim');
  });
});
