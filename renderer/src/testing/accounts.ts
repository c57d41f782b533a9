import { http, HttpResponse } from 'msw';
import type { AccountUser, SessionUser } from '@shared/contracts/accounts';
import type { ClientView } from '@shared/contracts/dashboard';

/**
 * A signed-in person as GET /api/auth/session names them: by default a grower (no staff flag, no
 * permission) whose name is their first and last names and whose e-mail is their first name at example.com.
 */
export const signedInPerson = ({ firstName, lastName, ...fields }: Pick<SessionUser, 'id' | 'firstName' | 'lastName'> & Partial<SessionUser>): SessionUser => ({
  email: `${firstName.toLowerCase()}@example.com`,
  name: `${firstName} ${lastName}`,
  firstName,
  lastName,
  isAdmin: false,
  isBroker: false,
  isReferrer: false,
  permissions: [],
  ...fields,
});

/** The account GET or PUT /api/user answers for `user`: their session fields, nothing else filled in. */
export const accountOf = (user: SessionUser, createdAt = '2025-01-01T00:00:00.000Z'): AccountUser => ({
  ...user,
  phone: null,
  address: null,
  businessName: null,
  abn: null,
  allowMarketing: false,
  emailVerified: true,
  pendingEmail: null,
  referredByCode: null,
  referrer: null,
  createdAt,
});

/** A broker's client with no farm and no records, and what of `client` is given. */
export const bareClient = (client: Pick<ClientView, 'id' | 'name'> & Partial<ClientView>): ClientView => ({
  businessName: null,
  email: `${client.id}@example.com`,
  phone: null,
  farm: { paddocks: 0, areaHa: 0 },
  quotes: { drafts: 0, savedEstimates: 0 },
  protections: [],
  claims: [],
  renewal: null,
  currentAlerts: [],
  ...client,
});

/** GET /api/broker/clients answering these clients of the broker, each with no farm and no records. */
export const brokerClientsAnswer = (...clients: Array<Pick<ClientView, 'id' | 'name'>>) => http.get('/api/broker/clients', () => HttpResponse.json({ clients: clients.map(bareClient), season: { year: 2026 } }));
