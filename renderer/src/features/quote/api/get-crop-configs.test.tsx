// @vitest-environment happy-dom
import { cleanup, waitFor } from '@testing-library/react';
import { http, HttpResponse, type JsonBodyType } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderHookWithProviders } from '../../../testing/render';
import { server } from '../../../testing/server';
import { defaultHurdleFor } from '../crop-data';
import { useCropConfigs } from './get-crop-configs';

/** A server that holds the crop configs' answer until the test lets it through, as a slow server does. */
function slowServer(body: JsonBodyType) {
  let release = () => {};
  const answered = new Promise<void>((resolve) => (release = resolve));
  server.use(
    http.get('/api/crop-configs', async () => {
      await answered;
      return HttpResponse.json(body);
    }),
  );
  return release;
}

const renderConfigs = () => renderHookWithProviders(() => useCropConfigs()).result;

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

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
    server.use(http.get('/api/crop-configs', () => HttpResponse.error()));
    const result = renderConfigs();
    await waitFor(() => expect(result.current.settled).toBe(true));
    expect(defaultHurdleFor(result.current.hurdleConfigs, 'oats')).toBe(10);
  });
});
