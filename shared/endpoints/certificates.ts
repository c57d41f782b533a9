/** The certificate of protection (docs/certificates.md): the member's PDF, the lender's check, staff's list and withdrawal. */
import { certificateCheckInputSchema, certificateCheckSchema, certificateListSchema, certificateResponseSchema, certificateWithdrawInputSchema } from '../contracts/certificates';
import { recordParamsSchema } from '../contracts/dashboard';
import { endpoint } from './endpoint';

export const certificateEndpoints = {
  download: endpoint({
    method: 'GET',
    path: '/api/dashboard/protections/:id/certificate.pdf',
    access: 'signedIn',
    params: recordParamsSchema,
    summary:
      'The certificate of protection as a PDF, once cover has started (409 before), to whoever may read the member’s records (anyone else’s answers 404); issued with its code on the first download, the same one after.',
  }),
  check: endpoint({
    method: 'POST',
    path: '/api/certificates/check',
    access: 'everyone',
    body: certificateCheckInputSchema,
    response: certificateCheckSchema,
    summary:
      'A lender’s check of a typed code: whether the certificate is genuine and current, ended or withdrawn, its holder’s name, season, cover and totals; nothing else of the member’s. 404 for no such code; 20 checks per address per 10 minutes.',
  }),
  listForApplication: endpoint({
    method: 'GET',
    path: '/api/admin/applications/:id/certificates',
    access: 'administrator',
    params: recordParamsSchema,
    response: certificateListSchema,
    summary: 'Every certificate issued on an application, newest first, with how each stands.',
  }),
  withdraw: endpoint({
    method: 'POST',
    path: '/api/admin/certificates/:id/withdraw',
    access: 'administrator',
    params: recordParamsSchema,
    body: certificateWithdrawInputSchema,
    response: certificateResponseSchema,
    summary:
      'Staff withdraw a certificate with their reason (audited, the member e-mailed); its code then answers withdrawn, and the member’s next download issues a new one while cover stands. 409 when already withdrawn.',
  }),
};
