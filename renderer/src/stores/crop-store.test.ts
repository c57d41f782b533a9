import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_CROP_HURDLES, DEFAULT_INSURABLE_CROPS, DEFAULT_VARIETIES } from '@shared/constants';
import {
  CROP_DATA_MESSAGES,
  defaultHurdleFor,
  hurdleOptionsFor,
  loadCropConfigs,
  loadCropData,
  loadDiscountFactors,
  loadHurdleOptions,
  loadInsurableCrops,
  loadVarieties,
  useCropStore,
  varietiesFor,
} from './crop-store';

/**
 * The loaders go through the real apiRequest and its fetch; only the network is replaced, with a
 * fetch that fails the way a real one does (connection refused, a 500 page, an answer of another
 * shape), so the fallbacks are tested on the paths they take in the browser.
 */
type Answer = { status: number; body: unknown } | 'network-down';

function serve(answers: Record<string, Answer>) {
  const calls: string[] = [];
  const fetchStub = vi.fn(async (input: RequestInfo | URL) => {
    const path = String(input);
    calls.push(path);
    const answer = answers[path];
    if (answer === undefined || answer === 'network-down') throw new TypeError('fetch failed');
    const text = typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body);
    return new Response(text, { status: answer.status, headers: { 'Content-Type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetchStub);
  return calls;
}

let logged: unknown[][];
beforeEach(() => {
  useCropStore.getState().reset();
  logged = [];
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => void logged.push(args));
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const messages = () => logged.map((args) => args[0]);

describe('crop data with the SPEC §7 fallbacks', () => {
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
      '/api/hurdles': { status: 200, body: [0, 10].map((percentage) => ({ id: `h${percentage}`, percentage, impactMultiplier: 1 - percentage / 100, description: `${percentage}%`, isActive: true, isDefault: false })) },
    });
    await loadCropData();
    const state = useCropStore.getState();
    expect(state.hurdleConfigs.map((config) => config.cropType)).toEqual(['wheat']);
    expect(defaultHurdleFor(state, 'Wheat')).toBe(10);
    expect(state.insurableCrops).toEqual(['wheat', 'canola']);
    expect(state.hurdleOptions.map((option) => option.percentage)).toEqual([0, 10]);
    expect(messages()).toEqual([]);
  });

  it('keeps the static defaults and only logs when the network is down', async () => {
    serve({});
    await expect(loadCropData()).resolves.toBeUndefined();
    await loadVarieties('field peas');
    const state = useCropStore.getState();
    expect(state.hurdleConfigs.map(({ cropType, minimumHurdlePercentage, defaultHurdlePercentage }) => ({ cropType, minimumHurdlePercentage, defaultHurdlePercentage }))).toEqual(
      DEFAULT_CROP_HURDLES,
    );
    expect(state.insurableCrops).toEqual([...DEFAULT_INSURABLE_CROPS]);
    expect(state.hurdleOptions.map((option) => [option.percentage, option.impactMultiplier, option.description])).toEqual([
      [0, 1, 'No hurdle'],
      [5, 1, '5% hurdle'],
      [10, 1, '10% hurdle'],
      [15, 1, '15% hurdle'],
      [20, 1, '20% hurdle'],
    ]);
    expect(varietiesFor(state, 'field peas')).toEqual([...DEFAULT_VARIETIES]);
    expect(messages()).toHaveLength(4);
    expect(messages()).toEqual(expect.arrayContaining(['Failed to load crop configs', 'Failed to load insurable crops', 'Failed to load hurdle options', 'Failed to load varieties']));
  });

  it('keeps the defaults on a server error page and on an answer of another shape', async () => {
    serve({
      '/api/crop-configs': { status: 200, body: { configs: 'not this' } },
      '/api/insurable-crops': { status: 500, body: '<html>Bad gateway</html>' },
      '/api/hurdles?crop_type=canola&product_type=fire': { status: 200, body: [] },
      '/api/admin/crops/canola/varieties': { status: 404, body: { error: 'unknown_crop', message: 'No such crop' } },
    });
    await loadCropConfigs();
    await loadInsurableCrops();
    await loadHurdleOptions('canola', 'fire');
    await loadVarieties('canola');
    const state = useCropStore.getState();
    expect(state.hurdleConfigs).toHaveLength(DEFAULT_CROP_HURDLES.length);
    expect(state.insurableCrops).toHaveLength(DEFAULT_INSURABLE_CROPS.length);
    // Canola's minimum is 10 %: the fallback options below it are not offered.
    expect(hurdleOptionsFor(state, 'canola', 10).map((option) => option.percentage)).toEqual([10, 15, 20]);
    expect(varietiesFor(state, 'canola')).toEqual(['Standard', 'Premium']);
    expect(messages()).toEqual([CROP_DATA_MESSAGES.configs, CROP_DATA_MESSAGES.crops, CROP_DATA_MESSAGES.hurdles, CROP_DATA_MESSAGES.varieties]);
  });

  it('loads a crop’s own hurdle options and varieties', async () => {
    const calls = serve({
      '/api/hurdles?crop_type=field+peas': { status: 200, body: [{ id: 'h15', percentage: 15, impactMultiplier: 0.84, description: '15% hurdle', isActive: true, isDefault: true }] },
      '/api/admin/crops/field%20peas/varieties': { status: 200, body: ['Kaspa', 'Wharton'] },
    });
    await loadHurdleOptions('field peas');
    await loadVarieties('field peas');
    expect(calls).toEqual(['/api/hurdles?crop_type=field+peas', '/api/admin/crops/field%20peas/varieties']);
    expect(hurdleOptionsFor(useCropStore.getState(), 'Field Peas', 10).map((option) => option.percentage)).toEqual([15]);
    expect(varietiesFor(useCropStore.getState(), 'field peas')).toEqual(['Kaspa', 'Wharton']);
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
    const factors = await loadDiscountFactors();
    expect(factors.map((factor) => factor.id)).toEqual(['d1', 'd2']);
    expect(useCropStore.getState().discountFactors).toHaveLength(2);
  });

  it('rejects with the SPEC §8 text when the call fails', async () => {
    serve({ '/api/pricing/discount-factors': { status: 503, body: { error: 'unavailable', message: 'Down for maintenance' } } });
    await expect(loadDiscountFactors()).rejects.toThrow('Failed to load discount factors');
    serve({});
    await expect(loadDiscountFactors()).rejects.toThrow('Failed to load discount factors');
    expect(messages()).toEqual([CROP_DATA_MESSAGES.discountFactors, CROP_DATA_MESSAGES.discountFactors]);
  });
});
