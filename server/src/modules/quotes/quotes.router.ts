/**
 * Draft and saved-estimate routes (docs/behaviour.md §7 'Drafts', 'Estimates and submission'). The owner
 * reaches a draft or an estimate, their broker of record acting for them (every change audited),
 * and staff in a support session for that customer (read level may look, write level may change);
 * the rule is shared/domain/quote/draft-access.ts. Someone else's draft answers 404, so ids reveal nothing.
 */
import { type Request, type RequestHandler, Router } from 'express';
import {
  autoSavePayloadSchema,
  createDraftBodySchema,
  DRAFT_MESSAGES,
  draftParamsSchema,
  draftListQuerySchema,
  quoteDraftQuerySchema,
  updateDraftBodySchema,
  updateDraftStatusBodySchema,
} from '@shared/contracts/drafts';
import { savedEstimateParamsSchema, savedEstimateQuerySchema } from '@shared/contracts/quote';
import type { RecordAccess } from '@shared/domain/accounts/record-access';
import { hasDraftContent } from '@shared/domain/quote/draft';
import type { AppContext } from '../../context';
import { badRequest, notFound } from '../../lib/app-error';
import { parseInput } from '../../lib/validate';
import { requireUser } from '../../middleware/auth';
import { loadedRecord } from '../../middleware/loaded-record';
import { validate } from '../../middleware/validate';
import { presentDraft, presentDraftMetadata } from '../../presenters/draft';
import { DRAFT_NOT_FOUND_MESSAGE, type DraftWrite, draftsService } from './drafts.service';
import { requestPolicy } from '../../policies/request-policy';

export const ESTIMATE_NOT_FOUND_MESSAGE = 'Estimate not found.';
export const USER_ID_MISMATCH_MESSAGE = 'userId does not match the draft’s owner.';

