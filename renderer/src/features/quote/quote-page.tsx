import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import type { AccountUser } from '@shared/contracts/accounts';
import { DRAFT_MESSAGES, type Draft, type DraftListItem } from '@shared/contracts/drafts';
import { shouldSaveOnLeave } from '@shared/domain/quote/auto-save';
import { draftToSelect } from '@shared/domain/quote/draft';
import { QUOTE_STEP_VIEWED } from '@shared/domain/analytics/events';
import { goBack, goForward, initialNavigation, navigate, reachableStep, restoreNavigation, type NavigationResult, type NavigationState } from '@shared/domain/quote/navigation';
import { reconstructSavedEstimate } from '@shared/domain/quote/saved-estimate';
import { parseWizardQuery, stepIndex, type WizardQuery, type WizardStep } from '@shared/domain/quote/steps';
import { drawingPrerenderedPage } from '../../lib/prerendered-page';
import { siteContent } from '../../content/site';
import { track } from '../../lib/analytics';
import { ApiRequestError } from '../../lib/api-client';
import { useDraftStore } from './stores/draft-store';
import { draftQueryOptions } from './api/get-draft';
import { draftsQueryOptions } from './api/get-drafts';
import { sessionQueryOptions } from '../../stores/get-session';
import { localDraftIsNewer, readLocalQuoteDraft, syncLocalQuoteDraft, useQuoteStore, type LocalQuoteDraft } from './stores/quote-store';
import { useSessionStore } from '../../stores/session-store';
import { useUiStore } from '../../stores/ui-store';
import { useValidationStore } from './stores/validation-store';
import { personalDetailsFromAccount } from './account-details';
import { AutoSaveIndicator } from './components/auto-save-indicator';
import { ProgressBar } from './components/progress-bar';
import { ClientBanner } from './components/client-banner';
import { SupportBanner } from './components/support-banner';
import { WizardModals } from './components/wizard-modals';
import { getAccount } from './api/get-account';
import { getBrokerClient } from './api/get-broker-client';
import { getSavedEstimate } from './api/get-saved-estimate';
import { getSupportCustomer } from './api/get-support-customer';
import styles from './quote-wizard.module.css';
import { StepView } from './steps/step-view';
import { useAutoSave } from './use-auto-save';
import { WizardContext, type WizardClient, type WizardContextValue, type WizardSupport, type WizardVerification } from './wizard-context';

type Boot = { status: 'loading' } | { status: 'ready' } | { status: 'failed'; message: string; links?: Array<{ to: string; label: string }> };

/** A quote in a client's name could not be opened: a sentence the person can act on, and where to go instead. */
class ClientQuoteRefused extends Error {
  constructor(
    message: string,
    readonly links: Array<{ to: string; label: string }>,
  ) {
    super(message);
  }
}

/** SPEC §6: only the client's broker of record may quote in their name; anyone else is told so plainly. */
function clientQuoteRefusal(error: unknown): Error {
  if (!(error instanceof ApiRequestError) || error.isNetworkError || (error.status !== 403 && error.status !== 404)) {
    return error instanceof Error ? error : new Error('The quote could not be opened.');
  }
  const own = { to: '/quote', label: 'Start your own quote' };
  if (error.status === 403) return new ClientQuoteRefused('Only a member’s broker can start a quote in their name, and your account is not a broker’s.', [own]);
  return new ClientQuoteRefused('This member is not one of your clients, so you cannot start a quote in their name. Ask the mutual to record you as their broker.', [
    { to: '/dashboard/paddocks', label: 'Your clients' },
    own,
  ]);
}

interface Notice {
  tone: 'info' | 'warning' | 'error';
  text: string;
  details?: string[];
}

/** Where the wizard goes when the address names no step. */
const LOCAL_WORK_RESTORED_MESSAGE = 'Changes that could not be saved were kept in this browser and have been put back. They are saved as soon as they fit.';

/**
 * Where the wizard opens when the address names no step: a saved estimate at its estimate; a
 * member, like a visitor, at personal-details with what we know filled in (SPEC §2; the account
 * steps they have been through are passed over); someone acting for a member, whose details are the
 * member's own, at get-started with the member's drafts.
 */
function defaultStep(who: StartPerson['kind'], savedEstimate: boolean): WizardStep {
  if (savedEstimate) return 'estimate-display';
  return who === 'support' || who === 'client' ? 'get-started' : 'personal-details';
}

