// @vitest-environment happy-dom
import type { QueryClient } from '@tanstack/react-query';
import { HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_CROP_HURDLES, DEFAULT_INSURABLE_CROPS, DEFAULT_VARIETIES } from '@shared/constants';
import { createQueryClient } from '../../../lib/react-query';
import { getExactly, pathOf, requestsMade, server } from '../../../testing/server';
import { CROP_DATA_MESSAGES, defaultCropConfigs, defaultHurdleFor, defaultHurdleOptions, defaultInsurableCrops, hurdleOptionsFor, minimumHurdlePercentages } from '../crop-data';
import { cropConfigsQueryOptions } from './get-crop-configs';
import { discountFactorsQueryOptions } from './get-discount-factors';
import { hurdleOptionsQueryOptions } from './get-hurdle-options';
import { insurableCropsQueryOptions } from './get-insurable-crops';
import { varietiesQueryOptions } from './get-varieties';

/**
 * The crop queries go through the real apiRequest and its fetch, in a real query client; only the
 * server is replaced, answering the way a real one fails (connection refused, a 500 page, an answer
 * of another shape), so the fallbacks are tested on the paths they take in the browser. Each path
 * is answered only with exactly its query; a call to any other fails the test (see setup.ts).
 */
type Answer = { status: number; body: unknown } | 'network-down';

/** Answers each path of `answers` as it says, and returns the paths called, in order. */
function serve(answers: Record<string, Answer>) {
  server.use(
    ...Object.entries(answers).map(([path, answer]) =>
      getExactly(path, () =>
        answer === 'network-down'
          ? HttpResponse.error()
          : new HttpResponse(typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body), { status: answer.status, headers: { 'Content-Type': 'application/json' } }),
      ),
    ),
  );
  return requestsMade(pathOf);
}

/** Each of `paths` with the connection refused, as when the network is down. */
const networkDown = (...paths: string[]) => Object.fromEntries(paths.map((path) => [path, 'network-down' as const]));

let logged: unknown[][];
let client: QueryClient;
beforeEach(() => {
  client = createQueryClient();
  logged = [];
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => void logged.push(args));
});
afterEach(() => {
  client.clear();
  vi.restoreAllMocks();
});

const messages = () => logged.map((args) => args[0]);

/** What the calculator loads before it is shown: configs, crops and the general hurdle options. */
const loadCropData = () => Promise.all([client.fetchQuery(cropConfigsQueryOptions()), client.fetchQuery(insurableCropsQueryOptions()), client.fetchQuery(hurdleOptionsQueryOptions())]);

