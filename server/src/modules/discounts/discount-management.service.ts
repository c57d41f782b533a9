import {
  DISCOUNT_APPLICATIONS_PAGE_SIZE,
  type DiscountApplication,
  type DiscountApplicationsResponse,
  type DiscountSummaryResponse,
  type ManualDiscount,
  type ManualDiscountStatus,
} from '@shared/contracts/discounts';
import type { CoverageType } from '@shared/constants';
import type { DiscountKind } from '@shared/contracts/pricing';
import { manualDiscountRoomCents } from '@shared/domain/pricing/discount-manual';
import { toCents } from '@shared/domain/pricing/money';
import { waCalendarDate } from '@shared/domain/pricing/quote-pricing';
import { formatCents, perthCalendarDate } from '@shared/format';
import type { Database, DatabaseWriter } from '../../db/client';
import type { DatabaseProvider } from '../../db/provider';
import type { Prisma } from '../../generated/prisma/client';
import { auditEntry } from '../../lib/audit-log';
import { everyRow } from '../../lib/csv-download';
import { badRequest, conflict, forbidden, notFound } from '../../lib/app-error';
import { loadApprovalContext, requireSecondPerson } from '../accounts/approvals';
import type { SecondPersonMail } from '../accounts/second-person-emails';
import { idsOfUsersMatching } from '../accounts/users.service';
import { contributionInvoice } from '../billing/invoices.service';
import { PRICING_SETTINGS_ID, pricingModelCache } from '../pricing/pricing-model.repository';
import { applicationReference } from '../../presenters/protection';
import { discountLines } from './discounts-csv';
import { seasonFor } from '../seasons/seasons.service';

/** The list's and the export's order: the latest submitted first. */
const APPLICATION_ORDER = [{ submittedAt: 'desc' }, { id: 'asc' }] satisfies Prisma.ProtectionApplicationOrderByWithRelationInput[];

const APPLICATION_FIELDS = {
  id: true,
  reference: true,
  submittedAt: true,
  coverageType: true,
  zoneCode: true,
  modelVersion: true,
  premium: true,
  pricing: true,
  userId: true,
  appliedDiscounts: { orderBy: { amountCents: 'desc' } },
  manualDiscounts: { orderBy: { requestedAt: 'asc' } },
} satisfies Prisma.ProtectionApplicationSelect;

/** Manual discounts that count (approved) or may yet (pending) when working out the room left for another. */
const HELD: ManualDiscountStatus[] = ['pending', 'approved'];
const MANUAL = 'manual';

type ManualRow = Prisma.ManualDiscountGetPayload<object>;
type Names = Map<string, string>;

/**
 * Inside the caller's transaction: refuses a change to what the application's contribution invoice
 * would bill once that invoice is issued (it is a tax document; docs/discounts.md). The application
 * row is written first, as accepting it does, so a change and an acceptance at the same moment
 * take turns and each sees the other.
 */
async function refuseOnceInvoiced(tx: DatabaseWriter, applicationId: string, refusal: (invoiceNumber: string) => string): Promise<void> {
  await tx.protectionApplication.update({ where: { id: applicationId }, data: { updatedAt: new Date() } });
  const invoice = await contributionInvoice(tx, applicationId);
  if (invoice) throw conflict(refusal(invoice.number), 'application_invoiced');
}

const CREDIT_NOTE = 'an issued tax invoice cannot change, and the credit note that would lower it cannot be issued here yet';
const grantRefusal = (number: string) =>
  `This application's contribution is already invoiced (${number}), so a discount can no longer be granted here: ${CREDIT_NOTE}. Ask the accounts team to issue a credit note against ${number} instead.`;
const approvalRefusal = (number: string) =>
  `This application's contribution was invoiced (${number}) before this discount was approved, so it cannot count now: ${CREDIT_NOTE}. Reject this discount and ask the accounts team to issue a credit note against ${number} instead.`;
const revokeRefusal = (number: string) =>
  `This discount is already a line of the member's tax invoice ${number}, which cannot change: taking it back would need an adjustment note, which cannot be issued here yet. Leave it approved and ask the accounts team to adjust ${number} instead.`;

