/**
 * The mutual's one Xero connection: an administrator consents at Xero (OAuth 2.0 code flow), the
 * tokens are kept encrypted, the organisation is chosen among those the consent granted (kept when
 * connecting again), and the sync opens a session that refreshes the access token when it has
 * expired or Xero says so.
 */
import { randomBytes } from 'node:crypto';
import type { XeroClient } from 'xero-node';
import type { AppContext } from '../../context';
import { badRequest, conflict } from '../../lib/app-error';
import { createTokenCipher, type TokenCipher } from './token-cipher';
import { XeroFailure } from './xero-errors';
import { tenantsOf } from '../../presenters/xero';
import { accessTokenExpiry, createXeroClient, fetchConnections, XERO_TOKEN_KEY_REQUIRED, type XeroSettings, xeroSettings } from './xero-client';

const CONNECTION_ID = 'xero';
/** An access token this close to its expiry is refreshed before use. */
const EXPIRY_MARGIN_MS = 60_000;

export type XeroContext = Pick<AppContext, 'db' | 'env' | 'logger' | 'sessions'>;

export const XERO_NOT_CONNECTED = 'Xero is not connected: an administrator connects it on the Xero testing page (/admin/xero-testing).';
export const XERO_NO_TENANT = 'Choose the Xero organisation to send to on the Xero testing page (/admin/xero-testing).';

export function tokenCipher(context: Pick<AppContext, 'env' | 'sessions'>): TokenCipher {
  return createTokenCipher(context.env.XERO_TOKEN_KEY ?? context.sessions.secret);
}

/** The settings, or a 409 saying which variables to set (for the routes; the page shows the same list). */
export function requireXeroSettings(context: Pick<AppContext, 'env'>): XeroSettings {
  const { settings, missing } = xeroSettings(context.env);
  if (!settings) throw conflict(missing.length === 1 && missing[0] === 'XERO_TOKEN_KEY' ? XERO_TOKEN_KEY_REQUIRED : `Xero is not configured: set ${missing.join(', ')} on the server.`, 'xero_not_configured');
  return settings;
}

/** Where to send the administrator to consent, and the state to expect back. */
export async function beginConsent(settings: XeroSettings): Promise<{ url: string; state: string }> {
  const state = randomBytes(24).toString('base64url');
  const client = await createXeroClient(settings, state);
  return { url: await client.buildConsentUrl(), state };
}

/**
 * Xero sent the administrator back to `callbackUrl`: the code is exchanged for tokens (the SDK's
 * apiCallback, which checks the state), the organisations are listed, and the connection replaces
 * any earlier one. With one organisation it is chosen at once; with more, the administrator picks.
 */
export async function completeConsent(context: XeroContext, settings: XeroSettings, callbackUrl: string, expectedState: string, connectedById: string, now = new Date()): Promise<void> {
  const client = await createXeroClient(settings, expectedState);
  const tokenSet = await client.apiCallback(callbackUrl);
  if (!tokenSet.access_token || !tokenSet.refresh_token) throw new Error('Xero did not grant offline access (no refresh token), so the sync could not keep working.');
  const tenants = await fetchConnections(settings, tokenSet.access_token);
  // Connecting again keeps the organisation chosen before, while the consent still grants it.
  const before = await findXeroConnection(context);
  const chosen = tenants.find((tenant) => tenant.tenantId === before?.tenantId) ?? (tenants.length === 1 ? tenants[0] : undefined);
  const cipher = tokenCipher(context);
  const data = {
    tenants: tenants as object[],
    tenantId: chosen?.tenantId ?? null,
    tenantName: chosen?.tenantName ?? null,
    accessTokenEncrypted: cipher.encrypt(tokenSet.access_token),
    refreshTokenEncrypted: cipher.encrypt(tokenSet.refresh_token),
    accessTokenExpiresAt: accessTokenExpiry(tokenSet, now),
    connectedById,
    connectedAt: now,
    refreshedAt: null,
  };
  await context.db.xeroConnection.upsert({ where: { id: CONNECTION_ID }, create: { id: CONNECTION_ID, ...data }, update: data });
  context.logger.info({ tenants: tenants.length, by: connectedById }, 'Xero connected');
}

export async function findXeroConnection(context: Pick<AppContext, 'db'>) {
  return context.db.xeroConnection.findUnique({ where: { id: CONNECTION_ID } });
}

/** The administrator picks one of the organisations the consent granted. */
export async function chooseTenant(context: Pick<AppContext, 'db'>, tenantId: string): Promise<void> {
  const connection = await findXeroConnection(context);
  if (!connection) throw conflict(XERO_NOT_CONNECTED, 'xero_not_connected');
  const tenant = tenantsOf(connection).find((candidate) => candidate.tenantId === tenantId);
  if (!tenant) throw badRequest('That organisation is not one this Xero connection may use: connect again to grant it.', 'xero_unknown_tenant');
  await context.db.xeroConnection.update({ where: { id: CONNECTION_ID }, data: { tenantId: tenant.tenantId, tenantName: tenant.tenantName } });
}

export interface XeroSession {
  client: XeroClient;
  tenantId: string;
  /** Gets a new access token (after Xero said 401), stored for every instance. */
  refresh(): Promise<void>;
}

/** A session on the chosen organisation with a working access token, for the sync. */
export async function openXeroSession(context: XeroContext, settings: XeroSettings, now: Date): Promise<XeroSession> {
  const connection = await findXeroConnection(context);
  if (!connection) throw new XeroFailure(XERO_NOT_CONNECTED, false);
  const { tenantId } = connection;
  if (!tenantId) throw new XeroFailure(XERO_NO_TENANT, false);
  const cipher = tokenCipher(context);
  const client = await createXeroClient(settings);
  let expiresAt = connection.accessTokenExpiresAt;
  try {
    client.setTokenSet({ access_token: cipher.decrypt(connection.accessTokenEncrypted), refresh_token: cipher.decrypt(connection.refreshTokenEncrypted), token_type: 'Bearer' });
  } catch {
    throw new XeroFailure('The stored Xero tokens cannot be read with this server’s key (XERO_TOKEN_KEY or SESSION_SECRET changed): connect Xero again.', false);
  }

  const refresh = async () => {
    let tokenSet;
    try {
      tokenSet = await client.refreshToken();
    } catch (error) {
      const code = (error as { error?: string }).error;
      // invalid_grant: the refresh token was revoked or unused for 60 days; only a new consent helps.
      if (code) throw new XeroFailure(`Xero refused to renew the connection (${code}): an administrator connects Xero again.`, false);
      throw new XeroFailure(`Xero's sign-in service could not be reached to renew the connection: ${(error as Error).message}`, true);
    }
    const nextExpiry = accessTokenExpiry(tokenSet, now);
    // Claimed by the expiry it replaces: of two instances refreshing at once, one stores its tokens.
    await context.db.xeroConnection.updateMany({
      where: { id: CONNECTION_ID, accessTokenExpiresAt: expiresAt },
      data: { accessTokenEncrypted: cipher.encrypt(tokenSet.access_token!), refreshTokenEncrypted: cipher.encrypt(tokenSet.refresh_token!), accessTokenExpiresAt: nextExpiry, refreshedAt: now },
    });
    expiresAt = nextExpiry;
    context.logger.info({ tenantId }, 'Xero access token refreshed');
  };

  if (expiresAt.getTime() - EXPIRY_MARGIN_MS <= now.getTime()) await refresh();
  return { client, tenantId, refresh };
}