describe('crop data with the docs/behaviour.md §7 fallbacks', () => {
  it('starts from the static hurdle table, crops, hurdle options and varieties', () => {
    const configs = defaultCropConfigs();
    expect(minimumHurdlePercentages(configs.hurdleConfigs)).toMatchObject({ wheat: 0, canola: 10, 'field peas': 10 });
    expect(defaultInsurableCrops()).toContain('chickpeas');
    expect(defaultHurdleOptions().map((option) => option.description)).toEqual(['No hurdle', '5% hurdle', '10% hurdle', '15% hurdle', '20% hurdle']);
  });

  it('uses the API answers when they are good', async () => {
    serve({
      '/api/crop-configs': {
        status: 200,
        body: {
          hurdleConfigs: [
            { id: 'c1', cropType: 'wheat', minimumHurdlePercentage: 5, defaultHurdlePercentage: 10, isActive: true },
            { id: 'c2', cropType: 'barley', minimumHurdlePercentage: 0, defaultHurdlePercentage: 5, isActive: false },
          ],
          areaLimits: [],
        },
      },
      '/api/insurable-crops': { status: 200, body: ['wheat', 'canola'] },
      '/api/hurdles': {
        status: 200,
        body: [0, 10].map((percentage) => ({ id: `h${percentage}`, percentage, impactMultiplier: 1 - percentage / 100, description: `${percentage}%`, isActive: true, isDefault: false })),
      },
    });
    const [configs, crops, hurdleOptions] = await loadCropData();
    expect(configs.hurdleConfigs.map((config) => config.cropType)).toEqual(['wheat']);
    expect(defaultHurdleFor(configs.hurdleConfigs, 'Wheat')).toBe(10);
    expect(crops).toEqual(['wheat', 'canola']);
    expect(hurdleOptions.map((option) => option.percentage)).toEqual([0, 10]);
    expect(client.getQueryData(insurableCropsQueryOptions().queryKey)).toEqual(['wheat', 'canola']);
    expect(messages()).toEqual([]);
  });

  it('keeps the static defaults and only logs when the network is down', async () => {
    serve(networkDown('/api/crop-configs', '/api/insurable-crops', '/api/hurdles', '/api/admin/crops/field%20peas/varieties'));
    const [configs, crops, hurdleOptions] = await loadCropData();
    const varieties = await client.fetchQuery(varietiesQueryOptions('field peas'));
    expect(configs.hurdleConfigs.map(({ cropType, minimumHurdlePercentage, defaultHurdlePercentage }) => ({ cropType, minimumHurdlePercentage, defaultHurdlePercentage }))).toEqual(DEFAULT_CROP_HURDLES);
    expect(crops).toEqual([...DEFAULT_INSURABLE_CROPS]);
    expect(hurdleOptions.map((option) => [option.percentage, option.impactMultiplier, option.description])).toEqual([
      [0, 1, 'No hurdle'],
      [5, 1, '5% hurdle'],
      [10, 1, '10% hurdle'],
      [15, 1, '15% hurdle'],
      [20, 1, '20% hurdle'],
    ]);
    expect(varieties).toEqual([...DEFAULT_VARIETIES]);
    expect(messages()).toHaveLength(4);
    expect(messages()).toEqual(expect.arrayContaining(['Failed to load crop configs', 'Failed to load insurable crops', 'Failed to load hurdle options', 'Failed to load varieties']));
    // The person sees no error: every query succeeded, with the defaults.
    for (const key of [cropConfigsQueryOptions().queryKey, insurableCropsQueryOptions().queryKey, hurdleOptionsQueryOptions().queryKey]) expect(client.getQueryState(key)?.status).toBe('success');
  });

  it('keeps the defaults on a server error page and on an answer of another shape', async () => {
    serve({
      '/api/crop-configs': { status: 200, body: { configs: 'not this' } },
      '/api/insurable-crops': { status: 500, body: '<html>Bad gateway</html>' },
      '/api/hurdles?crop_type=canola&product_type=fire': { status: 200, body: [] },
      '/api/admin/crops/canola/varieties': { status: 404, body: { error: 'unknown_crop', message: 'No such crop' } },
    });
    const configs = await client.fetchQuery(cropConfigsQueryOptions());
    const crops = await client.fetchQuery(insurableCropsQueryOptions());
    const canolaOptions = await client.fetchQuery(hurdleOptionsQueryOptions('canola', 'fire'));
    const varieties = await client.fetchQuery(varietiesQueryOptions('canola'));
    expect(configs.hurdleConfigs).toHaveLength(DEFAULT_CROP_HURDLES.length);
    expect(crops).toHaveLength(DEFAULT_INSURABLE_CROPS.length);
    // Canola's minimum is 10 %: the fallback options below it are not offered.
    expect(hurdleOptionsFor(canolaOptions, defaultHurdleOptions(), 10).map((option) => option.percentage)).toEqual([10, 15, 20]);
    expect(varieties).toEqual(['Standard', 'Premium']);
    expect(messages()).toEqual([CROP_DATA_MESSAGES.configs, CROP_DATA_MESSAGES.crops, CROP_DATA_MESSAGES.hurdles, CROP_DATA_MESSAGES.varieties]);
  });

  it('falls back to the defaults when nothing usable is left: only inactive configs, an empty crop list', async () => {
    serve({
      '/api/crop-configs': { status: 200, body: { hurdleConfigs: [{ id: '1', cropType: 'wheat', minimumHurdlePercentage: 2, defaultHurdlePercentage: 5, isActive: false }], areaLimits: [] } },
      '/api/insurable-crops': { status: 200, body: [] },
    });
    expect((await client.fetchQuery(cropConfigsQueryOptions())).hurdleConfigs).toHaveLength(7);
    expect(await client.fetchQuery(insurableCropsQueryOptions())).toHaveLength(9);
  });

  it('loads a crop’s own hurdle options and varieties', async () => {
    const calls = serve({
      '/api/hurdles?crop_type=field+peas': { status: 200, body: [{ id: 'h15', percentage: 15, impactMultiplier: 0.84, description: '15% hurdle', isActive: true, isDefault: true }] },
      '/api/admin/crops/field%20peas/varieties': { status: 200, body: ['Kaspa', 'Wharton'] },
      '/api/admin/crops/Wheat/varieties': { status: 200, body: ['Scepter'] },
    });
    const options = await client.fetchQuery(hurdleOptionsQueryOptions('field peas'));
    const varieties = await client.fetchQuery(varietiesQueryOptions('field peas'));
    expect(calls).toEqual(['/api/hurdles?crop_type=field+peas', '/api/admin/crops/field%20peas/varieties']);
    expect(hurdleOptionsFor(options, defaultHurdleOptions(), 10).map((option) => option.percentage)).toEqual([15]);
    expect(varieties).toEqual(['Kaspa', 'Wharton']);
    // The cache is keyed by crop whatever its case: 'wheat' finds what 'Wheat' loaded.
    await client.fetchQuery(varietiesQueryOptions('Wheat'));
    expect(client.getQueryData(varietiesQueryOptions('wheat').queryKey)).toEqual(['Scepter']);
  });
});

describe('discount factors', () => {
  it('keeps the factors whose isActive is not false', async () => {
    serve({
      '/api/pricing/discount-factors': {
        status: 200,
        body: [
          { id: 'd1', name: 'Hail netting', kind: 'hailNetting', peril: 'hail', value: 0.1, isActive: true },
          { id: 'd2', name: 'Irrigation', kind: 'irrigation', peril: 'fire', value: 0.05 },
          { id: 'd3', name: 'Old', kind: 'irrigation', peril: 'fire', value: 0.05, isActive: false },
        ],
      },
    });
    const factors = await client.fetchQuery(discountFactorsQueryOptions());
    expect(factors.map((factor) => factor.id)).toEqual(['d1', 'd2']);
    expect(client.getQueryData(discountFactorsQueryOptions().queryKey)).toHaveLength(2);
  });

  it('rejects with the docs/behaviour.md §8 text when the call fails, and is not retried', async () => {
    const calls = serve({ '/api/pricing/discount-factors': { status: 503, body: { error: 'unavailable', message: 'Down for maintenance' } } });
    await expect(client.fetchQuery(discountFactorsQueryOptions())).rejects.toThrow('Failed to load discount factors');
    expect(calls).toHaveLength(1);
    serve(networkDown('/api/pricing/discount-factors'));
    client.clear();
    await expect(client.fetchQuery(discountFactorsQueryOptions())).rejects.toThrow('Failed to load discount factors');
    expect(messages()).toEqual([CROP_DATA_MESSAGES.discountFactors, CROP_DATA_MESSAGES.discountFactors]);
    expect(client.getQueryState(discountFactorsQueryOptions().queryKey)?.status).toBe('error');
  });
});
