/** The staff's lead pipeline (/admin/crm/leads, docs/crm.md): administrators only. */
import { leadConversionQuerySchema, leadConversionResponseSchema, leadDetailResponseSchema, leadListQuerySchema, leadListResponseSchema, leadParamsSchema, leadUpdateSchema } from '../contracts/crm';
import { endpoint } from './endpoint';

export const crmEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/api/admin/crm/leads',
    access: 'administrator',
    query: leadListQuerySchema,
    response: leadListResponseSchema,
    summary: 'One page of the pipeline, newest leads first, with the stage counts and the staff who may own a lead: filters `stage`, `source`, `referrer`, `owner`, `search`, `due`; `page`.',
  }),
  exportCsv: endpoint({
    method: 'GET',
    path: '/api/admin/crm/leads.csv',
    access: 'administrator',
    query: leadListQuerySchema,
    summary: 'The same filters, every row, as a CSV file.',
  }),
  conversion: endpoint({
    method: 'GET',
    path: '/api/admin/crm/leads/conversion',
    access: 'administrator',
    query: leadConversionQuerySchema,
    response: leadConversionResponseSchema,
    summary: 'The leads of a period by source and by referrer: `from`, `to` (Perth days; the last 90 days without them).',
  }),
  detail: endpoint({
    method: 'GET',
    path: '/api/admin/crm/leads/:id',
    access: 'administrator',
    params: leadParamsSchema,
    response: leadDetailResponseSchema,
    summary: 'A lead and its history; 404 for one that does not exist.',
  }),
  update: endpoint({
    method: 'PATCH',
    path: '/api/admin/crm/leads/:id',
    access: 'administrator',
    params: leadParamsSchema,
    body: leadUpdateSchema,
    response: leadDetailResponseSchema,
    summary: 'Stage (with a lost reason), owner, next follow-up and a note, saved together; audited `crm.lead.update`.',
  }),
};
