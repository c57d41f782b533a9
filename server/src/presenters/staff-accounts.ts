/** Accounts as the administrators' screens list them: security events, users with their roles, referrer partners. */
import type { z } from 'zod';
import type { AdminUser, referrerSummarySchema, SecurityEvent } from '@shared/contracts/accounts';
import { displayName } from '@shared/domain/accounts/display-name';
import { normalisePermissions } from '@shared/domain/accounts/permissions';
import type { Referrer, SecurityEvent as SecurityEventRow, User } from '../generated/prisma/client';

export const presentSecurityEvent = (event: SecurityEventRow): SecurityEvent => ({
  ...event,
  type: event.type as SecurityEvent['type'],
  details: (event.details ?? {}) as Record<string, unknown>,
  createdAt: event.createdAt.toISOString(),
});

export const presentAdminUser = (user: User & { broker: User | null; referrer: Referrer | null }): AdminUser => ({
  id: user.id,
  email: user.email,
  name: displayName(user),
  businessName: user.businessName,
  isAdmin: user.isAdmin,
  isBroker: user.isBroker,
  permissions: normalisePermissions(user.permissions),
  broker: user.broker ? { id: user.broker.id, name: displayName(user.broker) } : null,
  referrerCode: user.referrer?.code ?? null,
  createdAt: user.createdAt.toISOString(),
});

export const presentReferrer = (referrer: Referrer & { user: User }, leadCount: number): z.infer<typeof referrerSummarySchema> => ({
  id: referrer.id,
  userId: referrer.userId,
  email: referrer.user.email,
  name: displayName(referrer.user),
  organisation: referrer.organisation,
  code: referrer.code,
  isActive: referrer.isActive,
  leadCount,
  createdAt: referrer.createdAt.toISOString(),
});