function presentManual(row: ManualRow, names: Names): ManualDiscount {
  const name = (id: string | null) => (id === null ? null : (names.get(id) ?? 'a former user'));
  return {
    id: row.id,
    applicationId: row.applicationId,
    amountCents: row.amountCents,
    reason: row.reason,
    status: row.status as ManualDiscountStatus,
    requestedBy: name(row.requestedById) ?? '',
    requestedById: row.requestedById,
    requestedAt: row.requestedAt.toISOString(),
    decidedBy: name(row.decidedById),
    decidedAt: row.decidedAt?.toISOString() ?? null,
    decisionNote: row.decisionNote,
    revokedBy: name(row.revokedById),
    revokedAt: row.revokedAt?.toISOString() ?? null,
    revokeReason: row.revokeReason,
  };
}

/**
 * The discounts actually given (docs/discounts.md): what the engine granted on each submitted
 * application (ApplicationDiscount, written with it) and the manual discounts staff grant, which
 * count once a second, independent administrator approves them (maker-checker bound to people:
 * server/src/modules/accounts/approvals.ts).
 */
/** A manual discount in the e-mails about it: 'a manual discount of $150.00 on APP-2026-00001'. */
const manualDiscountWhat = (amountCents: number, reference: string | null) => `a manual discount of ${formatCents(amountCents)} on ${reference ?? 'an application'}`;

