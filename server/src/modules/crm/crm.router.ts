/**
 * The staff's lead pipeline (/admin/crm/leads, docs/crm.md): the list with its CSV, a lead's detail
 * and changes (audited), and conversion by source and referrer. Administrators only; each route is
 * an endpoint of the table (shared/endpoints/crm.ts).
 */
import type { Router } from 'express';
import { crmEndpoints as endpoints } from '@shared/endpoints/crm';
import type { AppContext } from '../../context';
import { providerOf } from '../../db/provider';
import { notFound } from '../../lib/app-error';
import { sendCsv } from '../../lib/csv-download';
import { signedInUser } from '../../middleware/auth';
import { endpointRouter } from '../../middleware/serve';
import { LEADS_CSV } from './leads-csv';
import { leadsService } from './leads.service';

export function crmRouter(context: AppContext): Router {
  const { env, db } = context;
  const { router, serve } = endpointRouter(context);
  const leads = leadsService(db, providerOf(env.DATABASE_URL));
  const noStore = { 'Cache-Control': 'no-store' };

  const loadLead = async (_req: unknown, { params }: { params: { id: string } }) => {
    const lead = await db.lead.findUnique({ where: { id: params.id } });
    if (!lead) throw notFound('That lead does not exist; it may have been merged or deleted.', 'lead_not_found');
    return lead;
  };

  serve(endpoints.list)({
    handle: async (_req, res, { query }) => {
      const list = await leads.list(query, new Date());
      res.set(noStore);
      return list;
    },
  });

  serve(endpoints.exportCsv)({
    handle: async (_req, res, { query }) => {
      await sendCsv(res, 'leads.csv', LEADS_CSV, leads.every(query, new Date()));
    },
  });

  serve(endpoints.conversion)({
    handle: async (_req, res, { query }) => {
      const conversion = await leads.conversion(query, new Date());
      res.set(noStore);
      return conversion;
    },
  });

  serve(endpoints.detail)({
    load: loadLead,
    handle: async (_req, res, { record }) => {
      const detail = await leads.detail(record);
      res.set(noStore);
      return detail;
    },
  });

  serve(endpoints.update)({
    load: loadLead,
    handle: async (req, _res, { record, body }) => leads.update(record, body, signedInUser(req).id),
  });

  return router;
}
