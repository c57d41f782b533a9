import type { AccountUser, SessionUser } from '@shared/contracts/accounts';

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
