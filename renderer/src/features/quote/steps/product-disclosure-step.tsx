import { MEMBERSHIP_FEE } from '@shared/constants';
import { DISCLOSURE_ACKNOWLEDGEMENTS } from '@shared/domain/quote/disclosures';
import { useQuoteStore } from '../stores/quote-store';
import styles from '../quote-wizard.module.css';
import { StepFrame } from './step-frame';

/** Whether every statement is accepted (the submission needs them all). */
export function useDisclosuresAccepted(): boolean {
  const acknowledgments = useQuoteStore((state) => state.personalDetails.disclosureAcknowledgments);
  return DISCLOSURE_ACKNOWLEDGEMENTS.every((item) => acknowledgments[item.key]?.accepted === true);
}

/** The statements to tick, each kept with the time it was ticked. */
export function DisclosureChecklist() {
  const acknowledgments = useQuoteStore((state) => state.personalDetails.disclosureAcknowledgments);
  const toggle = (key: string, accepted: boolean) => {
    const current = useQuoteStore.getState().personalDetails.disclosureAcknowledgments;
    useQuoteStore.getState().updatePersonalDetails({ disclosureAcknowledgments: { ...current, [key]: { accepted, acknowledgedAt: new Date().toISOString() } } });
  };
  return (
    <fieldset className={styles.fieldset}>
      <legend>Please confirm each of these</legend>
      {DISCLOSURE_ACKNOWLEDGEMENTS.map((item) => (
        <label key={item.key} className={styles.checkbox}>
          <input type="checkbox" name={item.key} checked={acknowledgments[item.key]?.accepted === true} onChange={(event) => toggle(item.key, event.target.checked)} />
          <span>{item.text}</span>
        </label>
      ))}
    </fieldset>
  );
}

/** Step 4: the Product Disclosure Statement summary and the acknowledgements, each kept with its time. */
export function ProductDisclosureStep() {
  const allAccepted = useDisclosuresAccepted();

  return (
    <StepFrame continueDisabled={!allAccepted} intro={<p>Please read this summary of how protection works before you ask for a quote.</p>}>
      <section className={styles.document} aria-label="Product Disclosure Statement summary" tabIndex={0}>
        <h2>Product Disclosure Statement — summary</h2>
        <h3>Who we are</h3>
        <p>
          Grain Growers Mutual is a discretionary mutual owned by its farmer members in Western Australia. Members pool their contributions to protect one another’s standing grain crops. The mutual is not an
          insurer and this product is not insurance.
        </p>
        <h3>What is protected</h3>
        <ul>
          <li>Hail damage to standing crops in the paddocks you list.</li>
          <li>Fire and lightning damage to standing crops in the paddocks you list.</li>
          <li>You can choose hail, fire and lightning, or both.</li>
        </ul>
        <h3>How claims work</h3>
        <p>
          Claims are decided by the board under the mutual’s rules. Because the protection is discretionary, there is no legal right to have a claim paid, but every claim is considered in good faith and on the
          same rules for every member.
        </p>
        <h3>What it costs</h3>
        <p>
          You pay a contribution worked out from your crops, areas, expected yield, price and the hurdle you choose, plus a membership fee of ${MEMBERSHIP_FEE}. Your estimate shows each part before you decide.
        </p>
        <h3>Hurdles</h3>
        <p>A hurdle is the share of a crop’s value you carry yourself before a claim is paid. A higher hurdle lowers your contribution. Some crops have a minimum hurdle.</p>
        <h3>Your information</h3>
        <p>
          We use your details to prepare your quote and run your membership, as our privacy policy explains. The full statement and the mutual’s rules are on the{' '}
          <a href="/corporate-documents" target="_blank" rel="noreferrer">
            corporate documents
          </a>{' '}
          page.
        </p>
      </section>
      <DisclosureChecklist />
      {!allAccepted && <p className={styles.hint}>Tick every statement to continue.</p>}
    </StepFrame>
  );
}