export function discountManagementService(db: Database, provider: DatabaseProvider, secondPerson?: SecondPersonMail) {
  const cache = pricingModelCache(db);

  async function staffNames(rows: ManualRow[]): Promise<Names> {
    const ids = [...new Set(rows.flatMap((row) => [row.requestedById, row.decidedById, row.revokedById]).filter((id): id is string => id !== null))];
    const users = ids.length === 0 ? [] : await db.user.findMany({ where: { id: { in: ids } }, select: { id: true, firstName: true, lastName: true } });
    return new Map(users.map((user) => [user.id, `${user.firstName} ${user.lastName}`.trim()]));
  }

  const seasonOf = async (season: number | undefined, now: Date) => season ?? (await seasonFor(db, waCalendarDate(now))).year;

  /** This season's applications with a discount (of the rule, or manual), of members matching the search. */
  async function applicationWhere(seasonYear: number, rule: string | undefined, q: string | undefined): Promise<Prisma.ProtectionApplicationWhereInput> {
    const given = rule === MANUAL ? { manualDiscounts: { some: {} } } : rule ? { appliedDiscounts: { some: { ruleId: rule } } } : { OR: [{ appliedDiscounts: { some: {} } }, { manualDiscounts: { some: {} } }] };
    const members = q ? { userId: { in: await idsOfUsersMatching(db, provider, q) } } : {};
    return { seasonYear, ...given, ...members };
  }

  async function memberNames(userIds: string[]) {
    const users = await db.user.findMany({ where: { id: { in: [...new Set(userIds)] } }, select: { id: true, firstName: true, lastName: true, email: true } });
    return new Map(users.map((user) => [user.id, { name: `${user.firstName} ${user.lastName}`.trim(), email: user.email }]));
  }

  /** The applications of a page of the list or the export, with their discounts as given. */
  const readApplications = (query: { where: Prisma.ProtectionApplicationWhereInput; orderBy: typeof APPLICATION_ORDER; skip?: number; take: number }) =>
    db.protectionApplication.findMany({ ...query, select: APPLICATION_FIELDS });

  async function presentApplications(rows: Awaited<ReturnType<typeof readApplications>>): Promise<DiscountApplication[]> {
    const names = await staffNames(rows.flatMap((row) => row.manualDiscounts));
    const members = await memberNames(rows.map((row) => row.userId));
    const minimumPremiumCents = toCents((await cache.get()).model.minimumPremium);
    return rows.map((row) => {
      const premiumCents = toCents(row.premium);
      const approved = row.manualDiscounts.filter((item) => item.status === 'approved').reduce((total, item) => total + item.amountCents, 0);
      const held = row.manualDiscounts.filter((item) => HELD.includes(item.status as ManualDiscountStatus)).reduce((total, item) => total + item.amountCents, 0);
      const ruleCents = row.appliedDiscounts.reduce((total, item) => total + item.amountCents, 0);
      const gross = (row.pricing as { grossPremium?: unknown } | null)?.grossPremium;
      return {
        id: row.id,
        reference: applicationReference(row),
        memberName: members.get(row.userId)?.name ?? 'A removed member',
        memberEmail: members.get(row.userId)?.email ?? '',
        submittedAt: row.submittedAt.toISOString(),
        coverageType: row.coverageType as CoverageType,
        zoneCode: row.zoneCode,
        modelVersion: row.modelVersion,
        grossPremiumCents: typeof gross === 'number' ? toCents(gross) : premiumCents + ruleCents,
        premiumCents,
        ruleDiscounts: row.appliedDiscounts.map((item) => ({ ruleId: item.ruleId, ruleName: item.ruleName, kind: item.kind as DiscountKind, amountCents: item.amountCents, description: item.description })),
        manualDiscounts: row.manualDiscounts.map((item) => presentManual(item, names)),
        totalDiscountCents: ruleCents + approved,
        manualRoomCents: manualDiscountRoomCents({ premiumCents, minimumPremiumCents, otherManualCents: held }),
      };
    });
  }

  async function manualFor(id: string): Promise<ManualRow & { application: { userId: string; reference: string | null } }> {
    const row = await db.manualDiscount.findUnique({ where: { id }, include: { application: { select: { userId: true, reference: true } } } });
    if (!row) throw notFound('That manual discount does not exist; it may have been removed with its application.', 'manual_discount_not_found');
    return row;
  }

  async function presentOne(id: string): Promise<ManualDiscount> {
    const row = await db.manualDiscount.findUniqueOrThrow({ where: { id } });
    return presentManual(row, await staffNames([row]));
  }

  return {
    async applications({ season, rule, q, page }: { season?: number | undefined; rule?: string | undefined; q?: string | undefined; page: number }, now = new Date()): Promise<DiscountApplicationsResponse> {
      const seasonYear = await seasonOf(season, now);
      const where = await applicationWhere(seasonYear, rule, q);
      const [total, applications] = await Promise.all([
        db.protectionApplication.count({ where }),
        readApplications({ where, orderBy: APPLICATION_ORDER, skip: (page - 1) * DISCOUNT_APPLICATIONS_PAGE_SIZE, take: DISCOUNT_APPLICATIONS_PAGE_SIZE }).then(presentApplications),
      ]);
      return { seasonYear, applications, page, pageSize: DISCOUNT_APPLICATIONS_PAGE_SIZE, total };
    },

    /** The season the export is of, and every discount line of the applications the filters match, a page of applications at a time. */
    async export(filters: { season?: number | undefined; rule?: string | undefined; q?: string | undefined }, now = new Date()) {
      const seasonYear = await seasonOf(filters.season, now);
      const where = await applicationWhere(seasonYear, filters.rule, filters.q);
      async function* lines() {
        for await (const rows of everyRow({ where, orderBy: APPLICATION_ORDER }, readApplications)) yield (await presentApplications(rows)).flatMap(discountLines);
      }
      return { seasonYear, lines: lines() };
    },

    /** The totals, and the discounts waiting with whether the viewer (an administrator) may approve each. */
    async summary(viewerId: string, season: number | undefined, now = new Date()): Promise<DiscountSummaryResponse> {
      const seasonYear = await seasonOf(season, now);
      const [given, manual, pendingRows] = await Promise.all([
        db.applicationDiscount.findMany({
          where: { application: { seasonYear } },
          select: { ruleId: true, ruleName: true, amountCents: true, applicationId: true, application: { select: { submittedAt: true } } },
        }),
        db.manualDiscount.findMany({ where: { status: 'approved', application: { seasonYear } }, select: { amountCents: true, applicationId: true, application: { select: { submittedAt: true } } } }),
        db.manualDiscount.findMany({ where: { status: 'pending' }, orderBy: { requestedAt: 'asc' }, include: { application: { select: { userId: true, id: true, reference: true } } } }),
      ]);
      const entries = [
        ...given.map((item) => ({ key: item.ruleId, name: item.ruleName, cents: item.amountCents, applicationId: item.applicationId, submittedAt: item.application.submittedAt })),
        ...manual.map((item) => ({ key: MANUAL, name: 'Manual discounts', cents: item.amountCents, applicationId: item.applicationId, submittedAt: item.application.submittedAt })),
      ];
      const group = (keyOf: (entry: (typeof entries)[number]) => string) => {
        const groups = new Map<string, { name: string; applications: Set<string>; amountCents: number }>();
        for (const entry of entries) {
          const key = keyOf(entry);
          const current = groups.get(key) ?? { name: entry.name, applications: new Set<string>(), amountCents: 0 };
          current.applications.add(entry.applicationId);
          current.amountCents += entry.cents;
          groups.set(key, current);
        }
        return groups;
      };
      const byRule = [...group((entry) => entry.key)]
        .map(([ruleId, value]) => ({ ruleId, ruleName: value.name, applications: value.applications.size, amountCents: value.amountCents }))
        .sort((a, b) => b.amountCents - a.amountCents || a.ruleName.localeCompare(b.ruleName));
      const byMonth = [...group((entry) => perthCalendarDate(entry.submittedAt).slice(0, 7))]
        .map(([month, value]) => ({ month, applications: value.applications.size, amountCents: value.amountCents }))
        .sort((a, b) => a.month.localeCompare(b.month));
      const names = await staffNames(pendingRows);
      const members = await memberNames(pendingRows.map((row) => row.application.userId));
      const approvals = await loadApprovalContext(db, [viewerId, ...pendingRows.flatMap((row) => [row.requestedById, row.application.userId])], now);
      return {
        seasonYear,
        byRule,
        byMonth,
        totalCents: entries.reduce((total, entry) => total + entry.cents, 0),
        pending: pendingRows.map((row) => ({
          ...presentManual(row, names),
          memberName: members.get(row.application.userId)?.name ?? 'A removed member',
          applicationReference: applicationReference(row.application),
          approval: approvals.check({ approverId: viewerId, requesterId: row.requestedById, beneficiaryId: row.application.userId, what: 'this discount' }).approval,
        })),
      };
    },

    /** A manual discount, pending until a second administrator approves it. */
    async grant(actorId: string, input: { applicationId: string; amount: number; reason: string }): Promise<ManualDiscount> {
      const amountCents = toCents(input.amount);
      const { id, emails } = await db.$transaction(async (tx) => {
        const application = await tx.protectionApplication.findUnique({
          where: { id: input.applicationId },
          select: { id: true, userId: true, reference: true, premium: true, manualDiscounts: { where: { status: { in: HELD } }, select: { amountCents: true } } },
        });
        if (!application) throw notFound(`There is no application ${input.applicationId}. Pick it from the list of this season's applications.`, 'application_not_found');
        await refuseOnceInvoiced(tx, application.id, grantRefusal);
        // Through tx, as invoicing reads it: the pricing model's cache would read through db, which on SQLite waits for this transaction's own lock.
        const { minimumPremium } = await tx.pricingSettings.findUniqueOrThrow({ where: { id: PRICING_SETTINGS_ID }, select: { minimumPremium: true } });
        const minimumPremiumCents = toCents(minimumPremium);
        const room = manualDiscountRoomCents({
          premiumCents: toCents(application.premium),
          minimumPremiumCents,
          otherManualCents: application.manualDiscounts.reduce((total, item) => total + item.amountCents, 0),
        });
        if (amountCents > room) {
          throw badRequest(
            room === 0
              ? 'This application has no room for a manual discount: its premium, less the manual discounts already granted or waiting, is at the minimum premium.'
              : `The most this application can be given is ${formatCents(room)}: a discount never takes a premium below the minimum premium (manual discounts already granted or waiting count).`,
            'manual_discount_too_large',
          );
        }
        const row = await tx.manualDiscount.create({ data: { applicationId: application.id, amountCents, reason: input.reason, requestedById: actorId } });
        await auditEntry(tx, {
          actorId,
          customerId: application.userId,
          action: 'manual_discount_requested',
          details: { manualDiscountId: row.id, applicationId: application.id, amountCents, reason: input.reason },
        });
        const what = manualDiscountWhat(amountCents, application.reference);
        const asked = { kind: 'manual_discount' as const, id: row.id, requesterId: actorId, beneficiaryId: application.userId, what, reason: input.reason, at: new Date() };
        return { id: row.id, emails: (await secondPerson?.ask(tx, asked)) ?? [] };
      });
      await secondPerson?.dispatch(emails);
      return presentOne(id);
    },

    /**
     * Approving needs a second, independent person (requireSecondPerson: not the one who asked, not the
     * member whose application it is, not tied to either by a recent grant of the administrator role);
     * rejecting, anyone but the one who asked (they revoke it instead).
     */
    async decide(actorId: string, id: string, decision: 'approved' | 'rejected', note: string | undefined, now = new Date()): Promise<ManualDiscount> {
      const row = await manualFor(id);
      if (decision === 'rejected' && row.requestedById === actorId)
        throw forbidden('You asked for this discount, so a second administrator must approve or reject it; to take it back, revoke it.', 'self_approval');
      if (row.status !== 'pending') throw conflict(`This discount is already ${row.status}; only a pending discount can be approved or rejected.`, 'manual_discount_decided');
      const emails = await db.$transaction(async (tx) => {
        const weighed =
          decision === 'approved' ? await requireSecondPerson(tx, { approverId: actorId, requesterId: row.requestedById, beneficiaryId: row.application.userId, what: 'this discount' }, now) : null;
        if (decision === 'approved') await refuseOnceInvoiced(tx, row.applicationId, approvalRefusal);
        await tx.manualDiscount.update({ where: { id, status: 'pending' }, data: { status: decision, decidedById: actorId, decidedAt: now, decisionNote: note ?? null } });
        await auditEntry(tx, {
          actorId,
          customerId: row.application.userId,
          action: decision === 'approved' ? 'manual_discount_approved' : 'manual_discount_rejected',
          details: {
            manualDiscountId: id,
            applicationId: row.applicationId,
            amountCents: row.amountCents,
            note: note ?? null,
            ...(weighed ? { requesterRoleChanges: weighed.requesterRoleChanges, approverRoleChanges: weighed.approverRoleChanges } : {}),
          },
        });
        return (
          (await secondPerson?.tell(tx, {
            kind: 'manual_discount',
            id,
            requesterId: row.requestedById,
            beneficiaryId: row.application.userId,
            what: manualDiscountWhat(row.amountCents, row.application.reference),
            deciderId: actorId,
            decision,
            note,
            at: now,
          })) ?? []
        );
      });
      await secondPerson?.dispatch(emails);
      return presentOne(id);
    },

    async revoke(actorId: string, id: string, reason: string): Promise<ManualDiscount> {
      const row = await manualFor(id);
      if (!HELD.includes(row.status as ManualDiscountStatus)) throw conflict(`This discount is ${row.status}; only a pending or approved discount can be revoked.`, 'manual_discount_decided');
      await db.$transaction(async (tx) => {
        // A pending discount was never billed, so it can go whenever; an approved one is on the invoice once issued.
        if (row.status === 'approved') await refuseOnceInvoiced(tx, row.applicationId, revokeRefusal);
        await tx.manualDiscount.update({ where: { id, status: row.status }, data: { status: 'revoked', revokedById: actorId, revokedAt: new Date(), revokeReason: reason } });
        await auditEntry(tx, {
          actorId,
          customerId: row.application.userId,
          action: 'manual_discount_revoked',
          details: { manualDiscountId: id, applicationId: row.applicationId, amountCents: row.amountCents, previousStatus: row.status, reason },
        });
      });
      return presentOne(id);
    },
  };
}
