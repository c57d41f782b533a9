/**
 * The public site (docs/public-site.md): the contact and register-interest forms, the browser's error
 * reports and analytics, the footer's registration details and the corporate documents; and the
 * administrators' bell, badge and form submissions list.
 */
import {
  acceptedResponseSchema,
  analyticsEventsRequestSchema,
  corporateDocumentListSchema,
  corporateDocumentParamsSchema,
  formSubmissionListQuerySchema,
  formSubmissionListResponseSchema,
  formSubmissionParamsSchema,
  formSubmissionRequestSchema,
  formSubmissionResponseSchema,
  formSubmissionUpdateResponseSchema,
  formSubmissionUpdateSchema,
  markAllSubmissionsReadResponseSchema,
  notificationCountResponseSchema,
  siteInfoSchema,
  trackErrorsRequestSchema,
} from '../contracts/public-site';
import { endpoint } from './endpoint';

export const publicSiteEndpoints = {
  submitForm: endpoint({
    method: 'POST',
    path: '/api/form-submissions',
    sentOnce: true,
    access: 'everyone',
    body: formSubmissionRequestSchema,
    response: formSubmissionResponseSchema,
    status: 201,
    failures: { error: 'sentence' },
    summary:
      'The contact and register-interest forms: stored, then staff e-mailed; a contact message opens a support request in the account of the sender signed in (a visitor’s joins none); a filled spam trap gets the same answer. 10 per address per 10 minutes; every failure answers a sentence in `error`.',
  }),
  trackErrors: endpoint({
    method: 'POST',
    path: '/api/errors/track',
    access: 'everyone',
    body: trackErrorsRequestSchema,
    response: acceptedResponseSchema,
    status: 202,
    summary:
      'The browser’s error reports (1 to 50), each added to its group by fingerprint; the user is the session’s, never the report’s. 10 a minute per address, and 1,500 error and analytics requests a day per address together (429 with a sentence).',
  }),
  analyticsEvents: endpoint({
    method: 'POST',
    path: '/api/analytics/events',
    access: 'everyone',
    body: analyticsEventsRequestSchema,
    response: acceptedResponseSchema,
    status: 202,
    summary: 'The browser’s analytics events (1 to 50); the user is the session’s. 20 a minute per address, within the daily budget of the error reports.',
  }),
  siteInfo: endpoint({
    method: 'GET',
    path: '/api/site-info',
    access: 'everyone',
    response: siteInfoSchema,
    summary: 'The registered name, ABN and ACN the footer’s warning names (server `BUSINESS_*` variables); cached 5 minutes.',
  }),
  corporateDocuments: endpoint({
    method: 'GET',
    path: '/api/corporate-documents',
    access: 'everyone',
    response: corporateDocumentListSchema,
    summary: 'The corporate documents administrators published, in their order, each with its download address.',
  }),
  downloadCorporateDocument: endpoint({
    method: 'GET',
    path: '/api/corporate-documents/:id/download',
    access: 'everyone',
    params: corporateDocumentParamsSchema,
    summary: 'A published document’s file, as an attachment; 404 once it is no longer published.',
  }),
  notificationCount: endpoint({
    method: 'GET',
    path: '/api/admin/notifications/count',
    access: 'administrator',
    response: notificationCountResponseSchema,
    summary: 'The bell and the Form Submissions badge, polled every 30 s: unread submissions, the 3 newest, and what else waits for staff (applications submitted, claims lodged, support requests new).',
  }),
  formSubmissions: endpoint({
    method: 'GET',
    path: '/api/admin/form-submissions',
    access: 'administrator',
    query: formSubmissionListQuerySchema,
    response: formSubmissionListResponseSchema,
    summary: 'One page of the public forms’ submissions, newest first, with the unread count: `filter` (`all`, `unread`, `spam`), `page`.',
  }),
  setSubmissionRead: endpoint({
    method: 'PATCH',
    path: '/api/admin/form-submissions/:id',
    access: 'administrator',
    params: formSubmissionParamsSchema,
    body: formSubmissionUpdateSchema,
    response: formSubmissionUpdateResponseSchema,
    summary: 'Marks one submission read or unread (`isRead`); 404 for none.',
  }),
  markAllSubmissionsRead: endpoint({
    method: 'POST',
    path: '/api/admin/form-submissions/mark-all-read',
    access: 'administrator',
    response: markAllSubmissionsReadResponseSchema,
    summary: 'Marks every unread submission read; answers how many.',
  }),
};
