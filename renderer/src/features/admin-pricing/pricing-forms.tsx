import type { ReactNode } from 'react';
import type { PricingModel } from '@shared/contracts/pricing';
import { ListError, ListLoading } from '../../components/admin/admin-ui';
import styles from '../../components/admin/admin.module.css';
import { usePricingModel } from './api/get-pricing-model';

/** The stored pricing model (GET /api/admin/pricing), shown once loaded, or why it cannot be. */
export function PricingModelGate({ children }: { children: (model: PricingModel) => ReactNode }) {
  const pricing = usePricingModel();
  if (pricing.isPending) return <ListLoading label="Loading the pricing model…" />;
  if (pricing.isError) return <ListError query={pricing} fallback="The list could not be loaded. Check your connection and try again." />;
  const current = pricing.data;
  if (!current.model) {
    return (
      <ListError
        query={pricing}
        message={`The stored pricing model is not valid, so quotes cannot be priced: ${current.problem ?? 'unknown problem'}. Correct it in the database (docs/pricing.md §7), then try again.`}
      />
    );
  }
  return (
    <>
      <p className={styles.muted}>
        Model version <code>{current.model.version}</code>. A saved change is checked against the whole model, applies to the next quote at once and is recorded in the audit log.
      </p>
      {children(current.model)}
    </>
  );
}
