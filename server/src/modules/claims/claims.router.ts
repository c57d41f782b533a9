/**
 * Claims: the member and their broker of record lodge claims with photos and talk with
 * staff on them; staff (administrators) answer any claim and move its status. Every route is a chain:
 * guard, validate, load and authorize the record, then a thin handler that calls a command.
 * docs/dashboard.md describes the routes.
 */
import { type RequestHandler, Router } from 'express';
import { memberQuerySchema, recordParamsSchema } from '@shared/contracts/dashboard';
import { CLAIM_MESSAGES, claimMessageInputSchema, type ClaimStatus, claimStatusInputSchema, lodgeClaimSchema } from '@shared/contracts/claims';
import { canMoveClaim, isOpenClaim, isStaffReply } from '@shared/domain/dashboard/claims';
import type { RecordAccess } from '@shared/domain/accounts/record-access';
import type { AppContext } from '../../context';
import { badRequest, conflict, notFound } from '../../lib/app-error';
import { createBlobStore } from '../../lib/blob-store';
import { writtenInTransaction } from '../../lib/mail-queue';
import { requireAdmin, requireUser, signedInUser } from '../../middleware/auth';
import { loadedRecord } from '../../middleware/loaded-record';
import { validate } from '../../middleware/validate';
import { requestPolicy } from '../../policies/request-policy';
import { type ClaimRow, presentClaim } from '../../presenters/claim';
import { attachPhotos, checkPhotos, findClaim, listClaims, lodgeClaim, moveClaim, postClaimMessage, queueClaimNotice } from './claims.service';
import { photoUpload, uploadedPhotos } from './photo-upload';
import { queueImageCopies } from '../files/image-variants';
import { supportRequestFromClaimMessage } from '../support-requests/support-requests.service';
import { staffRecordFailed } from '../../lib/staff-records';

const CLAIM_NOT_FOUND = 'Claim not found.';

export function claimsRouter(context: AppContext): Router {
  const { db, env, mailer, logger } = context;
  /** The member's e-mail about a claim's change, written by the change's own transaction. */
  const memberNotice = (claim: { userId: string; reference: string; id: string }, what: { status?: ClaimStatus; message?: string }) =>
    writtenInTransaction(mailer, (tx) => queueClaimNotice({ writer: tx, mailer }, claim, what));
  const blobs = createBlobStore(env);
  const policy = requestPolicy(context);
  const router = Router();

  const claimParams = validate({ params: recordParamsSchema });
  const memberQuery = validate({ query: memberQuerySchema });
  const loaded = loadedRecord<ClaimRow & { fromStaff: boolean }>('claim');

  /**
   * Loads the claim of :id and checks the caller may have this access to it: 404 when they may not
   * see it, 403 when they may only look. 'reply' is writing on the conversation, which staff may do
   * on any claim (the member and their broker write on their own).
   */
  const claimFor =
    (access: RecordAccess | 'reply'): RequestHandler =>
    async (req, _res, next) => {
      const claim = await findClaim(db, claimParams.input(req).params.id);
      if (!claim) throw notFound(CLAIM_NOT_FOUND);
      const fromStaff = access === 'reply' && isStaffReply(signedInUser(req), claim.userId);
      if (!fromStaff) await policy.record(req, claim.userId, access === 'reply' ? 'write' : access, CLAIM_NOT_FOUND);
      loaded.set(req, { ...claim, fromStaff });
      next();
    };

  /** The claim as it now stands, for the answer of a change. */
  const current = async (id: string) => presentClaim((await findClaim(db, id))!);

  router.get('/claims', requireUser, memberQuery, async (req, res) => {
    const member = await policy.member(req, memberQuery.input(req).query.memberId, 'read');
    res.json({ claims: await listClaims(db, member.id) });
  });

  router.get('/claims/:id', requireUser, claimParams, claimFor('read'), async (req, res) => {
    res.json({ claim: presentClaim(loaded.get(req)) });
  });

  /**
   * Whose claim this is comes from ?memberId= and is checked before multer reads a byte of the
   * body, as for adding photos: a broker who may not write for that member is answered at once.
   */
  const writableMember = policy.memberFor('write', (req) => memberQuery.input(req).query.memberId);
  const lodgeBody = validate({ body: lodgeClaimSchema });

  router.post('/claims', requireUser, memberQuery, writableMember, photoUpload(), lodgeBody, async (req, res) => {
    const photos = await checkPhotos(uploadedPhotos(req), 0);
    const { claim, files } = await lodgeClaim(db, blobs, { ...lodgeBody.input(req).body, userId: policy.memberInScope(req).id }, photos, signedInUser(req).id);
    await queueImageCopies(context, files);
    res.status(201).json({ claim: await current(claim.id) });
  });

  /**
   * Who may add photos is decided before multer reads a byte of the body: a caller who may not write
   * the claim (or a closed claim) is answered at once, so nobody can make the server buffer 60 MB
   * of photos for a claim that is not theirs.
   */
  const openClaim: RequestHandler = (req, _res, next) => {
    if (!isOpenClaim(presentClaim(loaded.get(req)).status)) throw conflict(CLAIM_MESSAGES.claimClosed, 'claim_closed');
    next();
  };

  router.post('/claims/:id/photos', requireUser, claimParams, claimFor('write'), openClaim, photoUpload(), async (req, res) => {
    const claim = loaded.get(req);
    const files = uploadedPhotos(req);
    if (files.length === 0) throw badRequest('Choose at least one photo.', 'no_photos');
    const kept = await attachPhotos(db, blobs, claim, await checkPhotos(files, claim.photos.length), signedInUser(req).id);
    await queueImageCopies(context, kept);
    res.status(201).json({ claim: await current(claim.id) });
  });

  const messageBody = validate({ body: claimMessageInputSchema });
  router.post('/claims/:id/messages', requireUser, claimParams, claimFor('reply'), messageBody, async (req, res) => {
    const claim = loaded.get(req);
    const { body } = messageBody.input(req).body;
    const notice = memberNotice(claim, { message: body });
    await postClaimMessage(db, claim, { authorId: signedInUser(req).id, fromStaff: claim.fromStaff, body }, claim.fromStaff ? notice.write : undefined);
    await notice.dispatch();
    await supportRequestFromClaimMessage(db, claim, { authorId: signedInUser(req).id, fromStaff: claim.fromStaff, body }).catch(staffRecordFailed(logger, 'Support request'));
    res.status(201).json({ claim: await current(claim.id) });
  });

  const statusBody = validate({ body: claimStatusInputSchema });
  router.put('/claims/:id/status', requireAdmin, claimParams, claimFor('read'), statusBody, async (req, res) => {
    const claim = loaded.get(req);
    const { status, message } = statusBody.input(req).body;
    const from = presentClaim(claim).status;
    if (!canMoveClaim(from, status)) throw conflict(`${CLAIM_MESSAGES.statusMove} (${from} → ${status})`, 'claim_status_move');
    const notice = memberNotice(claim, { status, message });
    await moveClaim(db, claim, { actorId: signedInUser(req).id, from, to: status, message }, notice.write);
    await notice.dispatch();
    res.json({ claim: await current(claim.id) });
  });

  return router;
}
