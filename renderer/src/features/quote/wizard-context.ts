import { createContext, useContext } from 'react';
import type { AccountUser } from '@shared/contracts/accounts';
import type { SupportPermissionLevel } from '@shared/constants';
import type { WizardStep } from '@shared/contracts/quote-steps';

export interface WizardSupport {
  customerId: string;
  customerName: string;
  permissionLevel: SupportPermissionLevel;
}

/** A broker quoting in a client's name (docs/behaviour.md §6): drafts, pricing and the application are the client's. */
export interface WizardClient {
  customerId: string;
  customerName: string;
}

/** The member someone else is acting for (staff in support mode, or a broker for a client), if anyone. */
export function actingForCustomerId(wizard: Pick<WizardContextValue, 'support' | 'client'>): string | null {
  return wizard.support?.customerId ?? wizard.client?.customerId ?? null;
}

export interface WizardVerification {
  /** Handed back by the verify call; spent by registration. Kept in memory only. */
  token: string | null;
  /** When the last code was sent (ms), for the 60 s resend wait. */
  sentAt: number | null;
}

/** What every step page gets from the wizard frame. */
export interface WizardContextValue {
  step: WizardStep;
  /** The step was reached by a move within the wizard (Continue, Back, the browser's), not opened with the page. */
  arrivedByMove: boolean;
  isAuthenticated: boolean;
  /** Whose quote this is: the signed-in member, the customer in support mode, or the broker's client. */
  userId: string | null;
  support: WizardSupport | null;
  client: WizardClient | null;
  /** False at support read level: nothing may be saved or submitted. */
  canWrite: boolean;
  goNext: () => void;
  goBack: () => void;
  /** Opens an earlier step (going back is always allowed): the estimate's way to what it needs put right. */
  goBackTo: (step: WizardStep) => void;
  /** Opens a step after a draft was resumed (the draft's own step, as far as it can be reached). */
  resumeAt: (step: WizardStep) => void;
  verification: WizardVerification;
  setVerification: (verification: WizardVerification) => void;
  /** Called once registration has signed the new member in. */
  signedIn: (user: AccountUser) => void;
}

export const WizardContext = createContext<WizardContextValue | null>(null);

export function useWizard(): WizardContextValue {
  const value = useContext(WizardContext);
  if (value === null) throw new Error('useWizard is used outside the quote wizard');
  return value;
}
