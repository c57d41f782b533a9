/**
 * Staff's renewal pipeline (docs/seasons.md 'The renewal pipeline'): every member whose cover started
 * in a season before the open one, where they stand for it (due, started, submitted, lapsed), and the
 * reminder staff send them.
 */
import { bySurname } from '@shared/domain/accounts/name-order';
import { RENEWAL_STAGES, RENEWALS_PAGE_SIZE, type RenewalRow, type RenewalStage } from '@shared/contracts/renewals';
import { displayName } from '@shared/domain/accounts/display-name';
import { latestCovered, type RenewableProtection, renewalStage } from '@shared/domain/protection/renewal';
import { protectionStage } from '@shared/domain/protection/lifecycle';
import { protectionStatusOf } from '@shared/domain/protection/protection';
import { perthDayStart, perthToday } from '@shared/perth-time';
import type { AppContext } from '../../context';
import type { Database } from '../../db/client';
import { conflict, notFound } from '../../lib/app-error';
import { auditEntry } from '../../lib/audit-log';
import { email } from '../../lib/email-layout';
import { applicationReference } from '../../presenters/protection';
import { billingOf } from '../protection/protections.service';
import { seasonFor } from './seasons.service';

export const RENEWAL_REMINDER_KIND = 'renewal_invitation';
export const RENEWAL_REMINDED_AUDIT_ACTION = 'renewal.reminded';

interface PipelineEntry extends Omit<RenewalRow, 'name' | 'email'> {
  firstName: string;
  lastName: string;
  emailAddress: string;
}

/** Every member with cover in an earlier season, and where they stand for the open one. */
async function pipeline(db: Database, today: string) {
  const season = await seasonFor(db, today);
  const earlier = await db.protectionApplication.findMany({
    where: { seasonYear: { lt: season.year }, status: { in: ['accepted', 'active', 'ended'] } },
    select: { id: true, userId: true, reference: true, seasonYear: true, status: true, submittedAt: true, season: { select: { coverEndsOn: true } } },
  });
  const billing = await billingOf(
    db,
    earlier.map((row) => row.id),
  );
  const byMember = new Map<string, Array<RenewableProtection & { reference: string; coverEndsOn: string }>>();
  for (const row of earlier) {
    const list = byMember.get(row.userId) ?? [];
    const stage = protectionStage(protectionStatusOf(row.status), billing(row.id));
    list.push({ id: row.id, reference: applicationReference(row), season: String(row.seasonYear), stage, submittedAt: row.submittedAt.toISOString(), coverEndsOn: row.season.coverEndsOn });
    byMember.set(row.userId, list);
  }
  const memberIds = [...byMember.keys()];
  const [applied, drafts, reminders, users] = await Promise.all([
    db.protectionApplication.findMany({ where: { seasonYear: season.year, userId: { in: memberIds } }, select: { userId: true }, distinct: ['userId'] }),
    db.draft.findMany({ where: { userId: { in: memberIds }, status: { not: 'COMPLETED' }, updatedAt: { gte: perthDayStart(season.opensOn) } }, select: { userId: true }, distinct: ['userId'] }),
    db.sentReminder.findMany({
      where: { kind: RENEWAL_REMINDER_KIND, userId: { in: memberIds }, key: { startsWith: `${RENEWAL_REMINDER_KIND}:${season.year}:` } },
      orderBy: { createdAt: 'asc' },
      select: { userId: true, sentOn: true },
    }),
    db.user.findMany({ where: { id: { in: memberIds } }, select: { id: true, firstName: true, lastName: true, email: true } }),
  ]);
  const appliedIds = new Set(applied.map((row) => row.userId));
  const startedIds = new Set(drafts.map((row) => row.userId));
  const remindedOn = new Map(reminders.map((row) => [row.userId, row.sentOn]));
  const entries: PipelineEntry[] = [];
  for (const user of users) {
    const from = latestCovered(byMember.get(user.id)!, season.year);
    if (!from) continue;
    entries.push({
      memberId: user.id,
      firstName: user.firstName,
      lastName: user.lastName,
      emailAddress: user.email,
      stage: renewalStage({ appliedInSeason: appliedIds.has(user.id), draftSinceOpen: startedIds.has(user.id), renewsCoverEndsOn: from.coverEndsOn }, today),
      from: { reference: from.reference, season: from.season, coverEndsOn: from.coverEndsOn },
      remindedOn: remindedOn.get(user.id) ?? null,
    });
  }
  entries.sort(bySurname);
  return { season, entries };
}

const row = ({ firstName, lastName, emailAddress, ...entry }: PipelineEntry): RenewalRow => ({ ...entry, name: displayName({ firstName, lastName, email: emailAddress }), email: emailAddress });

export async function listRenewals(db: Database, { stage, q, page }: { stage?: RenewalStage | undefined; q?: string | undefined; page: number }, today = perthToday()) {
  const { season, entries } = await pipeline(db, today);
  const counts = Object.fromEntries(RENEWAL_STAGES.map((name) => [name, entries.filter((entry) => entry.stage === name).length])) as Record<RenewalStage, number>;
  const needle = q?.toLowerCase();
  const found = needle ? entries.filter((entry) => `${entry.firstName} ${entry.lastName} ${entry.emailAddress}`.toLowerCase().includes(needle)) : entries;
  const shown = stage ? found.filter((entry) => entry.stage === stage) : found;
  return {
    season: { year: season.year, opensOn: season.opensOn },
    counts,
    rows: shown.slice((page - 1) * RENEWALS_PAGE_SIZE, page * RENEWALS_PAGE_SIZE).map(row),
    page,
    pageSize: RENEWALS_PAGE_SIZE,
    total: shown.length,
  };
}

/** Staff remind a member due to renew (or started, or lapsed) that the open season is open; queued, kept, audited. */
export async function remindToRenew({ db, mailer, site }: Pick<AppContext, 'db' | 'mailer' | 'site'>, actorId: string, memberId: string, today = perthToday()): Promise<{ remindedOn: string }> {
  const { season, entries } = await pipeline(db, today);
  const entry = entries.find((item) => item.memberId === memberId);
  if (!entry) throw notFound('That member has no earlier protection to renew.');
  if (entry.stage === 'submitted') throw conflict(`${displayName({ ...entry, email: entry.emailAddress })} has already applied for the ${season.year} season.`, 'renewal_submitted');
  const emailId = await db.$transaction(async (tx) => {
    await tx.sentReminder.create({ data: { key: `${RENEWAL_REMINDER_KIND}:${season.year}:${memberId}:${Date.now()}`, userId: memberId, kind: RENEWAL_REMINDER_KIND, sentOn: today } });
    await auditEntry(tx, { actorId, customerId: memberId, action: RENEWAL_REMINDED_AUDIT_ACTION, details: { season: season.year, stage: entry.stage } });
    return mailer.send(
      email({
        to: entry.emailAddress,
        subject: `The ${season.year} season is open: renew your crop protection`,
        blocks: [
          { paragraph: `Hello ${entry.firstName},` },
          {
            paragraph: `The ${season.year} season is open. Renew from your ${entry.from.season} protection (${entry.from.reference}): your paddocks, crops, yields, prices and hurdles come pre-filled, so it takes a few minutes. Change what is sown where, see this season's price and submit.`,
          },
          { action: { label: 'Renew on your dashboard', url: `${site.origin()}/dashboard#renewal` } },
        ],
      }),
      { writer: tx },
    );
  });
  await mailer.dispatch(emailId);
  return { remindedOn: today };
}
