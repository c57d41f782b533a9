/**
 * What waits for a second administrator (a payment reversal above the threshold, a manual discount,
 * a change to the discount rules) is e-mailed to the administrators who may approve it: every one
 * the maker-checker rule would let decide it (not the one who asked, not the member it benefits, not
 * one whose role the asker gave recently). The admin bell shows it too; the e-mail is for the second
 * person who is not looking at the back office. Once decided, the one who asked is told what became of
 * it (unless they withdrew it themselves). Each is queued in the transaction that keeps the request
 * or the decision, so one is never kept without the other, and handed to the mail queue once it has
 * committed (or by the sweep, should the server stop first); each once (keyed).
 */
import { displayName } from '@shared/domain/accounts/display-name';
import { isAdministrator, normalisePermissions } from '@shared/domain/accounts/permissions';
import { SECOND_PERSON_PAGES, type SecondPersonKind } from '@shared/domain/notifications/staff-attention';
import { formatDateTime } from '@shared/format';
import type { AppContext } from '../../context';
import type { DatabaseWriter } from '../../db/client';
import { email } from '../../lib/email-layout';
import type { MailMessage } from '../../lib/mailer';
import { loadApprovalContext } from './approvals';

export interface SecondPersonAsk {
  kind: SecondPersonKind;
  /** The waiting record's id: each administrator is e-mailed about it once. */
  id: string;
  requesterId: string;
  /** The member it benefits (a reversal's or a discount's); null for a discount rule. */
  beneficiaryId: string | null;
  /** What waits, as a sentence's object, without the member (added here): 'reversing receipt RCT-2026-00001 ($7,752.00)'. */
  what: string;
  /** Why the asker asked, when the request says. */
  reason?: string;
  at: Date;
}

/**
 * How a service reaches the administrators about what waits for a second one (its router binds them
 * to the app): `ask` and `tell` queue the e-mails in the service's transaction and answer their ids,
 * which `dispatch` hands over once it has committed.
 */
export interface SecondPersonMail {
  ask: (writer: DatabaseWriter, ask: SecondPersonAsk) => Promise<string[]>;
  tell: (writer: DatabaseWriter, decided: SecondPersonDecision) => Promise<string[]>;
  dispatch: (emailIds: readonly string[]) => Promise<void>;
}

export interface SecondPersonDecision extends Omit<SecondPersonAsk, 'reason'> {
  deciderId: string;
  decision: 'approved' | 'rejected';
  /** The decider's note, when they wrote one. */
  note?: string | undefined;
}

type Mailing = Pick<AppContext, 'mailer' | 'site'> & { writer: DatabaseWriter };

/** Binds the e-mails to the app, for the services that ask and decide. */
export const secondPersonMail = ({ mailer, site }: Pick<AppContext, 'mailer' | 'site'>): SecondPersonMail => ({
  ask: (writer, ask) => askSecondPeople({ writer, mailer, site }, ask),
  tell: (writer, decided) => tellTheAsker({ writer, mailer, site }, decided),
  dispatch: (emailIds) => mailer.dispatch(...emailIds),
});

/** Queues an e-mail to each administrator who may decide `ask`; answers their ids. */
export async function askSecondPeople({ writer: db, mailer, site }: Mailing, ask: SecondPersonAsk): Promise<string[]> {
  const candidates = await db.user.findMany({
    where: { id: { not: ask.requesterId }, OR: [{ isAdmin: true }, { NOT: { permissions: { equals: [] } } }] },
    select: { id: true, email: true, firstName: true, lastName: true, isAdmin: true, permissions: true },
  });
  const administrators = candidates.filter((user) => isAdministrator({ isAdmin: user.isAdmin, permissions: normalisePermissions(user.permissions) }));
  const approvals = await loadApprovalContext(db, [ask.requesterId, ...(ask.beneficiaryId ? [ask.beneficiaryId] : []), ...administrators.map((user) => user.id)], ask.at);
  const deciders = administrators.filter((user) => approvals.check({ approverId: user.id, requesterId: ask.requesterId, beneficiaryId: ask.beneficiaryId, what: ask.what }).decision.ok);
  const requester = approvals.nameOf(ask.requesterId);
  const what = ask.beneficiaryId ? `${ask.what} for ${approvals.nameOf(ask.beneficiaryId)}` : ask.what;
  const emailIds: string[] = [];
  for (const decider of deciders) {
    const message = secondPersonEmail({ to: decider.email, firstName: decider.firstName || displayName(decider), requester, ask: { ...ask, what }, url: `${site.origin()}${SECOND_PERSON_PAGES[ask.kind]}` });
    emailIds.push(await mailer.send(message, { key: `second-person:${ask.kind}:${ask.id}:${decider.id}`, writer: db }));
  }
  return emailIds;
}

function secondPersonEmail({ to, firstName, requester, ask, url }: { to: string; firstName: string; requester: string; ask: SecondPersonAsk; url: string }): MailMessage {
  return email({
    to,
    audience: 'staff',
    subject: `Waiting for a second administrator: ${ask.what}`,
    blocks: [
      { paragraph: `Hello ${firstName},` },
      { paragraph: `${requester} asked for ${ask.what} on ${formatDateTime(ask.at)}. It needs a second administrator: nothing changes until one approves it, and you may.` },
      { facts: [['Asked by', requester], ...(ask.reason ? [['Why', ask.reason] as [string, string]] : [])] },
      { action: { label: 'Approve or reject it', url } },
    ],
  });
}

/** Queues the e-mail telling the one who asked what the second administrator decided (none when they withdrew it themselves); answers its id. */
export async function tellTheAsker({ writer: db, mailer, site }: Mailing, decided: SecondPersonDecision): Promise<string[]> {
  if (decided.deciderId === decided.requesterId) return [];
  const asker = await db.user.findUnique({ where: { id: decided.requesterId }, select: { email: true, firstName: true, lastName: true } });
  if (!asker) return [];
  const names = await loadApprovalContext(db, [decided.deciderId, ...(decided.beneficiaryId ? [decided.beneficiaryId] : [])], decided.at);
  const what = decided.beneficiaryId ? `${decided.what} for ${names.nameOf(decided.beneficiaryId)}` : decided.what;
  const verb = decided.decision === 'approved' ? 'Approved' : 'Rejected';
  const message = email({
    to: asker.email,
    audience: 'staff',
    subject: `${verb}: ${what}`,
    blocks: [
      { paragraph: `Hello ${asker.firstName || displayName(asker)},` },
      {
        paragraph:
          decided.decision === 'approved'
            ? `${names.nameOf(decided.deciderId)} approved ${what}, which you asked for, on ${formatDateTime(decided.at)}: it is done.`
            : `${names.nameOf(decided.deciderId)} rejected ${what}, which you asked for, on ${formatDateTime(decided.at)}: nothing changed.`,
      },
      ...(decided.note ? [{ facts: [['Their note', decided.note] as [string, string]] }] : []),
      // A decided reversal has left the list of those waiting: the member's record shows the payment as it now stands.
      decided.kind === 'payment_reversal' && decided.beneficiaryId
        ? { action: { label: `See ${names.nameOf(decided.beneficiaryId)}’s payments`, url: `${site.origin()}/admin/user-lookup/${decided.beneficiaryId}` } }
        : { action: { label: 'Open the page', url: `${site.origin()}${SECOND_PERSON_PAGES[decided.kind]}` } },
    ],
  });
  return [await mailer.send(message, { key: `second-person-decided:${decided.kind}:${decided.id}:${decided.at.getTime()}`, writer: db })];
}
