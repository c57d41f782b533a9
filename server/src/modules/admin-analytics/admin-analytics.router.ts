/**
 * The administrators' registration and quote analytics. Every route is an endpoint of the table
 * (shared/endpoints/admin-analytics.ts) for administrators; docs/admin-analytics.md says where each
 * figure comes from.
 */
import type { Router } from 'express';
import { adminAnalyticsEndpoints as endpoints } from '@shared/endpoints/admin-analytics';
import type { AppContext } from '../../context';
import { endpointRouter } from '../../middleware/serve';
import { csvDownloadHeaders } from '../../lib/csv-download';
import { quoteFunnelCsv, registrationAnalyticsCsv } from './analytics-csv';
import { analyticsService } from './analytics.service';

const csvHeaders = (name: string, from: string, to: string) => csvDownloadHeaders(`${name}-${from}-to-${to}.csv`);

export function adminAnalyticsRouter(context: AppContext): Router {
  const analytics = analyticsService(context);
  const { router, serve } = endpointRouter(context);

  serve(endpoints.registrations)({
    handle: async (_req, res, { query }) => {
      const report = await analytics.registrations(query, new Date());
      res.set('Cache-Control', 'no-store');
      return report;
    },
  });
  serve(endpoints.registrationsCsv)({
    handle: async (_req, res, { query }) => {
      const report = await analytics.registrations(query, new Date());
      res.set(csvHeaders('registrations', report.from, report.to)).send(registrationAnalyticsCsv(report));
    },
  });

  serve(endpoints.quoteFunnel)({
    handle: async (_req, res, { query }) => {
      const report = await analytics.quoteFunnel(query, new Date());
      res.set('Cache-Control', 'no-store');
      return report;
    },
  });
  serve(endpoints.quoteFunnelCsv)({
    handle: async (_req, res, { query }) => {
      const report = await analytics.quoteFunnel(query, new Date());
      res.set(csvHeaders('quote-funnel', report.from, report.to)).send(quoteFunnelCsv(report));
    },
  });

  return router;
}
