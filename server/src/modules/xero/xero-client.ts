/**
 * Xero's official SDK (xero-node), pointed at the addresses in the environment. The SDK discovers
 * its OAuth issuer at https://identity.xero.com itself and asks https://api.xero.com/connections
 * with fixed addresses, so this file does those two steps with the same libraries at the configured
 * addresses (the tests' stand-in, or Xero): the issuer is discovered with openid-client, which the
 * SDK uses for its consent URL, code exchange and refresh, and the connections are one GET. The
 * Accounting API calls are the SDK's own, with its `basePath` set. docs/xero.md, 'The SDK'.
 */
import type { Issuer } from 'openid-client';
import type { TokenSet, XeroClient } from 'xero-node';
import type { Env } from '../../config/env';

/** What the connection may do: keep working without a person (offline_access), contacts, invoices and payments. */
export const XERO_SCOPES = ['offline_access', 'accounting.transactions', 'accounting.contacts'];

/** The variables an administrator sets to turn the Xero sync on. */
export const XERO_REQUIRED_VARIABLES = ['XERO_CLIENT_ID', 'XERO_CLIENT_SECRET', 'XERO_REDIRECT_URI'] as const;

export interface XeroSettings {
  clientId: string;
  clientSecret: string;
  redirectUri: string;
  identityUrl: string;
  apiUrl: string;
  salesAccountCode: string;
  bankAccountCode: string;
}

/**
 * In production the key Xero's tokens are encrypted with must be set by hand:
 * XERO_TOKEN_KEY, or SESSION_SECRET. Without either it would come from the session secret generated
 * into the data folder beside the database, so a copy of that folder would decrypt the tokens.
 */
export function xeroTokenKeyMissing(env: Pick<Env, 'NODE_ENV' | 'XERO_TOKEN_KEY' | 'SESSION_SECRET'>): boolean {
  return env.NODE_ENV === 'production' && !env.XERO_TOKEN_KEY && !env.SESSION_SECRET;
}

/** Why Xero cannot be connected when only the key is missing (the connect route's 409, docs/xero.md). */
export const XERO_TOKEN_KEY_REQUIRED =
  'Xero cannot be connected: set XERO_TOKEN_KEY on the server (a long random secret of its own) and restart it. In production the key Xero’s tokens are encrypted with must be set by hand: without XERO_TOKEN_KEY or SESSION_SECRET it would be generated into the data folder beside the database, and a copy of that folder would read the tokens.';

/** The start-up's warning when Xero could not be connected for want of a key (undefined when there is one, or outside production). */
export function xeroStartupWarning(env: Pick<Env, 'NODE_ENV' | 'XERO_TOKEN_KEY' | 'SESSION_SECRET'>): string | undefined {
  if (!xeroTokenKeyMissing(env)) return undefined;
  return 'Neither XERO_TOKEN_KEY nor SESSION_SECRET is set: Xero cannot be connected (its tokens would be encrypted with the secret generated into the data folder). Set XERO_TOKEN_KEY.';
}

/** The settings when every required variable is set; otherwise which are missing (in production, the token key too). */
export function xeroSettings(env: Env): { settings: XeroSettings; missing: [] } | { settings: null; missing: string[] } {
  const missing: string[] = XERO_REQUIRED_VARIABLES.filter((name) => !env[name]);
  if (xeroTokenKeyMissing(env)) missing.push('XERO_TOKEN_KEY');
  if (!env.XERO_CLIENT_ID || !env.XERO_CLIENT_SECRET || !env.XERO_REDIRECT_URI || missing.length > 0) return { settings: null, missing };
  return {
    settings: {
      clientId: env.XERO_CLIENT_ID,
      clientSecret: env.XERO_CLIENT_SECRET,
      redirectUri: env.XERO_REDIRECT_URI,
      identityUrl: env.XERO_IDENTITY_URL.replace(/\/$/, ''),
      apiUrl: env.XERO_API_URL.replace(/\/$/, ''),
      salesAccountCode: env.XERO_SALES_ACCOUNT_CODE,
      bankAccountCode: env.XERO_BANK_ACCOUNT_CODE,
    },
    missing: [],
  };
}

/** One discovery per identity address and process, as the SDK would make for each client. */
const issuers = new Map<string, Promise<Issuer>>();

function discover(identityUrl: string, discoverIssuer: (url: string) => Promise<Issuer>): Promise<Issuer> {
  let issuer = issuers.get(identityUrl);
  if (!issuer) {
    issuer = discoverIssuer(identityUrl);
    // A failed discovery (Xero unreachable for a moment) is tried again next time, not remembered.
    issuer.catch(() => issuers.delete(identityUrl));
    issuers.set(identityUrl, issuer);
  }
  return issuer;
}

/**
 * The SDK's client pointed at the configured addresses. The SDK and openid-client are loaded with
 * the first Xero call, not at start: xero-node alone takes about half a second to load, and a server
 * without Xero configured never needs it.
 */
async function loadConfiguredClient() {
  const [{ XeroClient }, { Issuer, custom }] = await Promise.all([import('xero-node'), import('openid-client')]);
  return class ConfiguredXeroClient extends XeroClient {
    readonly #settings: XeroSettings;

    constructor(settings: XeroSettings, state?: string) {
      super({ clientId: settings.clientId, clientSecret: settings.clientSecret, redirectUris: [settings.redirectUri], scopes: XERO_SCOPES, state, httpTimeout: 10_000 });
      this.#settings = settings;
      this.accountingApi.basePath = `${settings.apiUrl}/api.xro/2.0`;
    }

    /** The SDK's initialize(), with the issuer discovered at the configured address. */
    override async initialize(): Promise<XeroClient> {
      custom.setHttpOptionsDefaults({ timeout: 10_000 });
      const issuer = await discover(this.#settings.identityUrl, (url) => Issuer.discover(url));
      this.openIdClient = new issuer.Client({ client_id: this.#settings.clientId, client_secret: this.#settings.clientSecret, redirect_uris: [this.#settings.redirectUri] });
      this.openIdClient[custom.clock_tolerance] = 5;
      return this;
    }
  };
}

let configuredClient: ReturnType<typeof loadConfiguredClient> | undefined;

/** A client of the SDK, initialised (issuer discovered); `state` for the consent round trip. */
export async function createXeroClient(settings: XeroSettings, state?: string): Promise<XeroClient> {
  configuredClient ??= loadConfiguredClient();
  const ConfiguredXeroClient = await configuredClient;
  const client = new ConfiguredXeroClient(settings, state);
  await client.initialize();
  return client;
}

export interface XeroTenant {
  tenantId: string;
  tenantName: string;
}

/** GET /connections: the organisations the consent granted (the SDK's updateTenants() without its fixed address and extra calls). */
export async function fetchConnections(settings: XeroSettings, accessToken: string): Promise<XeroTenant[]> {
  const response = await fetch(`${settings.apiUrl}/connections`, { headers: { authorization: `Bearer ${accessToken}`, accept: 'application/json' }, signal: AbortSignal.timeout(10_000) });
  if (!response.ok) throw new Error(`Xero answered ${response.status} when asked for the connected organisations.`);
  const connections = (await response.json()) as { tenantId: string; tenantName: string; tenantType: string }[];
  return connections.filter((connection) => connection.tenantType === 'ORGANISATION').map(({ tenantId, tenantName }) => ({ tenantId, tenantName }));
}

/** When a token set's access token stops working, on the caller's clock. */
export function accessTokenExpiry(tokenSet: TokenSet, now: Date): Date {
  return new Date(now.getTime() + (tokenSet.expires_in ?? 1800) * 1000);
}