export function quotesRouter(context: AppContext): Router {
  const { db } = context;
  const drafts = draftsService(db);
  const policy = requestPolicy(context);
  const router = Router();

  const draftParams = validate({ params: draftParamsSchema });
  const loaded = loadedRecord<NonNullable<Awaited<ReturnType<typeof drafts.find>>>>('draft');

  /** Loads the draft of :id; one the caller may not reach answers 404, a read-level support session's change 403. */
  const draftFor =
    (access: RecordAccess): RequestHandler =>
    async (req, _res, next) => {
      const row = await drafts.find(draftParams.input(req).params.id);
      if (!row) throw notFound(DRAFT_NOT_FOUND_MESSAGE);
      await policy.quote(req, row.userId, access, DRAFT_NOT_FOUND_MESSAGE);
      loaded.set(req, row);
      next();
    };

  /**
   * A new draft under the client's id. An id already taken by a draft the caller may not see answers
   * 404 like every other route of that draft (a 409 would tell them it exists); their own, 409.
   */
  async function createDraft(req: Request, id: string, write: DraftWrite) {
    const taken = await drafts.find(id);
    if (taken) await policy.quote(req, taken.userId, 'write', DRAFT_NOT_FOUND_MESSAGE);
    return drafts.create(id, write);
  }

  const listQuery = validate({ query: draftListQuerySchema });
  router.get('/user/drafts', requireUser, listQuery, async (req, res) => {
    const { userId } = listQuery.input(req).query;
    await policy.quote(req, userId, 'read');
    const rows = await drafts.list(userId);
    res.json({ success: true, message: `${rows.length} draft${rows.length === 1 ? '' : 's'} found`, drafts: rows.map(presentDraftMetadata) });
  });

  router.get('/user/drafts/:id', requireUser, draftParams, draftFor('read'), (req, res) => {
    res.json({ success: true, draft: presentDraft(loaded.get(req)) });
  });

  const createBody = validate({ body: createDraftBodySchema });
  router.post('/user/drafts', requireUser, createBody, async (req, res) => {
    const { body } = createBody.input(req);
    await policy.quote(req, body.userId, 'write');
    const row = await createDraft(req, body.id, { ...body, quoteData: body.data });
    res.status(201).json({ success: true, draft: presentDraft(row) });
  });

  const updateBody = validate({ body: updateDraftBodySchema });
  router.put('/user/drafts/:id', requireUser, draftParams, draftFor('write'), updateBody, async (req, res) => {
    const row = loaded.get(req);
    const { body } = updateBody.input(req);
    if (body.userId !== row.userId) throw badRequest(USER_ID_MISMATCH_MESSAGE);
    const saved = await drafts.update(row.id, body.version, { ...body, quoteData: body.data });
    res.json({ success: true, draft: presentDraft(saved) });
  });

  const statusBody = validate({ body: updateDraftStatusBodySchema });
  router.put('/user/drafts/:id/status', requireUser, draftParams, draftFor('write'), statusBody, async (req, res) => {
    const row = loaded.get(req);
    const { body } = statusBody.input(req);
    const completedAt = body.completedAt === undefined ? null : new Date(body.completedAt);
    if (completedAt !== null && Number.isNaN(completedAt.getTime())) throw badRequest('completedAt must be a date and time.');
    const saved = await drafts.updateStatus(row.id, body.status, completedAt);
    const { id, status, updatedAt, completedAt: savedCompletedAt } = presentDraftMetadata(saved);
    res.json({ success: true, draft: { id, status, updatedAt, completedAt: savedCompletedAt } });
  });

  router.delete('/user/drafts/:id', requireUser, draftParams, draftFor('write'), async (req, res) => {
    const row = loaded.get(req);
    await drafts.remove(row.id);
    res.json({ success: true, message: 'Draft deleted' });
  });

  const draftQuery = validate({ query: quoteDraftQuerySchema });
  router.get('/quotes/draft', requireUser, draftQuery, async (req, res) => {
    const { id } = draftQuery.input(req).query;
    const row = await drafts.find(id);
    if (!row) throw notFound(DRAFT_NOT_FOUND_MESSAGE);
    await policy.quote(req, row.userId, 'read', DRAFT_NOT_FOUND_MESSAGE);
    res.json({ success: true, draft: presentDraft(row) });
  });

  /**
   * The automatic save. Creates the draft under the client's id the first time (or always, with
   * forceNew); after that it needs the version the save was based on, exactly like the PUT.
   */
  router.post('/quotes/draft', requireUser, async (req, res) => {
    const raw: unknown = req.body;
    const rawData = typeof raw === 'object' && raw !== null ? (raw as Record<string, unknown>)['quoteData'] : undefined;
    if (rawData === undefined || rawData === null) throw badRequest(DRAFT_MESSAGES.noDataToSave, 'no_data');
    const body = parseInput(autoSavePayloadSchema, raw);
    if (!hasDraftContent(body.quoteData)) throw badRequest(DRAFT_MESSAGES.noDataToSave, 'no_data');
    if (body.draftId === undefined) throw badRequest(DRAFT_MESSAGES.noDraftIdProvided, 'no_draft_id');
    await policy.quote(req, body.userId, 'write');
    const existing = body.forceNew ? null : await drafts.find(body.draftId);
    if (existing !== null) {
      await policy.quote(req, existing.userId, 'write', DRAFT_NOT_FOUND_MESSAGE);
      if (existing.userId !== body.userId) throw badRequest(USER_ID_MISMATCH_MESSAGE);
      if (body.version === undefined) throw badRequest('version is required to update an existing draft.', 'version_required');
    }
    const row = existing === null ? await createDraft(req, body.draftId, body) : await drafts.update(existing.id, body.version ?? 0, body);
    const saved = presentDraftMetadata(row);
    res.status(existing === null ? 201 : 200).json({ success: true, draft: { id: saved.id, version: saved.version, dataHash: saved.dataHash, updatedAt: saved.updatedAt } });
  });

  const estimateInput = validate({ params: savedEstimateParamsSchema, query: savedEstimateQuerySchema });
  router.get('/estimates/:id', requireUser, estimateInput, async (req, res) => {
    const {
      params: { id },
      query,
    } = estimateInput.input(req);
    const row = await db.savedEstimate.findUnique({ where: { id } });
    if (!row) throw notFound(ESTIMATE_NOT_FOUND_MESSAGE);
    // Acting for a customer (support mode, a broker), the client names them; an estimate of anyone else is not shown.
    if (query.customerId !== undefined && query.customerId !== row.userId) throw notFound(ESTIMATE_NOT_FOUND_MESSAGE);
    await policy.quote(req, row.userId, 'read', ESTIMATE_NOT_FOUND_MESSAGE);
    const data = typeof row.data === 'object' && row.data !== null && !Array.isArray(row.data) ? row.data : { quoteData: row.data };
    res.json({ success: true, estimate: { ...data, id: row.id, userId: row.userId, createdAt: row.createdAt.toISOString() } });
  });

  return router;
}
