/**
 * What the wizard reads before its first step (one query, fixed at the page's first render): who is
 * here (a visitor, a member, a broker's client, a customer in support mode), the saved estimate the
 * address names, and the owner's drafts with the one a reload resumes. Each call is a query of its
 * own, so the cache holds them for the steps that read them again.
 */
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type { AccountUser } from '@shared/contracts/accounts';
import type { Draft, DraftListItem } from '@shared/contracts/drafts';
import type { SavedEstimateResponse } from '@shared/contracts/quote';
import type { SupportCustomerData } from '@shared/contracts/support';
import type { ClientAccount } from '@shared/contracts/dashboard';
import { draftToSelect } from '@shared/domain/quote/draft';
import { stepIndex, type WizardQuery } from '@shared/domain/quote/steps';
import { accountQueryOptions } from '../../../api/get-account';
import { ApiRequestError } from '../../../lib/api-client';
import { sessionQueryOptions } from '../../../stores/get-session';
import { useSessionStore } from '../../../stores/session-store';
import { useDraftStore } from '../stores/draft-store';
import { brokerClientQueryOptions } from './get-broker-client';
import { draftQueryOptions } from './get-draft';
import { draftsQueryOptions } from './get-drafts';
import { savedEstimateQueryOptions } from './get-saved-estimate';
import { supportCustomerQueryOptions } from './get-support-customer';

/** A quote that could not be opened: a sentence the person can act on, and where to go instead. */
export class QuoteRefused extends Error {
  constructor(
    message: string,
    readonly links: Array<{ to: string; label: string }> = [],
  ) {
    super(message);
  }
}

/** docs/behaviour.md §6: only the client's broker of record may quote in their name; anyone else is told so plainly. */
function clientQuoteRefusal(error: unknown): Error {
  if (!(error instanceof ApiRequestError) || error.isNetworkError || (error.status !== 403 && error.status !== 404)) {
    return error instanceof Error ? error : new Error('The quote could not be opened.');
  }
  const own = { to: '/quote', label: 'Start your own quote' };
  if (error.status === 403) return new QuoteRefused('Only a member’s broker can start a quote in their name, and your account is not a broker’s.', [own]);
  return new QuoteRefused('This member is not one of your clients, so you cannot start a quote in their name. Ask the mutual to record you as their broker.', [
    { to: '/dashboard/paddocks', label: 'Your clients' },
    own,
  ]);
}

/** Who opens the wizard: a member of staff for a customer, a broker for a client, a member, or a visitor. */
export type StartPerson = { kind: 'support'; data: SupportCustomerData } | { kind: 'client'; account: ClientAccount } | { kind: 'member'; user: AccountUser } | { kind: 'visitor' };

export interface QuoteStart {
  signedIn: boolean;
  /** Whose quote this is: the customer in support mode, the broker's client, or the person signed in; null for a visitor. */
  owner: string | null;
  who: StartPerson;
  /** The ?savedEstimate= estimate, or why it could not be loaded (docs/behaviour.md §4: told, not fatal); null when none was asked for. */
  savedEstimate: { ok: true; estimate: SavedEstimateResponse['estimate'] } | { ok: false; reason: string[] | undefined } | null;
  /**
   * The owner's drafts (null when they could not be read: the list says why), the draft a reload beyond
   * get-started or a renewal's link resumes, and why that draft could not be opened (told, not fatal);
   * null for a visitor or a saved estimate.
   */
  drafts: { list: DraftListItem[] | null; resumed: Draft | null; resumeFailed: { reason: string[] | undefined } | null } | null;
}

/** The address the wizard was opened at, as far as the start depends on it. */
export interface StartAddress {
  initial: WizardQuery;
  /** The ?step= asked for, if any. */
  requested: string | null;
  referrerCode: string | null;
}

/** A visitor's start: no session, no client, no drafts; the wizard opens on personal-details. */
export const VISITOR_START: QuoteStart = { signedIn: false, owner: null, who: { kind: 'visitor' }, savedEstimate: null, drafts: null };

const SESSION_ASKED_AT_OPEN_MS = 10_000;

