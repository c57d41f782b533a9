import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import type { AccountUser } from '@shared/contracts/accounts';
import { DRAFT_MESSAGES } from '@shared/contracts/drafts';
import type { SupportCustomerData } from '@shared/contracts/support';
import { QUOTE_STEP_VIEWED } from '@shared/domain/analytics/events';
import { shouldSaveOnLeave } from '@shared/domain/quote/auto-save';
import { goBack, goForward, initialNavigation, navigate, reachableStep, restoreNavigation, type NavigationResult, type NavigationState } from '@shared/domain/quote/navigation';
import { reconstructSavedEstimate } from '@shared/domain/quote/saved-estimate';
import { parseWizardQuery } from '@shared/domain/quote/steps';
import type { WizardStep } from '@shared/contracts/quote-steps';
import { siteContent } from '../../content/site';
import { track } from '../../lib/analytics';
import { drawingPrerenderedPage } from '../../lib/prerendered-page';
import { useUiStore } from '../../stores/ui-store';
import { accountDetailsMissingFrom, personalDetailsFromAccount } from './account-details';
import { QuoteRefused, quoteStartQueryOptions, VISITOR_START, type StartAddress, type StartPerson } from './api/get-quote-start';
import { AutoSaveIndicator } from './components/auto-save-indicator';
import { ClientBanner } from './components/client-banner';
import { ProgressBar } from './components/progress-bar';
import { SupportBanner } from './components/support-banner';
import { WizardModals } from './components/wizard-modals';
import styles from './quote-wizard.module.css';
import { StepView } from './steps/step-view';
import { useDraftStore } from './stores/draft-store';
import { keepLocalQuoteDraft, localDraftIsNewer, readLocalQuoteDraft, useQuoteStore, type LocalQuoteDraft } from './stores/quote-store';
import { useValidationStore } from './stores/validation-store';
import { useAutoSave } from './use-auto-save';
import { WizardContext, type WizardClient, type WizardContextValue, type WizardSupport, type WizardVerification } from './wizard-context';

interface Notice {
  tone: 'info' | 'warning' | 'error';
  text: string;
  details?: string[];
}

const LOCAL_WORK_RESTORED_MESSAGE = 'Changes that could not be saved were kept in this browser and have been put back. They are saved as soon as they fit.';

/**
 * Where the wizard opens when the address names no step: a saved estimate at its estimate; a
 * member, like a visitor, at personal-details with what we know filled in (docs/behaviour.md §2; the account
 * steps they have been through are passed over); someone acting for a member, whose details are the
 * member's own, at get-started with the member's drafts.
 */
function defaultStep(who: StartPerson['kind'], savedEstimate: boolean): WizardStep {
  if (savedEstimate) return 'estimate-display';
  return who === 'support' || who === 'client' ? 'get-started' : 'personal-details';
}

/** The banner's account of a customer in support mode. */
function wizardSupport({ customer, permissionLevel }: SupportCustomerData): WizardSupport {
  return { customerId: customer.id, customerName: `${customer.firstName} ${customer.lastName}`.trim() || customer.email, permissionLevel };
}

