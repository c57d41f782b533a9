import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { COVERAGE_TYPE_DESCRIPTIONS, COVERAGE_TYPES, type CoverageType } from '@shared/constants';
import { estimateSchema, type Estimate } from '@shared/contracts/pricing';
import {
  type EstimateFailure,
  estimateFailureView,
  CROP_VALUE_LABEL,
  LOSS_EXAMPLE_COLUMNS,
  LOSS_EXAMPLE_HEADING,
  LOSS_EXAMPLE_NOTE,
  lossExampleIntro,
  lossExampleRows,
  MONEY_LINE_LABELS,
} from '@shared/domain/estimates';
import type { LossExample } from '@shared/domain/risk/exposure';
import { yieldPriceModeOf } from '@shared/domain/quote/validation';
import { formatHectares, formatMoney } from '@shared/format';
import { QUOTE_ESTIMATE_CALCULATED } from '@shared/domain/analytics/events';
import { track } from '../../../lib/analytics';
import { ApiFileLink } from '../../../lib/api-files';
import { ApiRequestError } from '../../../lib/api-client';
import { useQuoteStore } from '../stores/quote-store';
import { quotePricingInput } from '@shared/domain/pricing/quote-pricing';
import { estimatesQueryOptions } from '../api/price-coverage';
import { estimateView, hurdleComparisonKey, hurdleComparisonView } from '../estimates';
import { estimatePdfPath, useSaveEstimate } from '../api/save-estimate';
import styles from '../pricing-steps.module.css';
import wizardStyles from '../quote-wizard.module.css';
import { actingForCustomerId, useWizard } from '../wizard-context';
import { RenewalComparison } from './renewal-comparison';
import { STEP_TITLES } from '../step-titles';
import { StepFrame } from './step-frame';
import { useDiscountFactors } from '../api/get-discount-factors';

/** What the member wants to do with the estimate: coverage.selectedOption. */
export const ESTIMATE_OPTIONS = [
  { value: 'submit', label: 'Submit my application' },
  { value: 'callback', label: 'Ask the mutual to call me first' },
] as const;

/**
 * Why estimates failed, each reason once, and the way on: back to the step that puts it right (a
 * risk zone needs the farm's location), or Try again when asking again may help (the server was away).
 */
function EstimateFailures({ message, failures, allFailed, onRetry }: { message: string; failures: EstimateFailure[]; allFailed: boolean; onRetry: () => void }) {
  const wizard = useWizard();
  const { reasons, fixAt } = estimateFailureView(failures);
  return (
    <div className={allFailed ? wizardStyles.noticeError : wizardStyles.noticeWarning} role="alert" data-testid="estimate-error">
      <p>{message}</p>
      <ul>
        {reasons.map((reason) => (
          <li key={reason}>{reason}</li>
        ))}
      </ul>
      {fixAt === null ? (
        <button type="button" className="button" onClick={onRetry}>
          Try again
        </button>
      ) : (
        <button type="button" className="button" onClick={() => wizard.goBackTo(fixAt)}>
          Back to {STEP_TITLES[fixAt].toLowerCase()}
        </button>
      )}
    </div>
  );
}

