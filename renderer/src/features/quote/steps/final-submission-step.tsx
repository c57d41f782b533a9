import { useRef, useState } from 'react';
import { COVERAGE_TYPE_DESCRIPTIONS } from '@shared/constants';
import { estimateSchema } from '@shared/contracts/pricing';
import { CALLBACK_FAILED_MESSAGE, QUOTE_SUBMISSION_PAYLOAD_REQUIRED_MESSAGE, type CallbackRequest } from '@shared/contracts/protection';
import { checkQuoteReady } from '@shared/domain/quote/readiness';
import { effectiveArea } from '@shared/domain/geo/paddock-area';
import { cropName } from '@shared/domain/pricing/crop-name';
import { resolveSectionCropInputs } from '@shared/domain/quote/validation';
import { formatDate, formatHectares, formatMoney, formatPercent, formatTonnes } from '@shared/format';
import { ApiRequestError } from '../../../lib/api-client';
import { useUpdateDraftStatus } from '../api/update-draft-status';
import { useDraftStore } from '../stores/draft-store';
import { useQuoteStore } from '../stores/quote-store';
import { useUiStore } from '../../../stores/ui-store';
import { pricedSections } from '../calculator';
import { useRequestCallback } from '../api/request-callback';
import { useSubmitProtection } from '../api/submit-protection';
import styles from '../pricing-steps.module.css';
import wizardStyles from '../quote-wizard.module.css';
import { STEP_TITLES } from '../step-titles';
import { useWizard } from '../wizard-context';
import { ESTIMATE_OPTIONS } from './estimate-display-step';
import { DisclosureChecklist, useDisclosuresAccepted } from './product-disclosure-step';
import { StepFrame } from './step-frame';
import { FailureNotice } from '../failure-notice';
import { useSurveyOutstanding } from '../use-survey-outstanding';

const CALLBACK_REASONS = ['Questions about my quote', 'Help with my paddocks or crops', 'Hail netting or irrigated paddocks', 'Something else'] as const;
const TIME_PREFERENCES = ['Morning (8 am to 12 pm)', 'Afternoon (12 pm to 5 pm)', 'Any time', 'A time that suits me'] as const;
const CUSTOM_TIME = TIME_PREFERENCES[3];

/** The server's sentence when it gave one, after the docs/behaviour.md §8 text. */
function failureText(base: string, error: unknown): string {
  return error instanceof ApiRequestError && error.message !== base ? `${base}. ${error.message}` : base;
}

/**
 * Step 9: everything in the quote for a last look, the docs/behaviour.md §5 quote ready check, and the two ways
 * on: submit (POST /api/protection, then the success step) or ask for a call (POST
 * /api/callbacks/request, kept as coverage.callbackSubmission).
 */
