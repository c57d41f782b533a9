import { useEffect, useRef, type ReactNode } from 'react';
import { checkQuoteReady } from '@shared/domain/quote/readiness';
import { useQuoteStore } from '../../../stores/quote-store';
import { useUiStore, type ModalName } from '../../../stores/ui-store';
import styles from '../quote-wizard.module.css';

/** A native modal dialog: focus is trapped and Escape closes it, as browsers do for showModal(). */
function Modal({ name, title, children }: { name: ModalName; title: string; children: ReactNode }) {
  const open = useUiStore((state) => state.modals[name]);
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);
  const close = () => useUiStore.getState().closeModal(name);
  return (
    <dialog ref={ref} className={styles.modal} aria-labelledby={`${name}-title`} onClose={close} data-testid={`modal-${name}`}>
      <h2 id={`${name}-title`}>{title}</h2>
      {children}
      <div className={styles.actions}>
        <button type="button" className="button button-primary" onClick={close}>
          Close
        </button>
      </div>
    </dialog>
  );
}

function ValidationSummary() {
  const quote = useQuoteStore();
  const readiness = checkQuoteReady(quote);
  const { global } = quote.validationData;
  return (
    <>
      <p>
        Crop details complete for {global.completedSections} of {global.totalSections} paddock sections ({global.completionRate}%); details entered for{' '}
        {global.userEnteredRate}%.
      </p>
      {global.errors.length > 0 && (
        <>
          <h3>To correct</h3>
          <ul>
            {global.errors.map((error) => (
              <li key={error}>{error}</li>
            ))}
          </ul>
        </>
      )}
      {readiness.isReady ? (
        <p>Your quote has everything it needs.</p>
      ) : (
        <>
          <h3>Still needed</h3>
          <ul>
            {readiness.missing.map((gap) => (
              <li key={gap.part}>{gap.message}</li>
            ))}
          </ul>
        </>
      )}
    </>
  );
}

/** The two wizard modals of SPEC §2, opened through the ui store. */
export function WizardModals() {
  const completed = useQuoteStore((state) => state.personalDetails.hasCompletedSurvey);
  return (
    <>
      <Modal name="validation" title="Check your quote">
        <ValidationSummary />
      </Modal>
      <Modal name="fireRiskSurvey" title="Fire risk survey">
        <p>
          Fire and lightning protection asks a few questions about how you manage fire risk on the farm — firebreaks, machinery and harvest practice. Your answers help the
          mutual look after every member fairly.
        </p>
        <p>{completed ? 'You have completed the survey. Thank you.' : 'You will be asked these questions before you submit a quote that includes fire and lightning.'}</p>
      </Modal>
    </>
  );
}
