/**
 * Drafts of the quote wizard and the saved estimate reopened in it (docs/behaviour.md §7 'Drafts').
 * The member reaches their own, their broker of record acts for them (every change audited), and
 * staff in a support session for the member look (read level) or change (write level); anyone
 * else's draft or estimate answers 404 (shared/domain/quote/draft-access.ts).
 */
import {
  createDraftBodySchema,
  deleteDraftResponseSchema,
  draftListQuerySchema,
  draftListResponseSchema,
  draftParamsSchema,
  draftResponseSchema,
  draftStatusResponseSchema,
  quoteDraftQuerySchema,
  saveQuoteDraftResponseSchema,
  updateDraftBodySchema,
  updateDraftStatusBodySchema,
} from '../contracts/drafts';
import { savedEstimateParamsSchema, savedEstimateQuerySchema, savedEstimateResponseSchema } from '../contracts/quote';
import { endpoint } from './endpoint';

const QUOTE_RULE = 'the member, their broker of record (audited) or a support session (changes at write level); anyone else: 404';

export const quoteEndpoints = {
  drafts: endpoint({
    method: 'GET',
    path: '/api/user/drafts',
    access: 'signedIn',
    query: draftListQuerySchema,
    response: draftListResponseSchema,
    summary: `The member’s drafts (\`userId\`), newest first: ${QUOTE_RULE.replace('; anyone else: 404', '; anyone else: 403')}.`,
  }),
  draft: endpoint({
    method: 'GET',
    path: '/api/user/drafts/:id',
    access: 'signedIn',
    params: draftParamsSchema,
    response: draftResponseSchema,
    summary: `A draft with its answers: ${QUOTE_RULE}.`,
  }),
  createDraft: endpoint({
    method: 'POST',
    path: '/api/user/drafts',
    access: 'signedIn',
    body: createDraftBodySchema,
    response: draftResponseSchema,
    status: 201,
    summary: `A new draft under the client’s id for the member named (\`userId\`): ${QUOTE_RULE.replace('; anyone else: 404', '; anyone else: 403')}; an id taken answers 409 (404 when the draft is someone else’s).`,
  }),
  updateDraft: endpoint({
    method: 'PUT',
    path: '/api/user/drafts/:id',
    access: 'signedIn',
    params: draftParamsSchema,
    body: updateDraftBodySchema,
    response: draftResponseSchema,
    summary: `Saves a draft on the version it was read at (409 with the newer draft otherwise): ${QUOTE_RULE}.`,
  }),
  draftStatus: endpoint({
    method: 'PUT',
    path: '/api/user/drafts/:id/status',
    access: 'signedIn',
    params: draftParamsSchema,
    body: updateDraftStatusBodySchema,
    response: draftStatusResponseSchema,
    summary: `Moves a draft’s status (COMPLETED needs \`completedAt\`): ${QUOTE_RULE}.`,
  }),
  deleteDraft: endpoint({
    method: 'DELETE',
    path: '/api/user/drafts/:id',
    access: 'signedIn',
    params: draftParamsSchema,
    response: deleteDraftResponseSchema,
    summary: `Deletes a draft: ${QUOTE_RULE}.`,
  }),
  quoteDraft: endpoint({
    method: 'GET',
    path: '/api/quotes/draft',
    access: 'signedIn',
    query: quoteDraftQuerySchema,
    response: draftResponseSchema,
    summary: `The draft of \`id\`, as the wizard resumes it: ${QUOTE_RULE}.`,
  }),
  /** The body is parsed by the handler (autoSavePayloadSchema), so that a save with nothing in it is told so in the wizard's words. */
  autoSave: endpoint({
    method: 'POST',
    path: '/api/quotes/draft',
    access: 'signedIn',
    response: saveQuoteDraftResponseSchema,
    summary: `The wizard’s automatic save (body: \`autoSavePayloadSchema\`): creates the draft under the client’s id the first time (201), then needs the version it was based on (200; 409 with the newer draft): ${QUOTE_RULE}.`,
  }),
  savedEstimate: endpoint({
    method: 'GET',
    path: '/api/estimates/:id',
    access: 'signedIn',
    params: savedEstimateParamsSchema,
    query: savedEstimateQuerySchema,
    response: savedEstimateResponseSchema,
    summary: `A saved estimate, reopened in the wizard: ${QUOTE_RULE}; acting for a customer, \`customerId\` must name its owner.`,
  }),
};
