/**
 * A renewal's estimate beside last season's (docs/seasons.md 'What changed since'): what changed,
 * said plainly (zone, cover, the mutual's rates, paddocks no longer cropped, sown to something else
 * or new), and what each season's value protected and total payable come to.
 */
import { useQuery } from '@tanstack/react-query';
import type { Estimate } from '@shared/contracts/pricing';
import { type CropRate, NOTHING_CHANGED_SINCE_LAST_SEASON, quoteTerms, renewalChanges } from '@shared/domain/protection/renewal-changes';
import { formatCents, formatHectares, formatMoney } from '@shared/format';
import { failureMessage } from '../../../lib/react-query';
import { renewalBasisQueryOptions } from '../api/get-renewal-basis';
import { useQuoteStore } from '../stores/quote-store';
import styles from '../pricing-steps.module.css';

export function RenewalComparison({ renews, estimate, rates }: { renews: string; estimate: Estimate; rates: readonly CropRate[] }) {
  const basis = useQuery(renewalBasisQueryOptions(renews));
  const sections = useQuoteStore((state) => state.farmData.paddockSections);
  if (basis.isPending) return null;
  if (basis.isError) {
    return (
      <p className={styles.muted} role="status">
        Last season’s protection could not be loaded to compare: {failureMessage(basis.error)}
      </p>
    );
  }
  const last = basis.data;
  const changes = renewalChanges(last, quoteTerms(sections, { zoneCode: estimate.riskZone, coverageType: estimate.coverageDetails.coverageType, rates }));
  return (
    <section className={styles.estimate} aria-labelledby="renewal-comparison-title" data-testid="renewal-comparison">
      <h2 id="renewal-comparison-title">Since your {last.season} protection</h2>
      <p className={styles.muted}>This quote renews {last.reference}.</p>
      {changes.length === 0 ? (
        <p>{NOTHING_CHANGED_SINCE_LAST_SEASON}</p>
      ) : (
        <ul data-testid="renewal-changes">
          {changes.map((change) => (
            <li key={change}>{change}</li>
          ))}
        </ul>
      )}
      <table className={`${styles.breakdown} ${styles.seasonComparison}`}>
        <caption className={styles.srOnly}>Last season’s protection beside this quote</caption>
        <thead>
          <tr>
            <td />
            <th scope="col">{last.season} protection</th>
            <th scope="col">This quote</th>
          </tr>
        </thead>
        <tbody>
          <tr>
            <th scope="row">Area protected</th>
            <td>{formatHectares(last.coveredAreaHa)}</td>
            <td>{formatHectares(estimate.coveredArea)}</td>
          </tr>
          <tr>
            <th scope="row">Value protected</th>
            <td>{formatCents(last.valueProtectedCents)}</td>
            <td>{formatMoney(estimate.insuredValue)}</td>
          </tr>
          <tr>
            <th scope="row">Total payable</th>
            <td>{formatCents(last.totalPayableCents)}</td>
            <td>{formatMoney(estimate.totalPayable)}</td>
          </tr>
        </tbody>
      </table>
    </section>
  );
}