/** Who opens the wizard: a member of staff for a customer, a broker for a client, a member, or a visitor. */
type StartPerson =
  | { kind: 'support'; data: Awaited<ReturnType<typeof getSupportCustomer>> }
  | { kind: 'client'; account: Awaited<ReturnType<typeof getBrokerClient>>['client'] }
  | { kind: 'member'; user: AccountUser }
  | { kind: 'visitor' };

interface QuoteStart {
  signedIn: boolean;
  sessionUserId: string | null;
  who: StartPerson;
  /** The ?savedEstimate= estimate, or why it could not be loaded (SPEC §4: told, not fatal); null when none was asked for. */
  savedEstimate: { ok: true; estimate: Awaited<ReturnType<typeof getSavedEstimate>>['estimate'] } | { ok: false; reason: string[] | undefined } | null;
  /** The owner's drafts (in the query cache, where the list shows them or why they failed), and the draft a reload beyond get-started resumes; null for a visitor or a saved estimate. */
  drafts: { list: DraftListItem[] | null; resumed: Draft | null } | null;
}

/** Whose quote this is: the customer in support mode, the broker's client, or the person signed in. */
function ownerOf(who: StartPerson, sessionUserId: string | null): string | null {
  if (who.kind === 'support') return who.data.customer.id;
  if (who.kind === 'client') return who.account.id;
  return sessionUserId;
}

const SESSION_ASKED_AT_OPEN_MS = 10_000;

/** A visitor's start: no session, no client, no drafts; the wizard opens on personal-details. */
const VISITOR_START: QuoteStart = { signedIn: false, sessionUserId: null, who: { kind: 'visitor' }, savedEstimate: null, drafts: null };

/** What the wizard loads before its first step, in order; a failure here (thrown) means the quote cannot be opened. */
async function loadQuoteStart(queryClient: QueryClient, initial: WizardQuery, requested: string | null): Promise<QuoteStart> {
  let signedIn = false;
  let sessionUserId: string | null = null;
  try {
    // The answer the route asked for while this code loaded (routes.ts), if it is this recent.
    signedIn = await queryClient.fetchQuery({ ...sessionQueryOptions(), staleTime: SESSION_ASKED_AT_OPEN_MS });
    sessionUserId = signedIn ? (useSessionStore.getState().user?.id ?? null) : null;
  } catch {
    // The session call failing leaves the visitor path, which needs no session.
  }

  let who: StartPerson = { kind: 'visitor' };
  if (initial.isSupport && initial.customerId !== null) {
    if (!signedIn) throw new Error('Sign in as a member of staff to work on a customer’s quote.');
    who = { kind: 'support', data: await getSupportCustomer(initial.customerId) };
  } else if (initial.customerId !== null) {
    if (!signedIn) {
      const back = `/quote?customerId=${encodeURIComponent(initial.customerId)}`;
      throw new ClientQuoteRefused('Sign in as the member’s broker to start a quote in their name.', [{ to: `/auth/signin?callbackUrl=${encodeURIComponent(back)}`, label: 'Sign in' }]);
    }
    const { client: account } = await getBrokerClient(initial.customerId).catch((error: unknown) => {
      throw clientQuoteRefusal(error);
    });
    who = { kind: 'client', account };
  } else if (signedIn) {
    who = { kind: 'member', user: (await getAccount()).user };
  }

  let savedEstimate: QuoteStart['savedEstimate'] = null;
  if (initial.savedEstimateId !== null) {
    try {
      const actingFor = initial.customerId === null ? null : { customerId: initial.customerId, isSupport: initial.isSupport };
      savedEstimate = { ok: true, estimate: (await getSavedEstimate(initial.savedEstimateId, actingFor)).estimate };
    } catch (error) {
      savedEstimate = { ok: false, reason: error instanceof ApiRequestError && !error.isNetworkError ? [error.message] : undefined };
    }
  }
  const owner = ownerOf(who, sessionUserId);
  let drafts: QuoteStart['drafts'] = null;
  if (initial.savedEstimateId === null && owner !== null) {
    // Read afresh: the person may have saved on another device since this tab last asked.
    const list = await queryClient.fetchQuery({ ...draftsQueryOptions(owner), staleTime: 0 }).catch(() => null);
    const selected = list !== null ? draftToSelect(list, useDraftStore.getState().currentDraftId) : useDraftStore.getState().currentDraftId;
    // A reload beyond get-started resumes the draft the person was working on.
    const resumes = requested !== null && stepIndex(initial.step) > stepIndex('get-started') && selected !== null;
    drafts = { list, resumed: resumes ? await queryClient.fetchQuery(draftQueryOptions(selected)).catch(() => null) : null };
  }
  return { signedIn, sessionUserId, who, savedEstimate, drafts };
}

