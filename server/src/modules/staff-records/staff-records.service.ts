/**
 * What staff keep beside a person's own action (docs/support-requests.md 'Kept beside the person's
 * action'): the CRM lead and the support request that a contact message, a callback request, a
 * submitted application, a referred registration or a member's answer on a claim makes.
 *
 * They are never a reason for the person's action to fail, so they are not written in its
 * transaction; but they must not be lost when the database fails between the two. The action's
 * transaction adds a job that writes whatever is still missing a minute later, and the records are
 * written at once after the commit so staff see them straight away. Each write finds what is already
 * there (by the source row's id), so the two never make a record twice; a write that keeps failing
 * is retried, then shown to staff among the failed background jobs.
 */
import type { AppContext } from '../../context';
import type { Database, DatabaseWriter } from '../../db/client';
import type { JobQueue } from '../../lib/job-queue';
import { leadFromCallbackRequest, leadFromFormSubmission, leadFromReferredRegistration, winLeadOnSubmission } from '../crm/leads.service';
import { supportRequestFromCallback, supportRequestFromClaimMessage, supportRequestFromContactMessage } from '../support-requests/support-requests.service';

export const STAFF_RECORDS_QUEUE = 'staff-records.keep';
/** Long enough that the write just after the commit has normally finished, so the job finds it done. */
const JOB_DELAY_MS = 60_000;
const STAFF_RECORDS_RETRY = { retryLimit: 5, retryDelaySeconds: 60 };

/** The person's action, by the row it stored. */
export type StaffRecordSource =
  /** A contact message or a registration of interest; a contact message joins the account of the sender signed in. */
  | { kind: 'form-submission'; id: string; senderId: string | null }
  | { kind: 'callback'; id: string }
  | { kind: 'application'; id: string }
  | { kind: 'registration'; id: string }
  /** A member's answer on a claim with information requested (the sender decides it is one). */
  | { kind: 'claim-message'; id: string };

/** Runs every write, even after one fails, then throws the first failure. */
async function allOf(...writes: Array<() => Promise<unknown>>): Promise<void> {
  const failures: unknown[] = [];
  for (const write of writes) await write().catch((error: unknown) => failures.push(error));
  if (failures.length > 0) throw failures[0];
}

async function writeStaffRecords(db: Database, source: StaffRecordSource): Promise<void> {
  switch (source.kind) {
    case 'form-submission': {
      const submission = await db.formSubmission.findUnique({ where: { id: source.id } });
      if (submission)
        await allOf(
          () => leadFromFormSubmission(db, submission),
          () => supportRequestFromContactMessage(db, submission, source.senderId),
        );
      return;
    }
    case 'callback': {
      const callback = await db.callbackRequest.findUnique({ where: { id: source.id } });
      if (callback)
        await allOf(
          () => leadFromCallbackRequest(db, callback),
          () => supportRequestFromCallback(db, callback),
        );
      return;
    }
    case 'application': {
      const application = await db.protectionApplication.findUnique({ where: { id: source.id }, select: { id: true, userId: true, submittedAt: true } });
      if (application) await winLeadOnSubmission(db, application);
      return;
    }
    case 'registration': {
      const user = await db.user.findUnique({ where: { id: source.id } });
      if (user) await leadFromReferredRegistration(db, user);
      return;
    }
    case 'claim-message': {
      const message = await db.claimMessage.findUnique({ where: { id: source.id }, include: { claim: { select: { id: true, userId: true, reference: true } } } });
      if (message) await supportRequestFromClaimMessage(db, message.claim, message);
      return;
    }
  }
}

/**
 * The staff records of one action: `keep` in the action's transaction, with the row it stored;
 * `record` once that transaction has committed.
 */
export function staffRecordsBeside({ db, jobs, logger }: Pick<AppContext, 'db' | 'jobs' | 'logger'>) {
  let kept: StaffRecordSource | undefined;
  return {
    keep: async (tx: DatabaseWriter, source: StaffRecordSource) => {
      await jobs.enqueue(STAFF_RECORDS_QUEUE, source, { writer: tx, runAt: new Date(Date.now() + JOB_DELAY_MS) });
      kept = source;
    },
    record: async () => {
      if (!kept) return;
      const source = kept;
      await writeStaffRecords(db, source).catch((error: unknown) => logger.error({ err: error, source }, 'staff records not written yet: their job tries again in a minute'));
    },
  };
}

export function registerStaffRecordJobs(jobs: JobQueue, { db }: Pick<AppContext, 'db'>): void {
  jobs.register<StaffRecordSource>(STAFF_RECORDS_QUEUE, ({ data }) => writeStaffRecords(db, data), STAFF_RECORDS_RETRY);
}