/** The estimate of one coverage type in the quote, when it has the full docs/behaviour.md §3 shape. */
function storedEstimate(value: unknown): Estimate | null {
  const parsed = estimateSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

/**
 * Step 8: fire, hail and both priced together (docs/behaviour.md §8: partial results accepted), the selected
 * estimate in full (what the member pays, discounts, canola cap, hurdle comparison), what to do next,
 * saving the estimate and its PDF quote.
 */
export function EstimateDisplayStep() {
  const wizard = useWizard();
  const estimates = useQuoteStore((state) => state.estimates);
  const option = useQuoteStore((state) => state.coverage.selectedOption);
  const comparisons = useQuoteStore((state) => state.coverage.hurdleComparisons);
  const renews = useQuoteStore((state) => state.renewsApplicationId);
  const mode = useQuoteStore((state) => yieldPriceModeOf(state));
  const customerId = actingForCustomerId(wizard);
  // Equipment discounts are only mentioned; a failure is logged by the query and nothing is shown.
  const factors = useDiscountFactors().data ?? [];
  const pricingInput = useQuoteStore((state) => JSON.stringify(quotePricingInput(state)));
  const calculation = useQuery(estimatesQueryOptions(customerId, pricingInput, useQuoteStore.getState));
  const running = calculation.isFetching;
  const run = running ? null : (calculation.data ?? null);

  useEffect(() => {
    useQuoteStore.getState().setLoading('calculation', running);
  }, [running]);

  useEffect(() => {
    if (run === null) return;
    // Figures that no longer match the paddocks must not stay on screen or reach the submission.
    useQuoteStore.getState().setEstimates(run.estimates ?? {}, run.selectedCoverageType);
    useQuoteStore.getState().updateCoverage({ hurdleComparisons: run.comparisons });
    useQuoteStore.getState().setError('estimate', run.message);
    // One event per coverage type priced, for the administrators' quote analytics (docs/admin-analytics.md).
    for (const coverageType of Object.keys(run.estimates ?? {})) track(QUOTE_ESTIMATE_CALCULATED, { coverageType });
  }, [run]);

  const selected = estimates.selectedCoverageType;
  const current = selected === undefined ? null : storedEstimate(estimates[selected]);
  const comparison = selected === undefined ? undefined : comparisons[hurdleComparisonKey(selected, mode)];

  return (
    <StepFrame continueLabel="Continue to review" continueDisabled={running} intro={<p>What protection would cost for the paddocks and crops you entered.</p>}>
      {running && (
        <p role="status" className={styles.muted}>
          Working out your estimate…
        </p>
      )}
      {run?.message != null && <EstimateFailures message={run.message} failures={run.failures} allFailed={run.estimates === null} onRetry={() => void calculation.refetch()} />}

      {run?.estimates != null && (
        <>
          <fieldset className={wizardStyles.fieldset}>
            <legend>Choose your protection</legend>
            <div className={styles.coverageCards}>
              {COVERAGE_TYPES.map((type) => (
                <CoverageChoice key={type} type={type} estimate={storedEstimate(estimates[type])} selected={selected === type} />
              ))}
            </div>
          </fieldset>

          {current !== null && <EstimateDetails estimate={current} />}
          {current !== null && selected !== undefined && renews !== undefined && <RenewalComparison renews={renews} estimate={current} rates={run.rates[selected] ?? []} />}
          {comparison !== undefined && <HurdleComparisonPanel comparison={comparison} />}
          {current !== null && selected !== undefined && run.lossExamples[selected] !== undefined && <LossExamplePanel examples={run.lossExamples[selected]} estimate={current} />}
          {factors.length > 0 && (
            <p className={styles.muted} data-testid="equipment-discounts">
              Hail netting or irrigated paddocks can lower a contribution ({factors.map((factor) => `${factor.name}: ${Math.round(factor.value * 100)}% off the ${factor.peril} part`).join('; ')}). The web quote
              does not include them: ask us to call you if they apply.
            </p>
          )}

          <fieldset className={wizardStyles.fieldset}>
            <legend>What would you like to do next?</legend>
            {ESTIMATE_OPTIONS.map((item) => (
              <label key={item.value} className={wizardStyles.choice}>
                <input type="radio" name="estimate-option" value={item.value} checked={option === item.value} onChange={() => useQuoteStore.getState().setSelectedOption(item.value)} />
                <span>{item.label}</span>
              </label>
            ))}
          </fieldset>

          {wizard.isAuthenticated && wizard.canWrite && <SaveEstimate />}
        </>
      )}
    </StepFrame>
  );
}

function CoverageChoice({ type, estimate, selected }: { type: CoverageType; estimate: Estimate | null; selected: boolean }) {
  const id = `coverage-${type}`;
  return (
    <label className={`${wizardStyles.choice} ${styles.coverageCard}`} data-testid={id}>
      <input
        type="radio"
        name="coverage-type"
        value={type}
        checked={selected}
        disabled={estimate === null}
        aria-describedby={`${id}-figures`}
        onChange={() => useQuoteStore.getState().setSelectedCoverageType(type)}
      />
      <span className={styles.coverageText}>
        <strong>{COVERAGE_TYPE_DESCRIPTIONS[type]}</strong>
        <span id={`${id}-figures`}>
          {estimate === null ? (
            'Could not be priced'
          ) : (
            <>
              {MONEY_LINE_LABELS.contribution} <span data-testid={`${id}-premium`}>{formatMoney(estimate.premium)}</span>
              <br />
              {MONEY_LINE_LABELS.total} <span data-testid={`${id}-total`}>{formatMoney(estimate.totalPayable)}</span>
            </>
          )}
        </span>
      </span>
    </label>
  );
}

function EstimateDetails({ estimate }: { estimate: Estimate }) {
  const view = estimateView(estimate);
  return (
    <section className={styles.estimate} aria-labelledby="estimate-title" data-testid="estimate-details">
      <h2 id="estimate-title">{view.description}</h2>
      <dl className={styles.facts}>
        <div>
          <dt>{CROP_VALUE_LABEL}</dt>
          <dd data-testid="insured-value">{formatMoney(view.insuredValue)}</dd>
        </div>
        <div>
          <dt>Area protected</dt>
          <dd data-testid="covered-area">{formatHectares(view.coveredArea)}</dd>
        </div>
        <div>
          <dt>Paddocks priced</dt>
          <dd>{view.sectionsLine}</dd>
        </div>
        <div>
          <dt>Risk zone</dt>
          <dd data-testid="estimate-zone">{estimate.riskZone}</dd>
        </div>
      </dl>
      <table className={styles.breakdown} data-testid="premium-breakdown">
        <caption>What you would pay</caption>
        <tbody>
          {view.breakdown.map((line) => (
            <tr key={line.key} className={line.total === true ? styles.totalRow : undefined}>
              <th scope="row">{line.label}</th>
              <td>{formatMoney(line.amount)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <h3>Discounts applied</h3>
      {view.discounts.length === 0 ? (
        <p className={styles.muted}>No discounts apply to this quote.</p>
      ) : (
        <ul className={styles.discounts} data-testid="discounts">
          {view.discounts.map((discount) => (
            <li key={discount.name}>
              <span>
                <strong>{discount.name}</strong> <span className={styles.muted}>{discount.description}</span>
              </span>
              <span>−{formatMoney(discount.amount)}</span>
            </li>
          ))}
          <li className={styles.totalRow}>
            <span>Total discount (already in the contribution)</span>
            <span>−{formatMoney(view.totalDiscountAmount)}</span>
          </li>
        </ul>
      )}
      {(view.canolaCap !== null || view.canolaIssues.length > 0) && (
        <div className={wizardStyles.noticeWarning} data-testid="canola">
          {view.canolaCap !== null && <p>{view.canolaCap}</p>}
          {view.canolaIssues.length > 0 && (
            <ul>
              {view.canolaIssues.map((issue) => (
                <li key={issue}>{issue}</li>
              ))}
            </ul>
          )}
        </div>
      )}
    </section>
  );
}

function HurdleComparisonPanel({ comparison }: { comparison: Parameters<typeof hurdleComparisonView>[0] }) {
  const view = hurdleComparisonView(comparison);
  return (
    <section className={styles.estimate} aria-labelledby="hurdle-title" data-testid="hurdle-comparison">
      <h2 id="hurdle-title">What your hurdle does</h2>
      <p>{view.summary}</p>
      <table className={styles.breakdown}>
        <caption className={styles.srOnly}>Contribution and membership fee (ex GST), by hurdle</caption>
        <tbody>
          <tr>
            <th scope="row">With your hurdles</th>
            <td>{formatMoney(view.actualPremium)}</td>
          </tr>
          <tr>
            <th scope="row">With no hurdle</th>
            <td>{formatMoney(view.noHurdlePremium)}</td>
          </tr>
          {view.maxHurdlePremium !== null && (
            <tr>
              <th scope="row">With a 20% hurdle</th>
              <td>{formatMoney(view.maxHurdlePremium)}</td>
            </tr>
          )}
        </tbody>
      </table>
      <p className={styles.muted}>Each figure is the contribution and the membership fee, before GST.</p>
    </section>
  );
}

/** What a loss of 10, 30 and 60 % on every paddock would put before the board, beside what the protection costs (docs/pricing.md). */
function LossExamplePanel({ examples, estimate }: { examples: readonly LossExample[]; estimate: Estimate }) {
  const [lost, ...figures] = LOSS_EXAMPLE_COLUMNS;
  return (
    <section className={styles.estimate} aria-labelledby="loss-example-title" data-testid="loss-example">
      <h2 id="loss-example-title">{LOSS_EXAMPLE_HEADING}</h2>
      <p>{lossExampleIntro(estimate)}</p>
      <table className={`${styles.breakdown} ${styles.lossExample}`}>
        <caption className={styles.srOnly}>{LOSS_EXAMPLE_HEADING}: the loss, what your hurdles carry and what would be put before the board</caption>
        <thead>
          <tr>
            <th scope="col">{lost}</th>
            {figures.map((column) => (
              <th scope="col" key={column}>
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {lossExampleRows(examples).map(([share, ...cells]) => (
            <tr key={share}>
              <th scope="row">{share}</th>
              {cells.map((cell, index) => (
                <td key={index}>{cell}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      <p className={styles.muted}>{LOSS_EXAMPLE_NOTE}</p>
    </section>
  );
}

/** POST /api/estimates (the server re-prices and keeps it), then the link to reopen it and the PDF quote. */
function SaveEstimate() {
  const savedEstimateId = useQuoteStore((state) => state.savedEstimateId);
  const saveEstimate = useSaveEstimate();
  const [status, setStatus] = useState<{ busy: boolean; error: string | null; savedNow: boolean }>({ busy: false, error: null, savedNow: false });

  const save = async () => {
    setStatus({ busy: true, error: null, savedNow: false });
    try {
      const { estimate } = await saveEstimate.mutateAsync(useQuoteStore.getState());
      const store = useQuoteStore.getState();
      store.setSavedEstimateId(estimate.id);
      store.setStatus('saved');
      setStatus({ busy: false, error: null, savedNow: true });
    } catch (error) {
      const reason = error instanceof ApiRequestError ? error.message : 'Please try again.';
      setStatus({ busy: false, error: `The estimate could not be saved. ${reason}`, savedNow: false });
    }
  };

  const reopen = savedEstimateId === undefined ? null : `${window.location.origin}/quote?savedEstimate=${encodeURIComponent(savedEstimateId)}`;
  return (
    <section className={styles.savePanel} aria-labelledby="save-title">
      <h2 id="save-title">Keep this estimate</h2>
      <p>Save it to come back to it later, and download a PDF quote with your paddocks and every figure, for your records or your bank.</p>
      <div className={styles.inlineButtons}>
        <button type="button" className="button" disabled={status.busy} onClick={() => void save()}>
          {status.busy ? 'Saving…' : savedEstimateId === undefined ? 'Save this estimate' : 'Save again with any changes'}
        </button>
        {savedEstimateId !== undefined && (
          <ApiFileLink className="button" path={estimatePdfPath(savedEstimateId)} data-testid="download-pdf">
            Download PDF quote
          </ApiFileLink>
        )}
      </div>
      {status.savedNow && (
        <p role="status" className={styles.savedNote} data-testid="estimate-saved">
          Estimate saved.
        </p>
      )}
      {reopen !== null && (
        <p className={styles.muted}>
          Open it again at <a href={reopen}>{reopen}</a>
        </p>
      )}
      {status.error !== null && (
        <div className={wizardStyles.noticeError} role="alert">
          <p>{status.error}</p>
        </div>
      )}
    </section>
  );
}
