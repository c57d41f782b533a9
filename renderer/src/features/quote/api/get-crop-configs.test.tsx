// @vitest-environment happy-dom
import { QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../lib/react-query';
import { defaultHurdleFor } from '../crop-data';
import { useCropConfigs } from './get-crop-configs';

/** A network that holds the crop configs' answer until the test lets it through, as a slow server does. */
function slowServer(body: unknown) {
  let release = () => {};
  const answered = new Promise<void>((resolve) => (release = resolve));
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => {
      await answered;
      return new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });
    }),
  );
  return release;
}

function renderConfigs() {
  const client = createQueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
  return renderHook(() => useCropConfigs(), { wrapper }).result;
}

afterEach(() => vi.unstubAllGlobals());

describe('the calculator’s crop configs (a crop picked while they load must not keep the built-in default hurdle)', () => {
  it('is not settled while the built-in table stands in, and settles on the mutual’s own defaults', async () => {
    const release = slowServer({ hurdleConfigs: [{ id: 'oats', cropType: 'oats', minimumHurdlePercentage: 0, defaultHurdlePercentage: 15, isActive: true }], areaLimits: [] });
    const result = renderConfigs();
    expect(result.current.settled).toBe(false);
    expect(defaultHurdleFor(result.current.hurdleConfigs, 'oats')).toBe(10);

    release();
    await waitFor(() => expect(result.current.settled).toBe(true));
    expect(defaultHurdleFor(result.current.hurdleConfigs, 'oats')).toBe(15);
  });

  it('settles on the built-in table when the server cannot answer', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('fetch failed')));
    const result = renderConfigs();
    await waitFor(() => expect(result.current.settled).toBe(true));
    expect(defaultHurdleFor(result.current.hurdleConfigs, 'oats')).toBe(10);
  });
});
