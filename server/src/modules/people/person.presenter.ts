/**
 * Everything the mutual holds of one person, as the person page shows it
 * (GET /api/admin/user-lookup/:userId): the account and roles, drafts and saved estimates,
 * applications, claims, invoices with their payments, the farm's paddocks, signed-in sessions and
 * the newest security events.
 */
import type { Store } from 'express-session';
import type { PersonDetail } from '@shared/contracts/people';
import { displayName } from '@shared/domain/accounts/display-name';
import { normalisePermissions } from '@shared/domain/accounts/permissions';
import { maskIpAddress } from '@shared/domain/people/mask';
import type { Database } from '../../db/client';
import { notFound } from '../../lib/app-error';
import { claimStatusOf } from '../../presenters/claim';
import { invoiceInclude, presentInvoice } from '../../presenters/invoice';
import { applicationReference, protectionRead } from '../../presenters/protection';
import { userSessions } from '../member-settings/sessions';
import { leadsOfPerson } from '../crm/leads.service';
import { supportRequestsOfUser } from '../support-requests/support-requests.service';

const RECENT_SECURITY_EVENTS = 10;

export async function presentPerson(db: Database, sessions: { store: Store; secret: string }, userId: string): Promise<PersonDetail> {
  const user = await db.user.findUnique({
    where: { id: userId },
    include: {
      broker: { select: { id: true, firstName: true, lastName: true, email: true } },
      referrer: true,
      _count: { select: { clients: true } },
      drafts: { orderBy: { updatedAt: 'desc' }, omit: { quoteData: true, validationData: true, uiState: true } },
      savedEstimates: { orderBy: { createdAt: 'desc' }, select: { id: true, createdAt: true } },
    },
  });
  if (!user) throw notFound('There is no account with that id. It may have been deleted; search again on /admin/user-lookup.');
  const [applications, claims, invoices, farmPaddocks, signedIn, securityEvents] = await Promise.all([
    db.protectionApplication.findMany({
      where: { userId },
      orderBy: { submittedAt: 'desc' },
      omit: protectionRead.omit,
      include: { paddocks: { orderBy: { sortOrder: 'asc' }, select: { name: true } } },
    }),
    db.claim.findMany({ where: { userId }, orderBy: { createdAt: 'desc' } }),
    db.invoice.findMany({ where: { userId }, orderBy: { issuedAt: 'desc' }, include: invoiceInclude }),
    db.farmPaddock.findMany({ where: { userId }, orderBy: { sortOrder: 'asc' } }),
    userSessions(sessions.store, sessions.secret, { userId, sessionsValidFrom: user.sessionsValidFrom }, ''),
    db.securityEvent.findMany({ where: { userId }, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }], take: RECENT_SECURITY_EVENTS }),
  ]);
  return {
    success: true,
    account: {
      id: user.id,
      email: user.email,
      firstName: user.firstName,
      lastName: user.lastName,
      name: displayName(user),
      phone: user.phone,
      address: user.address,
      businessName: user.businessName,
      abn: user.abn,
      emailVerifiedAt: user.emailVerifiedAt?.toISOString() ?? null,
      pendingEmail: user.pendingEmail,
      createdAt: user.createdAt.toISOString(),
      lockedAt: user.lockedAt?.toISOString() ?? null,
      referredByCode: user.referredByCode,
      allowMarketing: user.allowMarketing,
    },
    roles: {
      isAdmin: user.isAdmin,
      isBroker: user.isBroker,
      permissions: normalisePermissions(user.permissions),
      broker: user.broker ? { id: user.broker.id, name: displayName(user.broker) } : null,
      clientCount: user._count.clients,
      referrer: user.referrer ? { code: user.referrer.code, organisation: user.referrer.organisation, isActive: user.referrer.isActive } : null,
    },
    drafts: user.drafts.map((draft) => ({
      id: draft.id,
      step: draft.step,
      status: draft.status,
      version: draft.version,
      farmAddress: draft.farmAddress,
      createdAt: draft.createdAt.toISOString(),
      updatedAt: draft.updatedAt.toISOString(),
    })),
    savedEstimates: user.savedEstimates.map((estimate) => ({ id: estimate.id, createdAt: estimate.createdAt.toISOString() })),
    applications: applications.map((application) => ({
      id: application.id,
      reference: applicationReference(application),
      status: application.status,
      coverageType: application.coverageType,
      seasonYear: application.seasonYear,
      totalPayable: application.totalPayable,
      insuredValue: application.insuredValue,
      coveredArea: application.coveredArea,
      farmAddress: application.farmAddress,
      paddockNames: application.paddocks.map((paddock) => paddock.name),
      submittedAt: application.submittedAt.toISOString(),
    })),
    claims: claims.map((claim) => ({
      id: claim.id,
      reference: claim.reference,
      peril: claim.peril === 'fire' ? 'fire' : 'hail',
      eventDate: claim.eventDate,
      status: claimStatusOf(claim.status),
      estimatedLossCents: claim.estimatedLossCents,
      createdAt: claim.createdAt.toISOString(),
    })),
    invoices: invoices.map((invoice) => presentInvoice(invoice)),
    farmPaddocks: farmPaddocks.map((paddock) => ({ id: paddock.id, name: paddock.name, crop: paddock.crop, areaHa: paddock.areaHa })),
    sessions: signedIn.map(({ id, signedInAt, lastActiveAt, expiresAt }) => ({ id, signedInAt, lastActiveAt, expiresAt })),
    recentSecurityEvents: securityEvents.map((event) => ({
      id: event.id,
      type: event.type,
      ip: maskIpAddress(event.ip),
      createdAt: event.createdAt.toISOString(),
      details: (event.details ?? {}) as Record<string, unknown>,
    })),
    supportRequests: await supportRequestsOfUser(db, userId),
    leads: await leadsOfPerson(db, { userId, email: user.email }),
  };
}
