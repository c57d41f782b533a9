import { useEffect, useRef, type ReactNode } from 'react';
import { useUiStore, type ModalName } from '../../../stores/ui-store';
import { FireRiskSurveyModal } from '../fire-risk-survey';
import { QuoteChecklist } from '../quote-checklist';
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
      {open && children}
      <div className={styles.actions}>
        <button type="button" className="button button-primary" onClick={close}>
          Close
        </button>
      </div>
    </dialog>
  );
}

/** The two wizard modals of docs/behaviour.md §2, opened through the ui store. */
export function WizardModals() {
  return (
    <>
      <Modal name="validation" title="Check your quote">
        <QuoteChecklist />
      </Modal>
      <FireRiskSurveyModal />
    </>
  );
}
