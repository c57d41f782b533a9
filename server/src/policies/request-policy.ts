/**
 * authorize() for a request: who the caller is (with their support session), whom a record belongs
 * to (read from the database), and the audit entry a change made for a member by their broker or by
 * staff in support mode gets.
 * Route chains use it through the guards of middleware/auth.ts and the loaders of each module.
 */
import type { Request } from 'express';
import type { RecordAccess } from '@shared/domain/accounts/record-access';
import type { Reader } from '@shared/domain/reader';
import type { Database } from '../db/client';
import type { Logger } from '../lib/logger';
import { notFound, unauthorized } from '../lib/app-error';
import { currentSupport, currentSupportLimit, currentUser } from '../middleware/auth';
import { auditChangeFor, auditRefusedSupportChange } from './acting-for-audit';
import { type Actor, authorize, type ReachedAs, type Subject } from './authorize';

export const MEMBER_NOT_FOUND_MESSAGE = 'That member does not exist.';

/** Who reads a member's records, by how the caller reached them. */
const READER_REACHED_AS: Record<ReachedAs, Reader> = { owner: 'member', broker: 'client', support: 'staff', staff: 'staff' };

/** The signed-in caller with the support session they are in, or undefined for a visitor. */
export function actorOf(req: Request): Actor | undefined {
  const user = currentUser(req);
  if (!user) return undefined;
  const support = currentSupport(req);
  return { ...user, support: support ? { customerId: support.customerId, permissionLevel: support.permissionLevel } : null, supportLimit: currentSupportLimit(req) ?? null };
}

export function requestPolicy({ db, logger }: { db: Database; logger: Logger }) {
  const findOwner = (id: string) => db.user.findUnique({ where: { id }, select: { id: true, brokerId: true, firstName: true, lastName: true, email: true } });

  /** A change for a member by their broker of record, or by staff in support mode for them, is audited. */
  async function auditIfActingFor(req: Request, reachedAs: ReachedAs, access: RecordAccess, ownerId: string) {
    if (access !== 'write' || (reachedAs !== 'broker' && reachedAs !== 'support') || !req.res) return;
    await auditChangeFor(db, req, req.res, reachedAs, ownerId, (error) => logger.error({ err: error }, 'audit entry of a change for a member could not be completed'));
  }

  async function check(req: Request, access: RecordAccess, subject: Subject & { owner: { id: string } }): Promise<ReachedAs> {
    let reachedAs: ReachedAs;
    try {
      reachedAs = authorize(actorOf(req), access, subject);
    } catch (error) {
      // A change for the customer of the caller's support session, refused, is audited too.
      if (access === 'write') await auditRefusedSupportChange(db, req, subject.owner.id, error);
      throw error;
    }
    await auditIfActingFor(req, reachedAs, access, subject.owner.id);
    return reachedAs;
  }

  /**
   * Whom a record of ownerId belongs to: the caller's own fields when it is theirs (read from the
   * database for this request already, loadCurrentUser), else read; none for a visitor, whom
   * authorize() refuses before it looks at an owner.
   */
  async function ownerOf(req: Request, ownerId: string) {
    const caller = currentUser(req);
    if (!caller) return null;
    const { id, brokerId, firstName, lastName, email } = caller;
    return id === ownerId ? { id, brokerId, firstName, lastName, email } : findOwner(ownerId);
  }

  /**
   * The member a list or a new record is for (?memberId=, or the caller): 404 when there is no such
   * member, 403 when the caller may not act for them. Answers the member, with who reads their
   * records in this request (the member, their broker, staff), for sentences said in the reader's words.
   */
  async function member(req: Request, memberId: string | undefined, access: RecordAccess) {
    const caller = currentUser(req);
    if (!caller) throw unauthorized();
    const owner = await ownerOf(req, memberId ?? caller.id);
    if (!owner) throw notFound(MEMBER_NOT_FOUND_MESSAGE);
    const reader = READER_REACHED_AS[await check(req, access, { type: 'member', owner })];
    return { ...owner, reader };
  }

  /** The owner of a record that exists, or only its id when the account is gone (or the caller is a visitor). */
  const recordOwner = async (req: Request, ownerId: string) => (await ownerOf(req, ownerId)) ?? { id: ownerId, brokerId: null };

  return {
    member,
    /** A record that exists and belongs to ownerId: 404 when the caller may not see it, 403 when they may only look. */
    async record(req: Request, ownerId: string, access: RecordAccess, notFoundMessage: string) {
      await check(req, access, { type: 'record', owner: await recordOwner(req, ownerId), notFoundMessage });
    },
    /**
     * A member's quote in progress (shared/domain/quote/draft-access.ts): with notFoundMessage for a
     * draft or estimate that exists (404 when hidden), without for a member named in the request (403).
     */
    async quote(req: Request, ownerId: string, access: RecordAccess, notFoundMessage?: string) {
      const owner = await recordOwner(req, ownerId);
      await check(req, access, notFoundMessage === undefined ? { type: 'quote', owner } : { type: 'quote', owner, notFoundMessage });
    },
  };
}
