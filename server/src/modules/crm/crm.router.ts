/**
 * The staff's lead pipeline (/admin/crm/leads, docs/crm.md): the list with its CSV, a lead's detail
 * and changes (audited), and conversion by source and referrer. Administrators only.
 */
import { type RequestHandler, Router } from 'express';
import { leadConversionQuerySchema, leadListQuerySchema, leadParamsSchema, leadUpdateSchema } from '@shared/contracts/crm';
import type { AppContext } from '../../context';
import { providerOf } from '../../db/provider';
import { notFound } from '../../lib/app-error';
import { requireAdmin, signedInUser } from '../../middleware/auth';
import { loadedRecord } from '../../middleware/loaded-record';
import { validate } from '../../middleware/validate';
import { leadsCsv } from './leads-csv';
import { type LeadRow, leadsService } from './leads.service';

export function crmRouter({ env, db }: AppContext): Router {
  const router = Router();
  const leads = leadsService(db, providerOf(env.DATABASE_URL));
  const noStore = { 'Cache-Control': 'no-store' };

  const loaded = loadedRecord<LeadRow>('lead');
  const leadParams = validate({ params: leadParamsSchema });
  const loadLead: RequestHandler = async (req, _res, next) => {
    const lead = await db.lead.findUnique({ where: { id: leadParams.input(req).params.id } });
    if (!lead) throw notFound('That lead does not exist; it may have been merged or deleted.', 'lead_not_found');
    loaded.set(req, lead);
    next();
  };

  const listQuery = validate({ query: leadListQuerySchema });
  router.get('/admin/crm/leads', requireAdmin, listQuery, async (req, res) => {
    res.set(noStore).json(await leads.list(listQuery.input(req).query, new Date()));
  });

  router.get('/admin/crm/leads.csv', requireAdmin, listQuery, async (req, res) => {
    const csv = leadsCsv(await leads.all(listQuery.input(req).query, new Date()));
    res.set({ 'Content-Type': 'text/csv; charset=utf-8', 'Content-Disposition': 'attachment; filename="leads.csv"', 'Cache-Control': 'private, no-store' }).send(csv);
  });

  const conversionQuery = validate({ query: leadConversionQuerySchema });
  router.get('/admin/crm/leads/conversion', requireAdmin, conversionQuery, async (req, res) => {
    res.set(noStore).json(await leads.conversion(conversionQuery.input(req).query, new Date()));
  });

  router.get('/admin/crm/leads/:id', requireAdmin, leadParams, loadLead, async (req, res) => {
    res.set(noStore).json(await leads.detail(loaded.get(req)));
  });

  const updateBody = validate({ body: leadUpdateSchema });
  router.patch('/admin/crm/leads/:id', requireAdmin, leadParams, loadLead, updateBody, async (req, res) => {
    res.json(await leads.update(loaded.get(req), updateBody.input(req).body, signedInUser(req).id));
  });

  return router;
}
