/**
 * The soil-testing pilot (docs/soil-testing.md): staff list, enter, change, delete, import from a
 * lab's CSV and export every sample; a member (their broker of record, staff in support mode) reads
 * and adds their own.
 */
import { memberQuerySchema, recordParamsSchema } from '../contracts/dashboard';
import {
  adminSoilSampleInputSchema,
  soilFarmQuerySchema,
  soilFarmSchema,
  soilImportFieldsSchema,
  soilImportPreviewSchema,
  soilImportResultSchema,
  soilSampleInputSchema,
  soilSampleListQuerySchema,
  soilSampleListSchema,
  soilSampleResponseSchema,
} from '../contracts/soil';
import { endpoint } from './endpoint';

export const soilEndpoints = {
  samples: endpoint({
    method: 'GET',
    path: '/api/admin/soil-samples',
    access: 'administrator',
    query: soilSampleListQuerySchema,
    response: soilSampleListSchema,
    summary: 'One page of every member’s samples, newest sample first: filters `memberId`, `paddock`, `lab`, `from`, `to`; `page`, `pageSize` (at most 100).',
  }),
  samplesCsv: endpoint({
    method: 'GET',
    path: '/api/admin/soil-samples.csv',
    access: 'administrator',
    query: soilSampleListQuerySchema,
    summary: 'Every sample matching the list’s filters, as a CSV file.',
  }),
  memberFarm: endpoint({
    method: 'GET',
    path: '/api/admin/soil-samples/farm',
    access: 'administrator',
    query: soilFarmQuerySchema,
    response: soilFarmSchema,
    summary: 'A member’s paddocks and every sample of theirs (`memberId`), for the map; 404 for no such member.',
  }),
  createSample: endpoint({
    method: 'POST',
    path: '/api/admin/soil-samples',
    sentOnce: true,
    access: 'administrator',
    body: adminSoilSampleInputSchema,
    response: soilSampleResponseSchema,
    status: 201,
    summary: 'Staff enter a sample for one of the member’s paddocks (400 naming them otherwise); 404 for no such member.',
  }),
  updateSample: endpoint({
    method: 'PUT',
    path: '/api/admin/soil-samples/:id',
    access: 'administrator',
    params: recordParamsSchema,
    body: soilSampleInputSchema,
    response: soilSampleResponseSchema,
    summary: 'Changes a sample, on one of the member’s paddocks (400 naming them otherwise); 404 for no such sample.',
  }),
  deleteSample: endpoint({
    method: 'DELETE',
    path: '/api/admin/soil-samples/:id',
    access: 'administrator',
    params: recordParamsSchema,
    summary: 'Deletes a sample (204); 404 for no such sample.',
  }),
  previewImport: endpoint({
    method: 'POST',
    path: '/api/admin/soil-samples/import/preview',
    access: 'administrator',
    body: soilImportFieldsSchema,
    response: soilImportPreviewSchema,
    summary:
      'Multipart: `file` (one lab CSV, at most 1 MB: 413), `memberId`, `lab`, `mapping`; read only once the caller is through. The headings, first rows, the suggested mapping and what each row would become; writes nothing. 400 ‘This file is not a CSV…’.',
  }),
  commitImport: endpoint({
    method: 'POST',
    path: '/api/admin/soil-samples/import',
    access: 'administrator',
    body: soilImportFieldsSchema,
    response: soilImportResultSchema,
    status: 201,
    sentOnce: true,
    summary: 'The same multipart fields as the preview: every row of the file kept, or none (400 with the rows’ problems).',
  }),
  memberSamples: endpoint({
    method: 'GET',
    path: '/api/user/soil-samples',
    access: 'signedIn',
    query: memberQuerySchema,
    response: soilFarmSchema,
    summary: 'The member’s paddocks and soil samples: without `memberId` the caller’s own; with it, a member whose records the caller may read (their broker of record, staff, a support session; else 403).',
  }),
  addMemberSample: endpoint({
    method: 'POST',
    path: '/api/user/soil-samples',
    sentOnce: true,
    access: 'signedIn',
    query: memberQuerySchema,
    body: soilSampleInputSchema,
    response: soilSampleResponseSchema,
    status: 201,
    summary:
      'A result for one of the member’s own paddocks: without `memberId` the caller’s own; with it, by those who may write the member’s records (their broker of record, audited; a write-level support session; else 403).',
  }),
};