async function whoIsHere(queryClient: QueryClient, initial: WizardQuery): Promise<{ signedIn: boolean; who: StartPerson; owner: string | null }> {
  // The answer the route asked for while this code loaded (routes.ts), if it is this recent; a read that failed counts as a visitor's, who needs no session.
  const { signedIn, unavailable } = await queryClient.fetchQuery({ ...sessionQueryOptions(), staleTime: SESSION_ASKED_AT_OPEN_MS });
  // A quote for someone else needs to know who is asking: while the server cannot say, say so rather than "sign in".
  if (unavailable !== undefined && initial.customerId !== null) throw new QuoteRefused(unavailable);
  const sessionUserId = signedIn ? (useSessionStore.getState().user?.id ?? null) : null;
  if (initial.isSupport && initial.customerId !== null) {
    if (!signedIn) throw new QuoteRefused('Sign in as a member of staff to work on a customer’s quote.');
    const data = await queryClient.fetchQuery(supportCustomerQueryOptions(initial.customerId));
    return { signedIn, who: { kind: 'support', data }, owner: data.customer.id };
  }
  if (initial.customerId !== null) {
    if (!signedIn) {
      const back = `/quote?customerId=${encodeURIComponent(initial.customerId)}`;
      throw new QuoteRefused('Sign in as the member’s broker to start a quote in their name.', [{ to: `/auth/signin?callbackUrl=${encodeURIComponent(back)}`, label: 'Sign in' }]);
    }
    const { client } = await queryClient.fetchQuery(brokerClientQueryOptions(initial.customerId)).catch((error: unknown) => {
      throw clientQuoteRefusal(error);
    });
    return { signedIn, who: { kind: 'client', account: client }, owner: client.id };
  }
  if (signedIn && sessionUserId !== null) {
    const { user } = await queryClient.fetchQuery(accountQueryOptions(sessionUserId));
    return { signedIn, who: { kind: 'member', user }, owner: sessionUserId };
  }
  return { signedIn, who: { kind: 'visitor' }, owner: null };
}

/** The server's words for a refusal ('Draft not found.'), shown under the docs/behaviour.md §8 text; none for a network failure. */
const refusalReason = (error: unknown): string[] | undefined => (error instanceof ApiRequestError && !error.isNetworkError ? [error.message] : undefined);

async function savedEstimateAsked(queryClient: QueryClient, initial: WizardQuery, savedEstimateId: string): Promise<QuoteStart['savedEstimate']> {
  const actingFor = initial.customerId === null ? null : { customerId: initial.customerId, isSupport: initial.isSupport };
  try {
    return { ok: true, estimate: await queryClient.fetchQuery(savedEstimateQueryOptions(savedEstimateId, actingFor)) };
  } catch (error) {
    return { ok: false, reason: refusalReason(error) };
  }
}

async function ownersDrafts(queryClient: QueryClient, owner: string, { initial, requested }: StartAddress): Promise<QuoteStart['drafts']> {
  // Read afresh: the person may have saved on another device since this tab last asked.
  const list = await queryClient.fetchQuery({ ...draftsQueryOptions(owner), staleTime: 0 }).catch(() => null);
  // ?draft= (a renewal's link) names the draft; otherwise the one selected before, or the latest.
  const selectedBefore = initial.draftId ?? useDraftStore.getState().currentDraftId;
  const selected = list !== null ? draftToSelect(list, selectedBefore) : selectedBefore;
  // A reload beyond get-started resumes the draft the person was working on.
  const resumes = requested !== null && stepIndex(initial.step) > stepIndex('get-started') && selected !== null;
  if (!resumes) return { list, resumed: null, resumeFailed: null };
  try {
    return { list, resumed: await queryClient.fetchQuery(draftQueryOptions(selected)), resumeFailed: null };
  } catch (error) {
    return { list, resumed: null, resumeFailed: { reason: refusalReason(error) } };
  }
}

/** The wizard's start: who is here first, then the saved estimate or the drafts, which depend on it. A throw means the quote cannot be opened. */
export const quoteStartQueryOptions = (queryClient: QueryClient, address: StartAddress) =>
  queryOptions({
    queryKey: ['quote-start', address],
    queryFn: async (): Promise<QuoteStart> => {
      const { signedIn, who, owner } = await whoIsHere(queryClient, address.initial);
      const savedEstimateId = address.initial.savedEstimateId;
      if (savedEstimateId !== null) return { signedIn, who, owner, savedEstimate: await savedEstimateAsked(queryClient, address.initial, savedEstimateId), drafts: null };
      return { signedIn, who, owner, savedEstimate: null, drafts: owner === null ? null : await ownersDrafts(queryClient, owner, address) };
    },
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
  });
