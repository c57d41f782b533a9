/** Registration and quote analytics (docs/admin-analytics.md): the administrators' read-only figures, each with a CSV twin. */
import { quoteFunnelQuerySchema, quoteFunnelSchema, registrationAnalyticsQuerySchema, registrationAnalyticsSchema } from '../contracts/admin-analytics';
import { endpoint } from './endpoint';

export const adminAnalyticsEndpoints = {
  registrations: endpoint({
    method: 'GET',
    path: '/api/admin/analytics/registrations',
    access: 'administrator',
    query: registrationAnalyticsQuerySchema,
    response: registrationAnalyticsSchema,
    summary: 'Accounts per day or week, the e-mail verification funnel, code waits, sources and referrers: `from`, `to` (Perth days, at most 366; the last 30 days by default), `bucket` `day`/`week`.',
  }),
  registrationsCsv: endpoint({
    method: 'GET',
    path: '/api/admin/analytics/registrations.csv',
    access: 'administrator',
    query: registrationAnalyticsQuerySchema,
    summary: 'The same figures as a CSV file, one row per figure.',
  }),
  quoteFunnel: endpoint({
    method: 'GET',
    path: '/api/admin/analytics/quote-funnel',
    access: 'administrator',
    query: quoteFunnelQuerySchema,
    response: quoteFunnelSchema,
    summary: 'The quote wizard’s steps with drop-off and time on each, estimates and applications over `from`, `to` (Perth days, at most 366).',
  }),
  quoteFunnelCsv: endpoint({
    method: 'GET',
    path: '/api/admin/analytics/quote-funnel.csv',
    access: 'administrator',
    query: quoteFunnelQuerySchema,
    summary: 'The same figures as a CSV file, one row per figure.',
  }),
};
