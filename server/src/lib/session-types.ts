import type { SupportPermissionLevel } from '@shared/constants';
import type { ProviderId } from '@shared/contracts/accounts';
import type { SupportSessionEndReason } from '@shared/domain/accounts/support-standing';

/** What the server keeps in a session: who is signed in, since when, and any support session. */
declare module 'express-session' {
  interface SessionData {
    userId: string;
    provider: ProviderId;
    /** Milliseconds since the epoch; the absolute lifetime counts from here. */
    signedInAt: number;
    support: {
      supportSessionId: string;
      customerId: string;
      customerName: string;
      permissionLevel: SupportPermissionLevel;
      startedAt: number;
    };
    /**
     * The support session that ended without its holder leaving it: a later
     * refusal of that customer's records says why, until support mode is entered again.
     */
    supportEnded: {
      supportSessionId: string;
      customerId: string;
      customerName: string;
      reason: SupportSessionEndReason;
    };
    /** The state of a Xero consent under way, checked when Xero sends the administrator back (docs/xero.md). */
    xeroConsentState: string;
  }
}

export {};
