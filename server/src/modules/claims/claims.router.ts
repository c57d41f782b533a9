/**
 * Claims: the member and their broker of record lodge claims with photos and talk with
 * staff on them; staff (administrators) list every claim, answer any and move its status. The
 * routes are the endpoints of shared/endpoints/claims.ts: a loader authorizes the record, a thin
 * handler calls a command. docs/dashboard.md describes them.
 */
import type { Request } from 'express';
import { CLAIM_MESSAGES, type ClaimStatus } from '@shared/contracts/claims';
import { IDEMPOTENCY_KEY_HEADER, IDEMPOTENT_REPLAYED_HEADER } from '@shared/contracts/idempotency-headers';
import { idempotencyKeySchema } from '@shared/contracts/idempotency';
import { canMoveClaim, isOpenClaim, isStaffReply } from '@shared/domain/claims/claims';
import type { RecordAccess } from '@shared/domain/accounts/record-access';
import { claimEndpoints as endpoints } from '@shared/endpoints/claims';
import type { AppContext } from '../../context';
import { providerOf } from '../../db/provider';
import { badRequest, conflict, notFound } from '../../lib/app-error';
import { createBlobStore } from '../../lib/blob-store';
import { writtenInTransaction } from '../../lib/mail-queue';
import { parseInput } from '../../lib/validate';
import { signedInUser } from '../../middleware/auth';
import { endpointRouter } from '../../middleware/serve';
import { requestPolicy } from '../../policies/request-policy';
import { presentClaim } from '../../presenters/claim';
import { queueImageCopies } from '../files/image-variants';
import { attachPhotos, checkPhotos, findClaim, listClaims, listStaffClaims, lodgeClaim, moveClaim, photosNotHeld, queueClaimNotice, sendClaimMessage } from './claims.service';
import { photoUpload, uploadedPhotos } from './photo-upload';

const CLAIM_NOT_FOUND = 'Claim not found.';

export function claimsRouter(context: AppContext) {
  const { db, env, mailer } = context;
  /** The member's e-mail about a claim's change, written by the change's own transaction. */
  const memberNotice = (claim: { userId: string; reference: string; id: string }, what: { status?: ClaimStatus; message?: string }) =>
    writtenInTransaction(mailer, (tx) => queueClaimNotice({ writer: tx, mailer }, claim, what));
  const blobs = createBlobStore(env);
  const policy = requestPolicy(context);
  const provider = providerOf(env.DATABASE_URL);
  const { router, serve } = endpointRouter(context);

  /**
   * Loads the claim of :id and checks the caller may have this access to it: 404 when they may not
   * see it, 403 when they may only look. 'reply' is writing on the conversation, which staff may do
   * on any claim (the member and their broker write on their own).
   */
  const claimFor =
    (access: RecordAccess | 'reply') =>
    async (req: Request, { params }: { params: { id: string } }) => {
      const claim = await findClaim(db, params.id);
      if (!claim) throw notFound(CLAIM_NOT_FOUND);
      const fromStaff = access === 'reply' && isStaffReply(signedInUser(req), claim.userId);
      if (!fromStaff) await policy.record(req, claim.userId, access === 'reply' ? 'write' : access, CLAIM_NOT_FOUND);
      return { ...claim, fromStaff };
    };

  /** The claim as it now stands, for the answer of a change. */
  const current = async (id: string) => ({ claim: presentClaim((await findClaim(db, id))!) });

  serve(endpoints.list)({
    handle: async (req, _res, { query }) => {
      const member = await policy.member(req, query.memberId, 'read');
      return { claims: await listClaims(db, member.id) };
    },
  });

  serve(endpoints.detail)({ load: claimFor('read'), handle: async (_req, _res, { record }) => ({ claim: presentClaim(record) }) });

  /**
   * Whose claim this is comes from ?memberId= and is checked before multer reads a byte of the
   * body, as for adding photos: a broker who may not write for that member is answered at once.
   */
  serve(endpoints.lodge)({
    load: (req, { query }) => policy.member(req, query.memberId, 'write'),
    readBody: photoUpload(),
    handle: async (req, res, { record: member, body }) => {
      const idempotencyKey = parseInput(idempotencyKeySchema.optional(), req.get(IDEMPOTENCY_KEY_HEADER));
      const photos = await checkPhotos(photosNotHeld(uploadedPhotos(req)), 0);
      const { claim, files, replayed } = await lodgeClaim(db, blobs, { ...body, userId: member.id }, photos, { id: signedInUser(req).id, reader: member.reader }, idempotencyKey);
      if (replayed) res.set(IDEMPOTENT_REPLAYED_HEADER, 'true');
      await queueImageCopies(context, files);
      return current(claim.id);
    },
  });

  /**
   * Who may add photos is decided before multer reads a byte of the body: a caller who may not write
   * the claim (or a closed claim) is answered at once, so nobody can make the server buffer 60 MB
   * of photos for a claim that is not theirs.
   */
  serve(endpoints.addPhotos)({
    load: async (req, address) => {
      const claim = await claimFor('write')(req, address);
      if (!isOpenClaim(presentClaim(claim).status)) throw conflict(CLAIM_MESSAGES.claimClosed, 'claim_closed');
      return claim;
    },
    readBody: photoUpload(),
    handle: async (req, _res, { record: claim }) => {
      const files = uploadedPhotos(req);
      if (files.length === 0) throw badRequest('Choose at least one photo.', 'no_photos');
      const kept = await attachPhotos(db, blobs, claim, await checkPhotos(photosNotHeld(files, claim.photos), claim.photos.length), signedInUser(req).id);
      await queueImageCopies(context, kept);
      return current(claim.id);
    },
  });

  serve(endpoints.sendMessage)({
    load: claimFor('reply'),
    handle: async (req, _res, { record: claim, body: { body } }) => {
      await sendClaimMessage(context, claim, { authorId: signedInUser(req).id, fromStaff: claim.fromStaff, body });
      return current(claim.id);
    },
  });

  serve(endpoints.moveStatus)({
    load: claimFor('decide'),
    handle: async (req, _res, { record: claim, body: { status, message } }) => {
      const from = presentClaim(claim).status;
      if (!canMoveClaim(from, status)) throw conflict(`${CLAIM_MESSAGES.statusMove} (${from} → ${status})`, 'claim_status_move');
      const notice = memberNotice(claim, { status, message });
      await moveClaim(db, claim, { actorId: signedInUser(req).id, from, to: status, message }, notice.write);
      await notice.dispatch();
      return current(claim.id);
    },
  });

  serve(endpoints.staffList)({
    handle: async (_req, _res, { query }) => ({ success: true, ...(await listStaffClaims(db, provider, query)), page: query.page, pageSize: query.pageSize }),
  });

  return router;
}
