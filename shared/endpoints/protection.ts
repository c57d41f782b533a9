/**
 * Saved estimates, the quote's submission and applications (docs/behaviour.md §7 'Estimates and
 * submission'); the callback request; the fire risk survey.
 */
import { fireRiskSurveyQuerySchema, fireRiskSurveyStatusSchema, fireRiskSurveySubmissionSchema } from '../contracts/fire-risk-survey';
import {
  adminApplicationsQuerySchema,
  adminApplicationsResponseSchema,
  CALLBACK_FAILED_MESSAGE,
  callbackRequestSchema,
  callbackResponseSchema,
  protectionDetailResponseSchema,
  protectionListResponseSchema,
  protectionSubmissionResponseSchema,
  saveEstimateRequestSchema,
  saveEstimateResponseSchema,
} from '../contracts/protection';
import { savedEstimateParamsSchema } from '../contracts/quote';
import { endpoint } from './endpoint';

export const protectionEndpoints = {
  saveEstimate: endpoint({
    method: 'POST',
    path: '/api/estimates',
    sentOnce: true,
    access: 'signedIn',
    body: saveEstimateRequestSchema,
    response: saveEstimateResponseSchema,
    status: 201,
    summary:
      'Keeps the quote as a saved estimate, priced again by the server: the caller’s own, or for the member named in `personalDetails.userId` by their broker of record (audited) or a write-level support session; naming anyone else is 403.',
  }),
  estimatePdf: endpoint({
    method: 'GET',
    path: '/api/estimates/:id/pdf',
    access: 'signedIn',
    params: savedEstimateParamsSchema,
    summary: 'The saved estimate as the PDF quote, to the member, their broker of record and a support session at either level (the rule of `GET /api/estimates/{id}`); anyone else: 404.',
  }),
  /**
   * The body is the quote itself, parsed by the service with the submission's own messages, with the
   * Idempotency-Key header: a repeat answers the first application again (Idempotent-Replayed: true).
   */
  submit: endpoint({
    method: 'POST',
    path: '/api/protection',
    access: 'signedIn',
    response: protectionSubmissionResponseSchema,
    status: 201,
    summary:
      'Submits the quote as an application (body: the quote; header `Idempotency-Key`), re-validated and re-priced: the caller’s own, or for the member named by their broker of record (audited) or a write-level support session; the application is the member’s, `submittedById` the sender’s; a repeat with the same key answers the first.',
  }),
  mine: endpoint({
    method: 'GET',
    path: '/api/protection',
    access: 'signedIn',
    response: protectionListResponseSchema,
    summary: 'The caller’s own applications, newest first.',
  }),
  application: endpoint({
    method: 'GET',
    path: '/api/protection/:id',
    access: 'signedIn',
    params: savedEstimateParamsSchema,
    response: protectionDetailResponseSchema,
    summary: 'An application with its paddocks and crops, to those who may read the member’s records (the record rule of shared/domain/accounts/record-access.ts); anyone else: 404.',
  }),
  staffApplications: endpoint({
    method: 'GET',
    path: '/api/admin/applications',
    access: 'administrator',
    query: adminApplicationsQuerySchema,
    response: adminApplicationsResponseSchema,
    summary: 'Submitted applications, newest first, with their member and stage: filters `status`, `userId`, `awaiting=reversal_approval` (a payment reversal waits for a second person); `page`, `pageSize`.',
  }),
  requestCallback: endpoint({
    method: 'POST',
    path: '/api/callbacks/request',
    sentOnce: true,
    access: 'everyone',
    body: callbackRequestSchema,
    response: callbackResponseSchema,
    status: 201,
    failures: { error: 'message', success: false, unexpected: CALLBACK_FAILED_MESSAGE },
    summary: 'A grower asks to be called about an estimate (a signed-in member’s id is kept); staff are e-mailed. 5 an hour per address; failures answer `{ success: false, error }`.',
  }),
  fireRiskSurvey: endpoint({
    method: 'GET',
    path: '/api/user/fire-risk-survey',
    access: 'signedIn',
    query: fireRiskSurveyQuerySchema,
    response: fireRiskSurveyStatusSchema,
    summary: 'The member’s latest fire risk survey answers: without `userId` the caller’s own; with it, a member whose records the caller may read (else 403).',
  }),
  sendFireRiskSurvey: endpoint({
    method: 'POST',
    path: '/api/user/fire-risk-survey',
    sentOnce: true,
    access: 'signedIn',
    body: fireRiskSurveySubmissionSchema,
    response: fireRiskSurveyStatusSchema,
    status: 201,
    summary: 'A completed survey, kept with every earlier one: without `userId` the caller’s own; with it, a member the caller may write for (their broker, a write-level support session; else 403).',
  }),
};