export function FinalSubmissionStep() {
  const wizard = useWizard();
  const quote = useQuoteStore();
  const readiness = checkQuoteReady(quote);
  const [submitError, setSubmitError] = useState<string | null>(null);
  const selected = quote.estimates.selectedCoverageType;
  const estimate = selected === undefined ? null : (estimateSchema.safeParse(quote.estimates[selected]).data ?? null);
  const surveyOutstanding = useSurveyOutstanding();
  const callbackFirst = quote.coverage.selectedOption === 'callback';
  const disclosuresAccepted = useDisclosuresAccepted();
  // Asked here when the quote started past the disclosure step (a signed-in member, a broker); it stays while ticked.
  const [askDisclosures] = useState(!disclosuresAccepted);
  const forClient = wizard.client;
  // One key per submission attempt, kept across retries: if an answer was lost, the retry gets the
  // application the first request made instead of a second one. A new key only after success.
  const idempotencyKey = useRef<string | null>(null);
  const finishDraft = useUpdateDraftStatus(wizard.userId ?? '');
  const submitApplication = useSubmitProtection();

  const submit = async () => {
    const store = useQuoteStore.getState();
    setSubmitError(null);
    store.setLoading('submission', true);
    idempotencyKey.current ??= crypto.randomUUID();
    try {
      const { application } = await submitApplication.mutateAsync({ quote: store, idempotencyKey: idempotencyKey.current });
      idempotencyKey.current = null;
      store.setQuoteId(application.reference);
      store.setStatus('submitted');
      // The draft is finished: it is no longer offered for resuming.
      const draftId = useDraftStore.getState().workingDraft?.id;
      if (draftId !== undefined) finishDraft.mutate({ id: draftId, status: 'COMPLETED' });
      wizard.goNext();
    } catch (error) {
      console.error('Quote submission failed', error);
      setSubmitError(error instanceof Error && error.message === QUOTE_SUBMISSION_PAYLOAD_REQUIRED_MESSAGE ? error.message : failureText('Your application could not be submitted', error));
    } finally {
      useQuoteStore.getState().setLoading('submission', false);
    }
  };

  const submitPanel = (
    <section className={styles.savePanel} aria-labelledby="submit-title" key="submit">
      <h2 id="submit-title">{forClient === null ? 'Submit your application' : `Submit the application of ${forClient.customerName}`}</h2>
      <p>
        {forClient === null
          ? 'We check your application, e-mail you a confirmation and contact you if anything needs a closer look.'
          : 'The application is made in your client’s name: we check it, e-mail them a confirmation and contact them if anything needs a closer look.'}
      </p>
      {askDisclosures && (
        <section className={wizardStyles.panel} aria-labelledby="disclosures-title" data-testid="submit-disclosures">
          <h3 id="disclosures-title">Product Disclosure Statement</h3>
          <p>
            {forClient === null ? 'Before you apply, please confirm that you have read the ' : `Confirm these for ${forClient.customerName}: they have been given the `}
            <a href="/corporate-documents" target="_blank" rel="noreferrer">
              Product Disclosure Statement
            </a>{' '}
            and agree to each statement.
          </p>
          <DisclosureChecklist />
        </section>
      )}
      {!wizard.canWrite ? (
        <p className={wizardStyles.noticeWarning}>Support mode at read level: this quote cannot be submitted from here.</p>
      ) : (
        <button type="button" className="button button-primary" disabled={!readiness.isReady || !disclosuresAccepted || quote.loading.submission} onClick={() => void submit()}>
          {quote.loading.submission ? 'Submitting…' : 'Submit my application'}
        </button>
      )}
      {submitError !== null && (
        <div className={wizardStyles.noticeError} role="alert" data-testid="submit-error">
          <p>{submitError}</p>
        </div>
      )}
    </section>
  );
  const callbackPanel = <CallbackRequestPanel key="callback" />;

  return (
    <StepFrame hideContinue intro={<p>Check your quote before it goes to the mutual.</p>}>
      <QuoteReview />
      {readiness.isReady ? (
        !surveyOutstanding && (
          <p className={wizardStyles.noticeInfo} data-testid="quote-ready">
            Your quote has everything it needs.
          </p>
        )
      ) : (
        <section className={wizardStyles.noticeWarning} aria-labelledby="still-needed" data-testid="quote-not-ready">
          <h2 id="still-needed" className={styles.noticeTitle}>
            Still needed
          </h2>
          <ul>
            {readiness.missing.map((gap) => (
              <li key={gap.part}>
                {gap.message} <span className={styles.muted}>({STEP_TITLES[gap.step]})</span>
              </li>
            ))}
          </ul>
          <button type="button" className="button" onClick={() => useUiStore.getState().openModal('validation')}>
            Check my quote
          </button>
        </section>
      )}
      {surveyOutstanding && <SurveyReminder />}
      {estimate !== null && (
        <p className={styles.payable}>
          {COVERAGE_TYPE_DESCRIPTIONS[estimate.coverageDetails.coverageType]}: total payable <strong data-testid="review-total">{formatMoney(estimate.totalPayable)}</strong>
        </p>
      )}
      {callbackFirst ? [callbackPanel, submitPanel] : [submitPanel, callbackPanel]}
    </StepFrame>
  );
}

/** What happens to an application with fire cover sent without the survey. */
export const SURVEY_SKIPPED_MESSAGE =
  'You can submit without it: we will then ask you the same questions by phone before the board decides on your fire and lightning protection, which can take a few more days.';

/** Fire cover without the survey: a reminder with the button, not a block, saying what skipping it means; the step then never says the quote is complete. */
function SurveyReminder() {
  return (
    <div className={wizardStyles.noticeWarning} data-testid="survey-reminder">
      <p>Fire and lightning protection: please answer the fire risk survey before you submit.</p>
      <p>{SURVEY_SKIPPED_MESSAGE}</p>
      <button type="button" className="button" onClick={() => useUiStore.getState().openModal('fireRiskSurvey')}>
        Answer the fire risk survey
      </button>
    </div>
  );
}

