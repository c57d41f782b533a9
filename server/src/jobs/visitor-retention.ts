/**
 * Retention of the rows a visitor can cause without an account (docs/security.md 'No anonymous write
 * grows without bound'): every such write is rate-limited per client address, and this job bounds
 * what is left over time. Run as the background job visitor-writes.prune (app-jobs.ts), daily.
 * Running it twice changes nothing.
 */
import type { AppContext } from '../context';

const DAY_MS = 24 * 60 * 60 * 1000;

export const VISITOR_RETENTION = {
  /** E-mail codes live 10 minutes and their verification tokens an hour: a day later a row is of no use to anyone. */
  emailVerificationDays: 1,
  /** Reset links live an hour; spent or not, a day later they are only clutter. */
  passwordResetDays: 1,
  /** Failed sign-ins for addresses with no account are kept 90 days for the security log; everything tied to an account stays. */
  unknownAccountSecurityEventDays: 90,
  /** Messages that filled the contact form's spam trap: staff never see them; 30 days to look into a wave of them. */
  spamSubmissionDays: 30,
  /** First answers kept for a repeat of a sending (sent-once.ts), a visitor's or a member's: a repeat comes within minutes. */
  sentOnceAnswerDays: 1,
} as const;

export interface VisitorPruneResult {
  emailVerificationsDeleted: number;
  passwordResetTokensDeleted: number;
  securityEventsDeleted: number;
  spamSubmissionsDeleted: number;
  sentOnceAnswersDeleted: number;
}

export async function pruneVisitorWrites({ db }: Pick<AppContext, 'db'>, now: Date): Promise<VisitorPruneResult> {
  const daysAgo = (days: number) => new Date(now.getTime() - days * DAY_MS);
  const [verifications, resets, events, spam, answers] = await db.$transaction([
    db.emailVerification.deleteMany({ where: { createdAt: { lt: daysAgo(VISITOR_RETENTION.emailVerificationDays) } } }),
    db.passwordResetToken.deleteMany({ where: { expiresAt: { lt: daysAgo(VISITOR_RETENTION.passwordResetDays) } } }),
    db.securityEvent.deleteMany({ where: { userId: null, createdAt: { lt: daysAgo(VISITOR_RETENTION.unknownAccountSecurityEventDays) } } }),
    db.formSubmission.deleteMany({ where: { isSpam: true, createdAt: { lt: daysAgo(VISITOR_RETENTION.spamSubmissionDays) } } }),
    db.sentOnceAnswer.deleteMany({ where: { createdAt: { lt: daysAgo(VISITOR_RETENTION.sentOnceAnswerDays) } } }),
  ]);
  return {
    emailVerificationsDeleted: verifications.count,
    passwordResetTokensDeleted: resets.count,
    securityEventsDeleted: events.count,
    spamSubmissionsDeleted: spam.count,
    sentOnceAnswersDeleted: answers.count,
  };
}
