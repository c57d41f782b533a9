/**
 * /admin/pricing-monitor: the hourly totals of pricing runs (pricing-hour-recorder.ts) worked into
 * the shared figures (shared/domain/pricing-monitor/pricing-runs.ts) for a range of Perth days. The
 * rows read are bounded by the hours of the range and the model's zones, covers and crops. The route
 * is an endpoint of the table (shared/endpoints/pricing-monitor.ts) for administrators.
 */
import type { Router } from 'express';
import { PRICING_MONITOR_MAX_DAYS, type PricingMonitorResponse } from '@shared/contracts/pricing-monitor';
import { pricingMonitorEndpoints as endpoints } from '@shared/endpoints/pricing-monitor';
import { calendarDays, pricingMonitorFigures } from '@shared/domain/pricing-monitor/pricing-runs';
import { perthCalendarDate } from '@shared/format';
import type { AppContext } from '../../context';
import { badRequest } from '../../lib/app-error';
import { endpointRouter } from '../../middleware/serve';
import { addDays } from '@shared/perth-time';
import { pricingHourTotals, RETENTION_DAYS } from './pricing-hour-recorder';
import { DAY_MS, perthDayStart } from '@shared/perth-time';

const DEFAULT_DAYS = 28;

export function pricingMonitorRouter(context: AppContext): Router {
  const { db } = context;
  const { router, serve } = endpointRouter(context);

  serve(endpoints.figures)({
    handle: async (_req, res, { query }) => {
      const to = query.to ?? perthCalendarDate(new Date());
      const from = query.from ?? addDays(to, -(DEFAULT_DAYS - 1));
      if (calendarDays(from, to).length > PRICING_MONITOR_MAX_DAYS) throw badRequest(`Choose at most ${PRICING_MONITOR_MAX_DAYS} days at once.`, 'range_too_long');
      const where = {
        hourStart: { gte: perthDayStart(from), lt: new Date(perthDayStart(to).getTime() + DAY_MS) },
        ...(query.zone ? { zoneCode: query.zone } : {}),
        ...(query.coverageType ? { coverageType: query.coverageType } : {}),
      };
      const body: PricingMonitorResponse = { from, to, retentionDays: RETENTION_DAYS, ...pricingMonitorFigures(await pricingHourTotals(db, where), from, to) };
      res.set('Cache-Control', 'no-store');
      return body;
    },
  });

  return router;
}