/** Everything the quote holds, grouped as the wizard collected it. */
function QuoteReview() {
  const quote = useQuoteStore();
  const { personalDetails: person, farmData } = quote;
  const sections = pricedSections(farmData.paddockSections);
  const total = sections.reduce((sum, section) => sum + effectiveArea(section), 0);
  const option = ESTIMATE_OPTIONS.find((item) => item.value === quote.coverage.selectedOption)?.label;
  return (
    <div className={styles.review} data-testid="quote-review">
      <section aria-labelledby="review-you">
        <h2 id="review-you">You</h2>
        <dl className={styles.facts}>
          <div>
            <dt>Name</dt>
            <dd>
              {person.firstName} {person.lastName}
            </dd>
          </div>
          <div>
            <dt>E-mail</dt>
            <dd>{person.email}</dd>
          </div>
          <div>
            <dt>Phone</dt>
            <dd>{person.phone || '—'}</dd>
          </div>
          <div>
            <dt>Postal address</dt>
            <dd>{person.address || '—'}</dd>
          </div>
          {person.businessName !== '' && (
            <div>
              <dt>Business</dt>
              <dd>
                {person.businessName}
                {person.abn !== '' ? `, ABN ${person.abn}` : ''}
              </dd>
            </div>
          )}
        </dl>
      </section>
      <section aria-labelledby="review-farm">
        <h2 id="review-farm">Farm</h2>
        <dl className={styles.facts}>
          <div>
            <dt>Farm</dt>
            <dd>{farmData.farmLocation?.label ?? (farmData.address || '—')}</dd>
          </div>
          <div>
            <dt>Risk zone</dt>
            <dd>{farmData.zone ?? 'Not found yet'}</dd>
          </div>
          <div>
            <dt>Paddocks protected</dt>
            <dd>
              {sections.length}, {formatHectares(total)}
            </dd>
          </div>
        </dl>
        <ul className={styles.reviewPaddocks}>
          {sections.map((section) => {
            const inputs = resolveSectionCropInputs(section, quote);
            const figures =
              inputs.expectedYield !== undefined && inputs.pricePerTonne !== undefined
                ? `${formatTonnes(inputs.expectedYield)}/ha at ${formatMoney(inputs.pricePerTonne)}/t, ${formatPercent(inputs.hurdlePercentage ?? 0)} hurdle`
                : 'figures missing';
            return (
              <li key={section.id} data-testid="review-paddock">
                <strong>{section.name || 'Unnamed paddock'}</strong> ({formatHectares(effectiveArea(section))}): {section.crop ? cropName(section.crop) : 'no crop'}
                {section.variety !== undefined ? ` (${section.variety})` : ''}, {figures}
                {section.plantingDate !== undefined ? `; sown ${formatDate(section.plantingDate)}` : ''}
                {section.harvestDate !== undefined ? `; harvest ${formatDate(section.harvestDate)}` : ''}
                {section.podguardApplied ? '; podguard' : ''}
                {section.swathApplied ? '; swathed' : ''}
              </li>
            );
          })}
        </ul>
      </section>
      <section aria-labelledby="review-cover">
        <h2 id="review-cover">Protection</h2>
        <dl className={styles.facts}>
          <div>
            <dt>Cover</dt>
            <dd>{quote.estimates.selectedCoverageType === undefined ? 'Not chosen' : COVERAGE_TYPE_DESCRIPTIONS[quote.estimates.selectedCoverageType]}</dd>
          </div>
          <div>
            <dt>Next</dt>
            <dd>{option ?? 'Not chosen'}</dd>
          </div>
          <div>
            <dt>Fire risk survey</dt>
            <dd>{quote.personalDetails.hasCompletedSurvey ? 'Answered' : 'Not answered'}</dd>
          </div>
        </dl>
      </section>
    </div>
  );
}

