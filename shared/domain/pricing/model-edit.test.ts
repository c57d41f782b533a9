import { describe, expect, it } from 'vitest';
import { DEFAULT_PRICING_MODEL } from './default-model';
import { applyPricingEdit, nextModelVersion, pricingModelProblem } from './model-edit';

const model = DEFAULT_PRICING_MODEL;

describe('applyPricingEdit', () => {
  it('changes one zone’s rates and leaves the rest of the model alone', () => {
    const result = applyPricingEdit(model, { kind: 'zoneRates', code: 'EWB', hailRate: 1.5, fireRate: 1.4, bothRate: 2.6 });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.model.zones.find((zone) => zone.code === 'EWB')).toMatchObject({ hailRate: 1.5, fireRate: 1.4, bothRate: 2.6, riskLevel: 'high' });
    expect(result.model.zones.filter((zone) => zone.code !== 'EWB')).toEqual(model.zones.filter((zone) => zone.code !== 'EWB'));
  });

  it('refuses a package rate not below hail plus fire, or below either alone, in the schema’s words', () => {
    const dear = applyPricingEdit(model, { kind: 'zoneRates', code: 'EWB', hailRate: 1.35, fireRate: 1.4, bothRate: 9 });
    expect(dear).toEqual({ ok: false, reason: 'invalid', message: 'Zone EWB: the hail and fire package rate (9%) must be lower than hail (1.35%) plus fire (1.4%) bought apart (2.75%)' });
    const cheap = applyPricingEdit(model, { kind: 'zoneRates', code: 'EWB', hailRate: 1.35, fireRate: 1.4, bothRate: 1.2 });
    expect(cheap.ok === false && cheap.message).toMatch(/must not be lower than the hail or fire rate alone/);
  });

  it('answers not_found for an unknown zone, crop, hurdle or rule', () => {
    expect(applyPricingEdit(model, { kind: 'zoneRates', code: 'NOPE', hailRate: 1, fireRate: 1, bothRate: 1.5 })).toMatchObject({ ok: false, reason: 'not_found' });
    expect(applyPricingEdit(model, { kind: 'cropFactor', cropType: 'rice', hailFactor: 1, fireFactor: 1 })).toMatchObject({ ok: false, reason: 'not_found' });
    expect(applyPricingEdit(model, { kind: 'dynamicDiscount', rule: { id: 'nope', name: 'x', kind: 'referrer', rate: 0.01, isActive: true } })).toMatchObject({ ok: false, reason: 'not_found' });
  });

  it('checks crop factors and discount rules against the whole model', () => {
    expect(applyPricingEdit(model, { kind: 'cropFactor', cropType: 'canola', hailFactor: 1.4, fireFactor: 1.2 }).ok).toBe(true);
    expect(applyPricingEdit(model, { kind: 'cropFactor', cropType: 'canola', hailFactor: 9, fireFactor: 1.2 })).toMatchObject({ ok: false, message: 'Hail factor must be at most 4' });
    expect(applyPricingEdit(model, { kind: 'dynamicDiscount', rule: { id: 'discount-referrer', name: 'Referrer discount', kind: 'referrer', rate: 0.03, isActive: true } }).ok).toBe(true);
    expect(applyPricingEdit(model, { kind: 'dynamicDiscount', rule: { id: 'discount-referrer', name: 'Referrer discount', kind: 'referrer', rate: 0.9, isActive: true } })).toMatchObject({
      ok: false,
      message: 'Referrer rate must be at most 0.5 (50%); 0.05 means 5%',
    });
    expect(applyPricingEdit(model, { kind: 'dynamicDiscount', rule: { id: 'discount-referrer', name: 'x', kind: 'multiYear', minimumPriorSeasons: 1, rate: 0.01, isActive: true } })).toMatchObject({
      ok: false,
      reason: 'invalid',
    });
  });

  it('sets the cap on all discounts together, refusing one above 50%', () => {
    const result = applyPricingEdit(model, { kind: 'settings', maxTotalDiscountRate: 0.1 });
    expect(result.ok && result.model.maxTotalDiscountRate).toBe(0.1);
    expect(applyPricingEdit(model, { kind: 'settings', maxTotalDiscountRate: 0.9 }).ok).toBe(false);
  });
});

describe('pricingModelProblem and nextModelVersion', () => {
  it('answers the first problem of a broken model', () => {
    expect(pricingModelProblem(model).problem).toBeNull();
    expect(pricingModelProblem({ ...model, minimumPremium: -5 }).problem).toBe('Minimum premium must be $0 or more');
  });

  it('names a version by the UTC time of the change', () => {
    expect(nextModelVersion(new Date('2026-11-22T10:15:30.123Z'))).toBe('admin-20261122-101530-123');
  });
});