/**
 * The quote wizard frame (SPEC §2, §4): the step in ?step=, the progress bar, navigation with the
 * SPEC §8 block reasons, browser back and forward, auto-save, saved estimates, support mode and a
 * broker quoting for a client (`?customerId=` without `support`: the client's account is already
 * there, so the wizard starts at get-started and saves and submits in the client's name).
 */
export default function QuotePage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const query = useMemo(() => parseWizardQuery(Object.fromEntries(searchParams)), [searchParams]);
  const urlStep = searchParams.get('step');

  // The server sends the quote drawn at build time only to a visitor at its bare address
  // (VISITOR_PRERENDERED_PATHS in shared/site-pages.ts): the start is then known, and the first
  // render draws the visitor's first step, as the HTML has it.
  const { pathname } = useLocation();
  const [drawnForAVisitor] = useState(() => drawingPrerenderedPage(pathname));
  const [boot, setBoot] = useState<Boot>(drawnForAVisitor ? { status: 'ready' } : { status: 'loading' });
  const [nav, setNav] = useState<NavigationState>(initialNavigation);
  const [notice, setNotice] = useState<Notice | null>(null);
  const [isAuthenticated, setAuthenticated] = useState(false);
  const [userId, setUserId] = useState<string | null>(null);
  const [support, setSupport] = useState<WizardSupport | null>(null);
  const [client, setClient] = useState<WizardClient | null>(null);
  const [verification, setVerification] = useState<WizardVerification>({ token: null, sentAt: null });
  const enhancedValidation = useUiStore((state) => state.flags.enhancedValidation);
  const draftNotice = useDraftStore((state) => state.notice);
  const canWrite = support === null || support.permissionLevel === 'write';
  const saveNow = useAutoSave({ isAuthenticated, userId, step: nav.currentStep, canWrite });
  // One event per step shown, so the administrators' analytics can count how far quotes get.
  useEffect(() => track(QUOTE_STEP_VIEWED, { step: nav.currentStep }), [nav.currentStep]);

  /**
   * The step this page last wrote into the address. The router applies the write a render later,
   * so until the address shows it, a different step there is stale, not a move by the person.
   */
  const pendingStep = useRef<WizardStep | null>(null);

  /** Writes the step into the address, keeping the support parameters; savedEstimate is used once. */
  const writeStep = useCallback(
    (step: WizardStep, replace: boolean) => {
      pendingStep.current = step;
      setSearchParams(
        (current) => {
          const next = new URLSearchParams(current);
          next.set('step', step);
          next.delete('savedEstimate');
          next.delete('ref');
          return next;
        },
        { replace },
      );
    },
    [setSearchParams],
  );

  /** SPEC §4: a blocked move logs a warning and the person is told why. */
  const refuse = useCallback((reason: string) => {
    console.warn(`Quote wizard: move refused: ${reason}`);
    setNotice({ tone: 'warning', text: reason });
  }, []);

  const stepLeft = useCallback(
    (from: WizardStep, to: WizardStep) => {
      useDraftStore.getState().stepChanged();
      if (shouldSaveOnLeave(from, to, isAuthenticated)) saveNow(to);
      window.scrollTo({ top: 0 });
    },
    [isAuthenticated, saveNow],
  );

  const apply = useCallback(
    (result: NavigationResult, from: NavigationState) => {
      if (!result.decision.allowed) {
        refuse(result.decision.reason);
        return;
      }
      setNotice(null);
      setNav(result.navigation);
      writeStep(result.navigation.currentStep, false);
      stepLeft(from.currentStep, result.navigation.currentStep);
    },
    [refuse, stepLeft, writeStep],
  );

  // ---- Start-up: who is here and their drafts are fetched by one query (fixed at the first render); its answer is then applied once to the stores, and decides which step may open.
  const queryClient = useQueryClient();
  const [startAddress] = useState(() => ({ initial: query, requested: urlStep, referrerCode: searchParams.get('ref') }));
  const start = useQuery({
    queryKey: ['quote-start', startAddress],
    queryFn: () => loadQuoteStart(queryClient, startAddress.initial, startAddress.requested),
    ...(drawnForAVisitor ? { initialData: VISITOR_START } : {}),
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
  });
  const booted = useRef(false);
  useEffect(() => {
    if (booted.current || start.isPending) return;
    booted.current = true;
    if (start.isError) {
      const error = start.error;
      const links = error instanceof ClientQuoteRefused ? error.links : undefined;
      setBoot({ status: 'failed', message: error instanceof Error ? error.message : 'The quote could not be opened.', ...(links ? { links } : {}) });
      return;
    }
    const { initial, requested, referrerCode } = startAddress;
    const { signedIn, who, savedEstimate, drafts } = start.data;
    const owner = ownerOf(who, start.data.sessionUserId);
    // The quote store outlives the page: one left in this tab for someone else (a customer in support
    // mode, another member, a member now signed out) is not carried into this person's quote.
    const held = useQuoteStore.getState();
    const heldOwner = (held.isSupport ? held.supportCustomerId : held.personalDetails.userId) ?? null;
    if ((heldOwner !== null && heldOwner !== owner) || held.isSupport !== (who.kind === 'support')) held.reset();
    const quote = useQuoteStore.getState();
    let startNotice: Notice | null = null;
    let local: LocalQuoteDraft | null = null;
    if (who.kind === 'support') {
      const { customer, permissionLevel } = who.data;
      const name = `${customer.firstName} ${customer.lastName}`.trim() || customer.email;
      setSupport({ customerId: customer.id, customerName: name, permissionLevel });
      // SPEC §6: the customer's data is fetched for the banner, not applied to the quote's state.
      quote.setSupport(customer.id);
    } else if (who.kind === 'client') {
      setClient({ customerId: who.account.id, customerName: who.account.name });
      quote.updatePersonalDetails(personalDetailsFromAccount(who.account));
    } else if (who.kind === 'member') {
      local = readLocalQuoteDraft(localStorage);
      if (local !== null && local.personalDetails.userId === who.user.id) quote.restoreLocalDraft(local);
      quote.updatePersonalDetails(personalDetailsFromAccount(who.user));
    } else if (referrerCode !== null) {
      quote.updatePersonalDetails({ referrerCode });
    }
    setAuthenticated(signedIn);
    setUserId(owner);

    if (initial.savedEstimateId !== null && savedEstimate !== null) {
      if (savedEstimate.ok) {
        const result = reconstructSavedEstimate(savedEstimate.estimate, initial.savedEstimateId);
        if (result.ok) {
          useQuoteStore.getState().loadQuote(result.quote);
          useValidationStore.getState().load(result.quote.validationData);
          if (result.summary !== null) startNotice = { tone: 'warning', text: result.summary, details: result.warnings };
        } else {
          console.warn('Saved estimate could not be rebuilt', result.issues);
          startNotice = { tone: 'error', text: result.error };
        }
      } else {
        startNotice = { tone: 'error', text: DRAFT_MESSAGES.loadSavedEstimateFailed, details: savedEstimate.reason };
      }
    } else if (owner !== null && drafts !== null) {
      if (drafts.list !== null) useDraftStore.getState().listed(drafts.list);
      const loaded = drafts.resumed;
      if (loaded !== null) {
        useDraftStore.getState().opened(loaded);
        useQuoteStore.getState().updatePersonalDetails({ userId: owner });
        // Work the server refused (or never received) was kept in this browser: it wins over the older draft.
        if (localDraftIsNewer(local, { id: loaded.id, lastModified: loaded.quoteData.lastModified }, owner)) {
          useQuoteStore.getState().restoreLocalDraft(local);
          startNotice ??= { tone: 'warning', text: LOCAL_WORK_RESTORED_MESSAGE };
        }
      }
    }

    const target = requested === null ? defaultStep(who.kind, initial.savedEstimateId !== null) : initial.step;
    const reached = reachableStep(target, useQuoteStore.getState(), { enhancedValidation: useUiStore.getState().flags.enhancedValidation });
    if (reached.blockedBy !== null && requested !== null) {
      console.warn(`Quote wizard: cannot open ${target}: ${reached.blockedBy}`);
      startNotice ??= { tone: 'warning', text: reached.blockedBy };
    }
    writeStep(reached.step, true);
    setNotice(startNotice);
    // A quote drawn for a visitor already shows its first step; setting it again would draw the wizard twice.
    if (!drawnForAVisitor) {
      setNav(restoreNavigation({ currentStep: reached.step }));
      setBoot({ status: 'ready' });
    }
  }, [start.isPending, start.isError, start.error, start.data, startAddress, writeStep, drawnForAVisitor]);

  // ---- Browser back and forward (and typed addresses) go through the same rules.
  useEffect(() => {
    if (boot.status !== 'ready') return;
    if (pendingStep.current !== null) {
      if (urlStep === pendingStep.current) pendingStep.current = null;
      return;
    }
    if (urlStep === null || urlStep === nav.currentStep) return;
    const to = parseWizardQuery({ step: urlStep }).step;
    const result = navigate(nav, to, useQuoteStore.getState(), { enhancedValidation });
    if (result.decision.allowed) {
      setNotice(null);
      setNav(result.navigation);
      stepLeft(nav.currentStep, to);
    } else {
      refuse(result.decision.reason);
      writeStep(nav.currentStep, true);
    }
  }, [boot.status, urlStep, nav, enhancedValidation, refuse, stepLeft, writeStep]);

  // ---- The local quote draft, kept only while signed in (SPEC §3).
  useEffect(() => {
    if (boot.status !== 'ready') return undefined;
    const keep = isAuthenticated && support === null && client === null;
    syncLocalQuoteDraft(localStorage, useQuoteStore.getState(), keep);
    return useQuoteStore.subscribe((state) => syncLocalQuoteDraft(localStorage, state, keep));
  }, [boot.status, isAuthenticated, support, client]);

  const signedIn = useCallback((user: AccountUser) => {
    setAuthenticated(true);
    setUserId(user.id);
    useQuoteStore.getState().updatePersonalDetails({ userId: user.id, emailVerified: true });
  }, []);

  const context: WizardContextValue = {
    step: nav.currentStep,
    isAuthenticated,
    userId,
    support,
    client,
    canWrite,
    goNext: () => apply(goForward(nav, useQuoteStore.getState(), { enhancedValidation }), nav),
    goBack: () => apply(goBack(nav, useQuoteStore.getState()), nav),
    resumeAt: (step) => {
      const reached = reachableStep(step, useQuoteStore.getState(), { enhancedValidation });
      const restored = restoreNavigation({ currentStep: reached.step });
      setNav(restored);
      writeStep(reached.step, false);
      stepLeft(nav.currentStep, reached.step);
      setNotice(reached.blockedBy === null ? null : { tone: 'warning', text: reached.blockedBy });
    },
    verification,
    setVerification,
    signedIn,
  };

  if (boot.status === 'loading') {
    return (
      <div className={styles.page}>
        <p className={styles.loading} role="status">
          Opening your quote…
        </p>
      </div>
    );
  }
  if (boot.status === 'failed') {
    return (
      <div className={styles.page}>
        <div className={styles.noticeError} role="alert" data-testid="wizard-refused">
          <p>{boot.message}</p>
          {boot.links !== undefined && (
            <p className={styles.inlineActions}>
              {boot.links.map((link) => (
                <Link key={link.to} className="button" to={link.to}>
                  {link.label}
                </Link>
              ))}
            </p>
          )}
        </div>
      </div>
    );
  }

  return (
    <WizardContext.Provider value={context}>
      <div className={styles.page} data-step={nav.currentStep}>
        <noscript>
          <p className={styles.noticeWarning}>The quote needs JavaScript, which is switched off in this browser. Switch it on to get an estimate, or call us on {siteContent.phone.display}.</p>
        </noscript>
        {support !== null && <SupportBanner support={support} />}
        {client !== null && <ClientBanner client={client} />}
        <ProgressBar step={nav.currentStep} />
        <AutoSaveIndicator />
        {draftNotice !== null && (
          <div className={styles.noticeWarning} role="alert" data-testid="draft-notice">
            <p>{draftNotice}</p>
            <button type="button" className="button" onClick={() => useDraftStore.getState().dismissNotice()}>
              OK
            </button>
          </div>
        )}
        {notice !== null && (
          <div className={notice.tone === 'error' ? styles.noticeError : notice.tone === 'warning' ? styles.noticeWarning : styles.noticeInfo} role="alert" data-testid="wizard-notice">
            <p>{notice.text}</p>
            {notice.details !== undefined && notice.details.length > 0 && (
              <ul>
                {notice.details.map((detail) => (
                  <li key={detail}>{detail}</li>
                ))}
              </ul>
            )}
          </div>
        )}
        <StepView step={nav.currentStep} />
        <WizardModals />
      </div>
    </WizardContext.Provider>
  );
}
