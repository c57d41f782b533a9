/**
 * Draft and saved-estimate routes (docs/behaviour.md §7 'Drafts', 'Estimates and submission'). The owner
 * reaches a draft or an estimate, their broker of record acting for them (every change audited),
 * and staff in a support session for that customer (read level may look, write level may change);
 * the rule is shared/domain/quote/draft-access.ts. Someone else's draft answers 404, so ids reveal nothing.
 */
import type { Request } from 'express';
import { autoSavePayloadSchema, DRAFT_MESSAGES } from '@shared/contracts/drafts';
import type { RecordAccess } from '@shared/domain/accounts/record-access';
import { hasDraftContent } from '@shared/domain/quote/draft';
import { quoteEndpoints as endpoints } from '@shared/endpoints/quotes';
import type { AppContext } from '../../context';
import { badRequest, notFound } from '../../lib/app-error';
import { parseInput } from '../../lib/validate';
import { endpointRouter } from '../../middleware/serve';
import { presentDraft, presentDraftMetadata } from '../../presenters/draft';
import { DRAFT_NOT_FOUND_MESSAGE, type DraftWrite, draftsService } from './drafts.service';
import { requestPolicy } from '../../policies/request-policy';
import { presentSavedEstimate } from '../../presenters/saved-estimate';
import { ESTIMATE_NOT_FOUND_MESSAGE, findSavedEstimate } from '../protection/protection.service';
import { plural } from '@shared/format';

export const USER_ID_MISMATCH_MESSAGE = 'userId does not match the draft’s owner.';

export function quotesRouter(context: AppContext) {
  const { db } = context;
  const drafts = draftsService(db);
  const policy = requestPolicy(context);
  const { router, serve } = endpointRouter(context);

  /** Loads the draft of :id; one the caller may not reach answers 404, a read-level support session's change 403. */
  const draftFor =
    (access: RecordAccess) =>
    async (req: Request, { params }: { params: { id: string } }) => {
      const row = await drafts.find(params.id);
      if (!row) throw notFound(DRAFT_NOT_FOUND_MESSAGE);
      await policy.quote(req, row.userId, access, DRAFT_NOT_FOUND_MESSAGE);
      return row;
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

  serve(endpoints.drafts)({
    handle: async (req, _res, { query: { userId } }) => {
      await policy.quote(req, userId, 'read');
      const rows = await drafts.list(userId);
      return { success: true, message: `${plural(rows.length, 'draft')} found`, drafts: rows.map(presentDraftMetadata) };
    },
  });

  serve(endpoints.draft)({ load: draftFor('read'), handle: async (_req, _res, { record }) => ({ success: true, draft: presentDraft(record) }) });

  serve(endpoints.createDraft)({
    handle: async (req, _res, { body }) => {
      await policy.quote(req, body.userId, 'write');
      return { success: true, draft: presentDraft(await createDraft(req, body.id, { ...body, quoteData: body.data })) };
    },
  });

  serve(endpoints.updateDraft)({
    load: draftFor('write'),
    handle: async (_req, _res, { record: row, body }) => {
      if (body.userId !== row.userId) throw badRequest(USER_ID_MISMATCH_MESSAGE);
      return { success: true, draft: presentDraft(await drafts.update(row.id, body.version, { ...body, quoteData: body.data })) };
    },
  });

  serve(endpoints.draftStatus)({
    load: draftFor('write'),
    handle: async (_req, _res, { record: row, body }) => {
      const completedAt = body.completedAt === undefined ? null : new Date(body.completedAt);
      if (completedAt !== null && Number.isNaN(completedAt.getTime())) throw badRequest('completedAt must be a date and time.');
      const saved = await drafts.updateStatus(row.id, body.status, completedAt);
      const { id, status, updatedAt, completedAt: savedCompletedAt } = presentDraftMetadata(saved);
      return { success: true, draft: { id, status, updatedAt, completedAt: savedCompletedAt } };
    },
  });

  serve(endpoints.deleteDraft)({
    load: draftFor('write'),
    handle: async (_req, _res, { record: row }) => {
      await drafts.remove(row.id);
      return { success: true, message: 'Draft deleted' };
    },
  });

  serve(endpoints.quoteDraft)({
    handle: async (req, _res, { query: { id } }) => {
      const row = await drafts.find(id);
      if (!row) throw notFound(DRAFT_NOT_FOUND_MESSAGE);
      await policy.quote(req, row.userId, 'read', DRAFT_NOT_FOUND_MESSAGE);
      return { success: true, draft: presentDraft(row) };
    },
  });

  /**
   * The automatic save. Creates the draft under the client's id the first time (or always, with
   * forceNew); after that it needs the version the save was based on, exactly like the PUT.
   */
  serve(endpoints.autoSave)({
    handle: async (req, res) => {
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
      if (existing === null) res.status(201);
      return { success: true, draft: { id: saved.id, version: saved.version, dataHash: row.dataHash, updatedAt: saved.updatedAt } };
    },
  });

  serve(endpoints.savedEstimate)({
    handle: async (req, _res, { params: { id }, query }) => {
      const row = await findSavedEstimate(db, id);
      // Acting for a customer (support mode, a broker), the client names them; an estimate of anyone else is not shown.
      if (query.customerId !== undefined && query.customerId !== row.userId) throw notFound(ESTIMATE_NOT_FOUND_MESSAGE);
      await policy.quote(req, row.userId, 'read', ESTIMATE_NOT_FOUND_MESSAGE);
      return { success: true, estimate: presentSavedEstimate(row) };
    },
  });

  return router;
}
