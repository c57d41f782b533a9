/** The member's dashboard at a glance: the overview, their protections and the season report (docs/dashboard.md). */
import {
  memberQuerySchema,
  overviewSchema,
  protectionListSchema,
  protectionResponseSchema,
  protectionStatusInputSchema,
  recordParamsSchema,
  reportQuerySchema,
  seasonReportSchema,
} from '../contracts/dashboard';
import { endpoint } from './endpoint';

export const dashboardEndpoints = {
  overview: endpoint({
    method: 'GET',
    path: '/api/dashboard/overview',
    access: 'signedIn',
    query: memberQuerySchema,
    response: overviewSchema,
    summary:
      'The season at a glance: protections, what is owed and overdue, open claims, the dates ahead; drafts and saved estimates to the member only. `memberId`: a client’s (their broker, or staff in support mode).',
  }),
  protections: endpoint({
    method: 'GET',
    path: '/api/dashboard/protections',
    access: 'signedIn',
    query: memberQuerySchema,
    response: protectionListSchema,
    summary: 'Every application and protection with its paddocks and figures; `memberId` as the overview’s (staff read any member’s).',
  }),
  moveProtection: endpoint({
    method: 'PUT',
    path: '/api/dashboard/protections/:id/status',
    access: 'administrator',
    params: recordParamsSchema,
    body: protectionStatusInputSchema,
    response: protectionResponseSchema,
    summary:
      'Staff move an application along (409 for a move its stage does not allow); accepting it issues its invoices, which in production need the payment details. Never an administrator’s own application (403 `own_account`).',
  }),
  protectionSummary: endpoint({
    method: 'GET',
    path: '/api/dashboard/protections/:id/summary.pdf',
    access: 'signedIn',
    params: recordParamsSchema,
    summary: 'The protection’s summary as a PDF, to whoever may read the member’s records; anyone else’s answers 404.',
  }),
  seasonReport: endpoint({
    method: 'GET',
    path: '/api/reports/season',
    access: 'signedIn',
    query: reportQuerySchema,
    response: seasonReportSchema,
    summary: 'One season by paddock and by crop (the latest when `season` is absent), claims withdrawn left out; `memberId` as the overview’s.',
  }),
  seasonReportCsv: endpoint({
    method: 'GET',
    path: '/api/reports/season.csv',
    access: 'signedIn',
    query: reportQuerySchema,
    summary: 'The same report as a CSV file.',
  }),
};