/** POST /api/callbacks/request with the docs/behaviour.md §7 body; success is kept as coverage.callbackSubmission (status submitted). */
function CallbackRequestPanel() {
  const quote = useQuoteStore();
  const submission = quote.coverage.callbackSubmission;
  const details = quote.coverage.callbackDetails;
  const [reason, setReason] = useState<string>(details?.reason ?? CALLBACK_REASONS[0]);
  const [timePreference, setTimePreference] = useState<string>(details?.timePreference ?? TIME_PREFERENCES[2]);
  const [customTime, setCustomTime] = useState(details?.customTime ?? '');
  const [description, setDescription] = useState(details?.description ?? '');
  const [callbackFailure, setFailure] = useState<{ failure: unknown } | null>(null);
  const callback = useRequestCallback();

  const send = async () => {
    const { personalDetails: person, estimates } = useQuoteStore.getState();
    const selected = estimates.selectedCoverageType;
    const estimate = selected === undefined ? undefined : estimates[selected];
    const body: CallbackRequest = {
      reason,
      timePreference,
      customTime: timePreference === CUSTOM_TIME ? customTime.trim() : null,
      description: description.trim() === '' ? null : description.trim(),
      userInfo: { email: person.email, firstName: person.firstName, lastName: person.lastName, phone: person.phone },
      estimateData: estimate === undefined ? null : { premium: estimate.premium ?? null, insuredValue: estimate.insuredValue ?? null, coverageType: selected ?? null, coveredArea: estimate.coveredArea ?? null },
    };
    setFailure(null);
    try {
      const answer = await callback.mutateAsync(body);
      if (!answer.success) throw new Error(answer.error);
      useQuoteStore.getState().updateCoverage({
        callbackDetails: { reason, timePreference, ...(body.customTime ? { customTime: body.customTime } : {}), ...(body.description ? { description: body.description } : {}) },
        callbackSubmission: { status: 'submitted', submittedAt: answer.submittedAt, id: answer.id },
      });
    } catch (failure) {
      console.error(CALLBACK_FAILED_MESSAGE, failure);
      setFailure({ failure });
    }
  };

  if (submission?.status === 'submitted') {
    return (
      <section className={styles.savePanel} aria-labelledby="callback-title" data-testid="callback-done">
        <h2 id="callback-title">Callback requested</h2>
        <p role="status">
          Thank you. We will call you on {quote.personalDetails.phone || 'the number you gave us'}, {timePreference === CUSTOM_TIME && customTime ? customTime : timePreference.toLowerCase()}.
        </p>
      </section>
    );
  }
  return (
    // A group, not a form: the step around it is the form (forms cannot nest).
    <section className={styles.savePanel} aria-labelledby="callback-title" data-testid="callback-form">
      <h2 id="callback-title">Ask us to call you</h2>
      <p>Talk it through with our team before you decide. We call you about this estimate.</p>
      <div className={styles.figuresGrid}>
        <div className={wizardStyles.field}>
          <label htmlFor="callback-reason">What is it about?</label>
          <select id="callback-reason" value={reason} onChange={(event) => setReason(event.target.value)}>
            {CALLBACK_REASONS.map((item) => (
              <option key={item}>{item}</option>
            ))}
          </select>
        </div>
        <div className={wizardStyles.field}>
          <label htmlFor="callback-time">When suits you?</label>
          <select id="callback-time" value={timePreference} onChange={(event) => setTimePreference(event.target.value)}>
            {TIME_PREFERENCES.map((item) => (
              <option key={item}>{item}</option>
            ))}
          </select>
        </div>
      </div>
      {timePreference === CUSTOM_TIME && (
        <div className={wizardStyles.field}>
          <label htmlFor="callback-custom-time">Your time</label>
          <input id="callback-custom-time" value={customTime} placeholder="e.g. Tuesday after 4 pm" onChange={(event) => setCustomTime(event.target.value)} />
        </div>
      )}
      <div className={wizardStyles.field}>
        <label htmlFor="callback-description">Anything we should know? (optional)</label>
        <textarea id="callback-description" className={styles.notes} rows={3} value={description} onChange={(event) => setDescription(event.target.value)} />
      </div>
      <button type="button" className="button" disabled={callback.isPending} onClick={() => void send()}>
        {callback.isPending ? 'Sending…' : 'Request a callback'}
      </button>
      {callbackFailure !== null && <FailureNotice message={CALLBACK_FAILED_MESSAGE} failure={callbackFailure.failure} testId="callback-error" />}
    </section>
  );
}
