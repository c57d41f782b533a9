import type { XeroStatusResponse, XeroSyncItem, XeroSyncKind, XeroSyncState, XeroTenantView } from '@shared/contracts/xero';
import type { XeroConnection, XeroSync } from '../generated/prisma/client';

/** The organisations the consent granted, as stored on the connection row. */
export function tenantsOf(connection: { tenants: unknown }): XeroTenantView[] {
  return Array.isArray(connection.tenants) ? (connection.tenants as XeroTenantView[]) : [];
}

/** The connection as staff see it: the organisation, who connected it and when its access ends; never its tokens. */
export function presentXeroConnection(connection: XeroConnection, connectedBy: { firstName: string; lastName: string } | null): NonNullable<XeroStatusResponse['connection']> {
  return {
    tenantId: connection.tenantId,
    tenantName: connection.tenantName,
    tenants: tenantsOf(connection),
    connectedBy: connectedBy ? [connectedBy.firstName, connectedBy.lastName].join(' ').trim() : 'A former administrator',
    connectedAt: connection.connectedAt.toISOString(),
    accessTokenExpiresAt: connection.accessTokenExpiresAt.toISOString(),
  };
}

export function presentXeroSync(row: XeroSync): XeroSyncItem {
  return {
    id: row.id,
    kind: row.kind as XeroSyncKind,
    label: row.label,
    state: row.state as XeroSyncState,
    xeroId: row.xeroId,
    attempts: row.attempts,
    lastError: row.lastError,
    nextAttemptAt: row.nextAttemptAt?.toISOString() ?? null,
    sentAt: row.sentAt?.toISOString() ?? null,
    updatedAt: row.updatedAt.toISOString(),
  };
}