/**
 * The quote wizard frame (docs/behaviour.md §2, §4): the step in ?step=, the progress bar, navigation with the
 * docs/behaviour.md §8 block reasons, browser back and forward, auto-save, saved estimates, support mode and a
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

  // ---- Start-up: who is here and their drafts are read by one query (fixed at the first render); its answer is applied once to the stores (below), and decides which step may open.
  const queryClient = useQueryClient();
  const [startAddress] = useState<StartAddress>(() => ({ initial: query, requested: urlStep, referrerCode: searchParams.get('ref') }));
  const start = useQuery({ ...quoteStartQueryOptions(queryClient, startAddress), ...(drawnForAVisitor ? { initialData: VISITOR_START } : {}) });
  const [applied, setApplied] = useState(drawnForAVisitor);
  const [nav, setNav] = useState<NavigationState>(initialNavigation);
  const [notice, setNotice] = useState<Notice | null>(null);
  /** The account made in this quote (the password step), which signs the visitor in. */
  const [registered, setRegistered] = useState<AccountUser | null>(null);
  const [verification, setVerification] = useState<WizardVerification>({ token: null, sentAt: null });
  /** A step has been left since the page opened: the step shown now was reached by a move. */
  const [moved, setMoved] = useState(false);

  const who = start.data?.who;
  const support = useMemo(() => (who?.kind === 'support' ? wizardSupport(who.data) : null), [who]);
  const client = useMemo<WizardClient | null>(() => (who?.kind === 'client' ? { customerId: who.account.id, customerName: who.account.name } : null), [who]);
  // Until the start is applied nobody is signed in as far as saving goes: applying it must not look like the person's change.
  const isAuthenticated = applied && (registered !== null || (start.data?.signedIn ?? false));
  const userId = applied ? (registered?.id ?? start.data?.owner ?? null) : null;
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
          next.delete('draft');
          return next;
        },
        { replace },
      );
    },
    [setSearchParams],
  );

  /** docs/behaviour.md §4: a blocked move logs a warning and the person is told why. */
  const refuse = useCallback((reason: string) => {
    console.warn(`Quote wizard: move refused: ${reason}`);
    setNotice({ tone: 'warning', text: reason });
  }, []);

  const stepLeft = useCallback(
    (from: WizardStep, to: WizardStep) => {
      useDraftStore.getState().stepChanged();
      if (shouldSaveOnLeave(from, to, isAuthenticated)) saveNow(to);
      window.scrollTo({ top: 0 });
      setMoved(true);
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

  const booted = useRef(false);
  useEffect(() => {
    if (booted.current || start.isPending) return;
    booted.current = true;
    if (start.isError) return;
    const { initial, requested, referrerCode } = startAddress;
    const { who: person, owner, savedEstimate, drafts } = start.data;
    // The quote store outlives the page: one left in this tab for someone else (a customer in support
    // mode, another member, a member now signed out) is not carried into this person's quote.
    const held = useQuoteStore.getState();
    const heldOwner = (held.isSupport ? held.supportCustomerId : held.personalDetails.userId) ?? null;
    if ((heldOwner !== null && heldOwner !== owner) || held.isSupport !== (person.kind === 'support')) held.reset();
    const quote = useQuoteStore.getState();
    let startNotice: Notice | null = null;
    let local: LocalQuoteDraft | null = null;
    if (person.kind === 'support') {
      // docs/behaviour.md §6: the customer's data is fetched for the banner, not applied to the quote's state.
      quote.setSupport(person.data.customer.id);
    } else if (person.kind === 'client') {
      quote.updatePersonalDetails(personalDetailsFromAccount(person.account));
    } else if (person.kind === 'member') {
      local = readLocalQuoteDraft(localStorage);
      if (local !== null && local.personalDetails.userId === person.user.id) quote.restoreLocalDraft(local);
      quote.updatePersonalDetails(personalDetailsFromAccount(person.user));
    } else if (referrerCode !== null) {
      quote.updatePersonalDetails({ referrerCode });
    }

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
      // A renewal's link or a reload naming a draft that is gone (deleted, or another person's): said, and the wizard opens without it.
      if (drafts.resumeFailed !== null) startNotice = { tone: 'error', text: DRAFT_MESSAGES.loadDraftFailed, details: drafts.resumeFailed.reason };
      const loaded = drafts.resumed;
      if (loaded !== null) {
        useDraftStore.getState().opened(loaded);
        const account = person.kind === 'member' ? personalDetailsFromAccount(person.user) : person.kind === 'client' ? personalDetailsFromAccount(person.account) : {};
        useQuoteStore.getState().updatePersonalDetails({ ...accountDetailsMissingFrom(useQuoteStore.getState().personalDetails, account), userId: owner });
        // Work the server refused (or never received) was kept in this browser: it wins over the older draft.
        if (localDraftIsNewer(local, { id: loaded.id, lastModified: loaded.quoteData.lastModified }, owner)) {
          useQuoteStore.getState().restoreLocalDraft(local);
          startNotice ??= { tone: 'warning', text: LOCAL_WORK_RESTORED_MESSAGE };
        }
      }
    }

    const target = requested === null ? defaultStep(person.kind, initial.savedEstimateId !== null) : initial.step;
    const reached = reachableStep(target, useQuoteStore.getState(), { enhancedValidation: useUiStore.getState().flags.enhancedValidation });
    if (reached.blockedBy !== null && requested !== null) {
      console.warn(`Quote wizard: cannot open ${target}: ${reached.blockedBy}`);
      startNotice ??= { tone: 'warning', text: reached.blockedBy };
    }
    writeStep(reached.step, true);
    setNotice(startNotice);
    // A quote drawn for a visitor already shows its first step; setting it again would draw the wizard twice.
    if (!drawnForAVisitor) setNav(restoreNavigation({ currentStep: reached.step }));
    setApplied(true);
  }, [start.isPending, start.isError, start.data, startAddress, writeStep, drawnForAVisitor]);

  // ---- Browser back and forward (and typed addresses) go through the same rules.
  useEffect(() => {
    if (!applied) return;
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
  }, [applied, urlStep, nav, enhancedValidation, refuse, stepLeft, writeStep]);

  // ---- The local quote draft, kept only while signed in (docs/behaviour.md §3).
  useEffect(() => {
    if (!applied) return undefined;
    return keepLocalQuoteDraft(localStorage, isAuthenticated && support === null && client === null);
  }, [applied, isAuthenticated, support, client]);

  const signedIn = useCallback((user: AccountUser) => {
    setRegistered(user);
    useQuoteStore.getState().updatePersonalDetails({ userId: user.id, emailVerified: true });
  }, []);

  const context: WizardContextValue = {
    step: nav.currentStep,
    arrivedByMove: moved,
    isAuthenticated,
    userId,
    support,
    client,
    canWrite,
    goNext: () => apply(goForward(nav, useQuoteStore.getState(), { enhancedValidation }), nav),
    goBack: () => apply(goBack(nav, useQuoteStore.getState()), nav),
    goBackTo: (step) => apply(navigate(nav, step, useQuoteStore.getState(), { enhancedValidation }), nav),
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

  if (start.isError) {
    const refused = start.error instanceof QuoteRefused ? start.error : null;
    return (
      <div className={styles.page}>
        <div className={styles.noticeError} role="alert" data-testid="wizard-refused">
          <p>{start.error instanceof Error ? start.error.message : 'The quote could not be opened.'}</p>
          {refused !== null && refused.links.length > 0 && (
            <p className={styles.inlineActions}>
              {refused.links.map((link) => (
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
  if (!applied) {
    return (
      <div className={styles.page}>
        <p className={styles.loading} role="status">
          Opening your quote…
        </p>
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
