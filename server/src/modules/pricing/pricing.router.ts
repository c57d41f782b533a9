/**
 * Farm risk zones, crop data and the premium (docs/behaviour.md §7 'Crop and pricing data'). Everything here is
 * readable by anyone: a visitor needs it to get a quote. The model comes from the in-memory cache
 * (pricing-model.repository.ts), so pricing a quote reads the database only for the member's
 * history and the referrer code.
 */
import type { RequestHandler } from 'express';
import { type HurdleOptionResponse, OUTSIDE_GRAIN_BELT_MESSAGE } from '@shared/contracts/protection';
import { zoneAt } from '@shared/domain/geo/risk-zone';
import { calculatePremium } from '@shared/domain/pricing/engine';
import { zonePricingRequest } from '@shared/domain/pricing/paddock-zone-pricing';
import { hurdleOptionsForCrop } from '@shared/domain/pricing/quote-pricing';
import { pricingEndpoints as endpoints } from '@shared/endpoints/pricing';
import type { AppContext } from '../../context';
import { notFound, unauthorized } from '../../lib/app-error';
import { currentUser } from '../../middleware/auth';
import { createRateLimit } from '../../middleware/rate-limit';
import { endpointRouter } from '../../middleware/serve';
import { requestPolicy } from '../../policies/request-policy';
import { pricingHourRecorder } from '../pricing-monitor/pricing-hour-recorder';
import { placeNear } from './place-names';
import { memberPricingTerms } from './pricing-context';
import { type PricingSnapshot, pricingModelCache } from './pricing-model.repository';
import { presentZone } from '../../presenters/agriculture-zone';
import { parsePricingRequest, pricingErrorToAppError } from './pricing-errors';

function findCrop(snapshot: PricingSnapshot, cropType: string) {
  const wanted = cropType.trim().toLowerCase();
  const crop = snapshot.crops.find((item) => item.name.toLowerCase() === wanted);
  if (!crop) {
    throw notFound(`We do not offer protection for '${cropType}'. Choose one of: ${snapshot.crops.map((item) => item.name).join(', ')}.`, 'unknown_crop');
  }
  return crop;
}

/**
 * Pricing is open to anyone, so it is limited: a visitor per client address, a signed-in caller per
 * account (a quote's estimate takes up to nine answers; the limits leave room for a person and none
 * for a flood).
 */
function pricingLimit(context: AppContext): RequestHandler {
  const visitors = createRateLimit(context, 'pricingPerAddress', { message: 'Too many estimates were asked for from your network.' });
  const members = createRateLimit(context, 'pricingPerAccount', { key: (req) => `user:${currentUser(req)?.id ?? ''}`, message: 'Too many estimates were asked for on this account.' });
  return (req, res, next) => (currentUser(req) ? members : visitors)(req, res, next);
}

export function pricingRouter(context: AppContext) {
  const { db } = context;
  const cache = pricingModelCache(db);
  const policy = requestPolicy(context);
  const pricingRuns = pricingHourRecorder(db, context.logger);
  const { router, serve } = endpointRouter(context);

  serve(endpoints.zones)({ handle: async () => (await cache.get()).zones.map(presentZone) });

  serve(endpoints.zoneAt)({
    handle: async (_req, _res, { query: { lat, lng } }) => {
      const zone = zoneAt((await cache.get()).zones, { lat, lng });
      if (!zone) throw notFound(OUTSIDE_GRAIN_BELT_MESSAGE, 'outside_grain_belt');
      return presentZone(zone);
    },
  });

  serve(endpoints.cropConfigs)({
    handle: async () => {
      const snapshot = await cache.get();
      return { hurdleConfigs: snapshot.hurdleConfigs, areaLimits: snapshot.model.areaLimits.filter((limit) => limit.isActive) };
    },
  });

  serve(endpoints.insurableCrops)({ handle: async () => (await cache.get()).crops.map((crop) => crop.name) });

  serve(endpoints.discountFactors)({ handle: async () => (await cache.get()).model.discountFactors.filter((factor) => factor.isActive) });

  serve(endpoints.hurdles)({
    handle: async (_req, _res, { query }) => {
      const snapshot = await cache.get();
      let config: PricingSnapshot['hurdleConfigs'][number] | undefined;
      if (query.crop_type !== undefined) {
        const crop = findCrop(snapshot, query.crop_type);
        config = snapshot.hurdleConfigs.find((item) => item.cropType.toLowerCase() === crop.name.toLowerCase());
      }
      return hurdleOptionsForCrop(snapshot.hurdleOptions, config?.minimumHurdlePercentage).map(({ id, percentage, impactMultiplier, description, isActive }): HurdleOptionResponse => ({
        id,
        percentage,
        impactMultiplier,
        description,
        isActive,
        isDefault: config !== undefined && percentage === config.defaultHurdlePercentage,
      }));
    },
  });

  // Under /admin for the path's sake (docs/behaviour.md §7) but read by the quote, so anyone may read it.
  serve(endpoints.varieties)({ handle: async (_req, _res, { params: { cropType } }) => findCrop(await cache.get(), cropType).varieties });

  /**
   * Anyone may price; someone acting for a member names them in ?customerId= so the member's history
   * counts. Each allocation with an outline is priced in the zone it lies in; with farmLocation the
   * zone must be the farm's and the pin near the paddocks (docs/pricing.md 'Who decides the zone').
   * The referrer discount is the priced member's own (the code they registered with), whatever
   * referrerCode the body carries.
   */
  serve(endpoints.calculate)({
    middleware: [pricingLimit(context)],
    handle: async (req, _res, { query: { customerId } }) => {
      const startedAt = performance.now();
      if (customerId !== undefined) {
        if (!currentUser(req)) throw unauthorized();
        await policy.quote(req, customerId, 'read');
      }
      const { referrerCode: _sentReferrerCode, ...body } = parsePricingRequest(req.body);
      const { model, zones } = await cache.get();
      const { context: terms, referrerCode } = await memberPricingTerms(db, { userId: customerId ?? currentUser(req)?.id });
      let result: ReturnType<typeof calculatePremium>;
      try {
        const { farmLocation: _farmLocation, ...zoned } = zonePricingRequest(body, zones, { placeNear });
        result = calculatePremium({ ...zoned, referrerCode }, model, terms);
      } catch (error) {
        throw pricingErrorToAppError(error);
      }
      const latencyMs = performance.now() - startedAt;
      context.metrics.pricingDuration.observe({ endpoint: 'calculate' }, latencyMs / 1000);
      pricingRuns.record(result, model, latencyMs);
      return result;
    },
  });

  return router;
}
