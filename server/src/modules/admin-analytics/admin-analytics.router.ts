/**
 * The administrators' registration and quote analytics. Every route
 * requires an administrator; docs/admin-analytics.md says where each figure comes from.
 */
import { Router } from 'express';
import { quoteFunnelQuerySchema, registrationAnalyticsQuerySchema } from '@shared/contracts/admin-analytics';
import type { AppContext } from '../../context';
import { requireAdmin } from '../../middleware/auth';
import { validate } from '../../middleware/validate';
import { quoteFunnelCsv, registrationAnalyticsCsv } from './analytics-csv';
import { analyticsService } from './analytics.service';

const csvHeaders = (name: string, from: string, to: string) => ({
  'Content-Type': 'text/csv; charset=utf-8',
  'Content-Disposition': `attachment; filename="${name}-${from}-to-${to}.csv"`,
  'Cache-Control': 'no-store',
});

export function adminAnalyticsRouter(context: AppContext): Router {
  const analytics = analyticsService(context);
  const router = Router();

  const registrationQuery = validate({ query: registrationAnalyticsQuerySchema });
  router.get('/admin/analytics/registrations', requireAdmin, registrationQuery, async (req, res) => {
    res.set('Cache-Control', 'no-store').json(await analytics.registrations(registrationQuery.input(req).query, new Date()));
  });
  router.get('/admin/analytics/registrations.csv', requireAdmin, registrationQuery, async (req, res) => {
    const report = await analytics.registrations(registrationQuery.input(req).query, new Date());
    res.set(csvHeaders('registrations', report.from, report.to)).send(registrationAnalyticsCsv(report));
  });

  const quoteFunnelQuery = validate({ query: quoteFunnelQuerySchema });
  router.get('/admin/analytics/quote-funnel', requireAdmin, quoteFunnelQuery, async (req, res) => {
    res.set('Cache-Control', 'no-store').json(await analytics.quoteFunnel(quoteFunnelQuery.input(req).query, new Date()));
  });
  router.get('/admin/analytics/quote-funnel.csv', requireAdmin, quoteFunnelQuery, async (req, res) => {
    const report = await analytics.quoteFunnel(quoteFunnelQuery.input(req).query, new Date());
    res.set(csvHeaders('quote-funnel', report.from, report.to)).send(quoteFunnelCsv(report));
  });

  return router;
}
